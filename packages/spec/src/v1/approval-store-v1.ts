/**
 * A call waiting for a person's answer, as data: everything needed to show it, to check an answer
 * given later (in another process, after a restart) against it, and to resume exactly that call.
 * Signed by the host (HMAC-SHA256 over the record's other fields in canonical JSON), so a store
 * cannot be used to forge an approval; the executor's `approvals` module makes and checks them.
 */
export interface PendingApprovalV1 {
  readonly specificationVersion: 'v1';
  /** The record's own id (random); the store keys it by this. */
  readonly id: string;
  /** The model's id of the call (`ExecutionContext.toolCallId`). */
  readonly toolCallId: string;
  readonly toolName: string;
  /**
   * What the tool was when the call asked: the source's fingerprint of an MCP tool's definition,
   * else a hash of the tool's declaration. An answer for a tool that has changed since is refused.
   */
  readonly toolFingerprint: string;
  /** True when the fingerprint is an MCP server's definition of the tool (a change is the server's). */
  readonly fingerprintFromServer: boolean;
  /** SHA-256 (hex) of the call's validated arguments in canonical JSON. */
  readonly argumentsHash: string;
  /** The call's validated arguments, to show the person and to resume the call with. */
  readonly arguments: unknown;
  /** Why it asked: the permission decision's reason. */
  readonly reason: string;
  /** The rule that asked, when one did. */
  readonly rule?: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** Milliseconds since the epoch; an answer after this is refused. */
  readonly expiresAt: number;
  /** HMAC-SHA256 (hex) of the other fields in canonical JSON, under the host's key. */
  readonly signature: string;
}

/** The current version of the pending-approval record: {@link PendingApprovalV1}. */
export type PendingApproval = PendingApprovalV1;

/**
 * Where pending approvals wait: a local directory by default, any shared store (Redis, a
 * database) for a fleet. A record is present while it waits; `delete` is how an answer claims it,
 * so it must report truthfully whether this call removed it (two processes answering at once:
 * only one gets `true`).
 */
export interface ApprovalStoreV1 {
  readonly specificationVersion: 'v1';
  get(id: string): Promise<PendingApprovalV1 | undefined>;
  put(record: PendingApprovalV1): Promise<void>;
  /** Removes the record; true only for the caller that removed it. */
  delete(id: string): Promise<boolean>;
  /** Every record present, in no particular order. */
  list(): Promise<readonly PendingApprovalV1[]>;
}

/** The current version of the approval store interface: {@link ApprovalStoreV1}. */
export type ApprovalStore = ApprovalStoreV1;
