import { createHash, randomBytes } from 'node:crypto';
import type { Tool } from '@toolwright/contracts';
import type { PendingApprovalV1 } from '@toolwright/spec';
import { canonicalJson } from '@toolwright/utils';
import { ApprovalError, ApprovalErrorCode } from './approval-error.js';
import { hasHostSignature, hostSignature } from './host-signature.js';
import { toolFingerprintOf } from './tool-fingerprint.js';

/** What a call that asks for approval tells the record. */
export interface ApprovalRequest {
  readonly toolCallId: string;
  readonly tool: Tool;
  /** The call's validated arguments. */
  readonly arguments: unknown;
  readonly reason: string;
  readonly rule?: string;
}

/** The SHA-256 (hex) of arguments in canonical JSON. */
export function argumentsHash(args: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(args ?? null))
    .digest('hex');
}

/** A new record for `request`, signed with `key`, valid for `ttlMs` from `now`. */
export function signPendingApproval(
  request: ApprovalRequest,
  key: Uint8Array,
  now: number,
  ttlMs: number,
): PendingApprovalV1 {
  const { fingerprint, fromServer } = toolFingerprintOf(request.tool);
  const unsigned: Omit<PendingApprovalV1, 'signature'> = {
    specificationVersion: 'v1',
    id: randomBytes(16).toString('hex'),
    toolCallId: request.toolCallId,
    toolName: request.tool.name,
    toolFingerprint: fingerprint,
    fingerprintFromServer: fromServer,
    argumentsHash: argumentsHash(request.arguments),
    arguments: request.arguments,
    reason: request.reason,
    ...(request.rule === undefined ? {} : { rule: request.rule }),
    createdAt: now,
    expiresAt: now + ttlMs,
  };
  return { ...unsigned, signature: hostSignature(unsigned, key) };
}

/**
 * Refuses a record whose signature is not `key`'s, or that expired at `now`; returns it typed.
 * The signature is compared in constant time.
 */
export function checkPendingApproval(value: unknown, key: Uint8Array, now: number): PendingApprovalV1 {
  const record = readRecord(value);
  const { signature, ...unsigned } = record;
  if (!hasHostSignature(unsigned, signature, key))
    throw new ApprovalError(
      ApprovalErrorCode.Forged,
      `Approval ${record.id} is refused: its signature is not this host's (the record was made or changed without the host key).`,
    );
  if (now > record.expiresAt)
    throw new ApprovalError(
      ApprovalErrorCode.Expired,
      `Approval ${record.id} for ${record.toolName} expired at ${new Date(record.expiresAt).toISOString()}; the call must ask again.`,
    );
  return record;
}

/**
 * Refuses resuming `record` as a call of `tool` with `args` when the call is another one: another
 * tool or call id, other arguments, or a tool whose definition changed since it asked.
 */
export function checkCallMatches(
  record: PendingApprovalV1,
  call: { readonly toolCallId: string; readonly tool: Tool; readonly arguments: unknown },
): void {
  if (call.tool.name !== record.toolName || call.toolCallId !== record.toolCallId)
    throw new ApprovalError(
      ApprovalErrorCode.ToolMismatch,
      `Approval ${record.id} is for call ${record.toolCallId} of ${record.toolName}, not call ${call.toolCallId} of ${call.tool.name}.`,
    );
  const now = toolFingerprintOf(call.tool);
  if (now.fingerprint !== record.toolFingerprint)
    throw new ApprovalError(
      ApprovalErrorCode.ToolChanged,
      `Approval ${record.id} is refused: ${record.toolName} changed since the call asked (fingerprint ${short(record.toolFingerprint)} is now ${short(now.fingerprint)}${record.fingerprintFromServer ? '; its MCP server changed the definition' : '; its declaration changed'}).`,
    );
  if (argumentsHash(call.arguments) !== record.argumentsHash)
    throw new ApprovalError(
      ApprovalErrorCode.ArgumentsMismatch,
      `Approval ${record.id} is refused: the call's arguments are not the ones approved.`,
    );
}

function short(fingerprint: string): string {
  return fingerprint.slice(0, 12);
}

const FIELDS: Record<string, 'string' | 'number' | 'boolean'> = {
  id: 'string',
  toolCallId: 'string',
  toolName: 'string',
  toolFingerprint: 'string',
  fingerprintFromServer: 'boolean',
  argumentsHash: 'string',
  reason: 'string',
  createdAt: 'number',
  expiresAt: 'number',
  signature: 'string',
};

function readRecord(value: unknown): PendingApprovalV1 {
  const record = value as Record<string, unknown> | null;
  const problem =
    typeof record !== 'object' || record === null
      ? 'not an object'
      : record.specificationVersion !== 'v1'
        ? `specificationVersion ${JSON.stringify(record.specificationVersion)}, where 'v1' is read`
        : Object.entries(FIELDS).find(([name, type]) => typeof record[name] !== type)?.[0];
  if (problem !== undefined)
    throw new ApprovalError(
      ApprovalErrorCode.InvalidRecord,
      `Not a pending-approval record: ${problem in FIELDS ? `field "${problem}" is missing or not a ${FIELDS[problem]}` : problem}.`,
    );
  return record as unknown as PendingApprovalV1;
}
