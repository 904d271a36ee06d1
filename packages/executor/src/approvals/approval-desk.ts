import type { Tool, ToolInvocation } from '@toolwright/contracts';
import type { ApprovalStoreV1, PendingApprovalV1 } from '@toolwright/spec';
import type { ApprovalHandler } from '../executed-call.js';
import type { PermissionPolicy } from '../permission/permission-policy.js';
import { parsePermissionRule } from '../permission/permission-rule.js';
import { adaptApprovalStore } from '../specification-version.js';
import { AlwaysAllowList } from './always-allow-list.js';
import { ApprovalError, ApprovalErrorCode } from './approval-error.js';
import { FileApprovalStore } from './file-approval-store.js';
import {
  argumentsHash,
  checkCallMatches,
  checkPendingApproval,
  signPendingApproval,
} from './pending-approval.js';
import { toolFingerprintOf } from './tool-fingerprint.js';

/** Options of {@link ApprovalDesk}. */
export interface ApprovalDeskOptions {
  /** The host's secret (at least 32 bytes): records are signed with it, answers checked with it. */
  readonly key: Uint8Array;
  /** Where records wait (default a {@link FileApprovalStore} in the user's state directory). */
  readonly store?: ApprovalStoreV1;
  /** How long a record can be answered (default 24 hours). */
  readonly ttlMs?: number;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
  /** The state directory the "always allow" answers are kept under (default `userStateDirectory()`). */
  readonly alwaysAllowRoot?: string;
  /**
   * The policy that judges an "always" limited by an `argumentPattern` (see
   * {@link AlwaysAllowScope}); without it such an answer is refused.
   */
  readonly policy?: PermissionPolicy;
}

/**
 * How far an "always" answer reaches: every call of the tool as it is defined now (the default),
 * only calls with the very arguments approved (`sameArgumentsOnly`), or only calls an allow rule
 * for the tool with this specifier would cover (`argumentPattern`: `"docs/**"` for a tool with
 * paths, judged by where they really are; `"npm run test:*"` for a command).
 */
export interface AlwaysAllowScope {
  readonly sameArgumentsOnly?: boolean;
  readonly argumentPattern?: string;
}

/** An approved call, ready to resume: run it with {@link ApprovalDesk.approverFor}. */
export interface ApprovalGrant {
  readonly record: PendingApprovalV1;
  /** The call as the executor takes it: the same id, tool and arguments that asked. */
  readonly call: { readonly id: string; readonly name: string; readonly arguments: unknown };
}

/** What {@link ApprovalDesk.asking} asks a person. */
export interface ApprovalQuestion {
  readonly invocation: ToolInvocation;
  /** Why the call asks; when an "always allow" no longer covers a changed tool, it says so. */
  readonly reason: string;
  readonly toolCallId?: string;
}

/** A person's answer: run this call, run this tool's calls from now on (as defined now), or not. */
export type ApprovalAnswer = 'approve' | 'always' | 'deny';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Approvals as data. One process (the agent) gives its executor `approve: desk.deferring()`: a call
 * that needs approval is saved as a signed record and refused for now, naming the record. Another
 * process, later, lists `pending()`, and `answer`s one: the answer is checked (signature, expiry,
 * not answered before) and claims the record; an approval comes back as a grant, which resumes
 * exactly that call — same id, same tool definition, same arguments — through an executor given
 * `approve: desk.approverFor(grant)`.
 */
export class ApprovalDesk {
  readonly #key: Uint8Array;
  readonly #store: ApprovalStoreV1;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #alwaysAllow: AlwaysAllowList;
  readonly #policy: PermissionPolicy | undefined;

  constructor(options: ApprovalDeskOptions) {
    if (!(options.key instanceof Uint8Array) || options.key.byteLength < 32)
      throw new TypeError(
        'ApprovalDesk key must be a Uint8Array of at least 32 bytes (a random host secret).',
      );
    this.#key = options.key;
    this.#store =
      options.store === undefined
        ? new FileApprovalStore()
        : adaptApprovalStore('ApprovalDesk', options.store);
    this.#ttlMs = options.ttlMs ?? DAY_MS;
    this.#now = options.now ?? Date.now;
    this.#alwaysAllow = new AlwaysAllowList(options.key, options.alwaysAllowRoot);
    this.#policy = options.policy;
  }

  /**
   * An approval handler that saves each call asking for approval as a pending record and refuses
   * it for now; the record's id is in the refusal the model and the host read.
   */
  deferring(lookup: (name: string) => Tool | undefined): ApprovalHandler {
    return async ({ invocation, reason, toolCallId }) => {
      const tool = lookup(invocation.toolName);
      if (tool === undefined || toolCallId === undefined) return false;
      const remembered = this.#alwaysAllowed(tool, invocation, reason);
      if (remembered.allowed) return true;
      const record = await this.request({
        toolCallId,
        tool,
        arguments: invocation.params,
        reason: remembered.reason,
      });
      return { pendingApproval: record.id };
    };
  }

  /**
   * An approval handler that asks a person now (a terminal prompt, a UI) and keeps an `always`
   * answer as the desk's `answer` does: bound to the tool's fingerprint, so a call of a tool that
   * was always allowed runs without asking until its definition changes — then `ask` is called
   * again, with a reason that names the change.
   */
  asking(
    lookup: (name: string) => Tool | undefined,
    ask: (question: ApprovalQuestion) => Promise<ApprovalAnswer>,
  ): ApprovalHandler {
    return async ({ invocation, reason, toolCallId }) => {
      const tool = lookup(invocation.toolName);
      if (tool === undefined) return false;
      const remembered = this.#alwaysAllowed(tool, invocation, reason);
      if (remembered.allowed) return true;
      const answer = await ask({
        invocation,
        reason: remembered.reason,
        ...(toolCallId === undefined ? {} : { toolCallId }),
      });
      if (answer === 'always') {
        const { fingerprint, fromServer } = toolFingerprintOf(tool);
        this.#alwaysAllow.add({
          toolName: tool.name,
          toolFingerprint: fingerprint,
          fingerprintFromServer: fromServer,
        });
      }
      return answer === 'approve' || answer === 'always';
    };
  }

  /**
   * Whether an "always allow" covers this call of `tool`; when not, the reason to ask with — the
   * given one, or, for a tool always allowed under an earlier definition, one naming the change.
   */
  #alwaysAllowed(
    tool: Tool,
    invocation: ToolInvocation,
    reason: string,
  ): { readonly allowed: true } | { readonly allowed: false; readonly reason: string } {
    const remembered = this.#alwaysAllow.entries().filter((entry) => entry.toolName === tool.name);
    if (remembered.length === 0) return { allowed: false, reason };
    const { fingerprint, fromServer } = toolFingerprintOf(tool);
    const hash = argumentsHash(invocation.params);
    const covers = remembered.some(
      (entry) =>
        entry.toolFingerprint === fingerprint &&
        (entry.argumentsHash === undefined || entry.argumentsHash === hash) &&
        // An entry limited by a rule covers nothing without a policy to judge the rule by.
        (entry.rule === undefined || this.#policy?.covers(entry.rule, invocation) === true),
    );
    if (covers) return { allowed: true };
    const changed = remembered.find((entry) => entry.toolFingerprint !== fingerprint);
    if (changed === undefined) return { allowed: false, reason };
    return {
      allowed: false,
      reason: `${reason} ${tool.name} was always allowed, but it changed since (fingerprint ${changed.toolFingerprint.slice(0, 12)} is now ${fingerprint.slice(0, 12)}${fromServer ? '; its MCP server changed the definition' : '; its declaration changed'}), so it asks again.`,
    };
  }

  /** Saves a pending approval for a call and returns its record. */
  async request(request: {
    readonly toolCallId: string;
    readonly tool: Tool;
    readonly arguments: unknown;
    readonly reason: string;
    readonly rule?: string;
  }): Promise<PendingApprovalV1> {
    const record = signPendingApproval(request, this.#key, this.#now(), this.#ttlMs);
    await this.#store.put(record);
    return record;
  }

  /** The records waiting for an answer that this host signed and that have not expired. */
  async pending(): Promise<readonly PendingApprovalV1[]> {
    const now = this.#now();
    const valid: PendingApprovalV1[] = [];
    for (const record of await this.#store.list()) {
      try {
        valid.push(checkPendingApproval(record, this.#key, now));
      } catch {
        // Forged or expired records are not shown; answering one names why it is refused.
      }
    }
    return valid.sort((left, right) => left.createdAt - right.createdAt);
  }

  /**
   * The stored record `id`, as stored — not yet checked: `answer` checks it, so that a forged or
   * expired one is refused with the reason rather than reported missing. `undefined` when there
   * is none (never made, or answered already).
   */
  async find(id: string): Promise<PendingApprovalV1 | undefined> {
    return this.#store.get(id);
  }

  /**
   * Answers `record` (as `pending()` listed it, possibly in another process). Refused with an
   * {@link ApprovalError} when its signature is not this host's (`forged`), it expired
   * (`expired`) or it was answered already (`replayed`). A denial only removes it; an approval
   * returns the grant to resume the call with. `always` also remembers the tool by its
   * fingerprint, within `scope` (see {@link AlwaysAllowScope}): `deferring` and `asking` then
   * allow its calls without asking — until the tool's definition changes, when it asks again and the
   * record's reason names the change.
   */
  async answer(
    record: PendingApprovalV1,
    decision: ApprovalAnswer,
    options: AlwaysAllowScope = {},
  ): Promise<ApprovalGrant | undefined> {
    const checked = checkPendingApproval(record, this.#key, this.#now());
    // Checked before the record is claimed: a bad scope must not use up the answer.
    const rule = decision === 'always' ? this.#scopeRule(checked.toolName, options) : undefined;
    if (!(await this.#store.delete(checked.id)))
      throw new ApprovalError(
        ApprovalErrorCode.Replayed,
        `Approval ${checked.id} for ${checked.toolName} was already answered; an answer counts once.`,
      );
    if (decision === 'deny') return undefined;
    if (decision === 'always')
      this.#alwaysAllow.add({
        toolName: checked.toolName,
        toolFingerprint: checked.toolFingerprint,
        fingerprintFromServer: checked.fingerprintFromServer,
        ...(options.sameArgumentsOnly === true ? { argumentsHash: checked.argumentsHash } : {}),
        ...(rule === undefined ? {} : { rule }),
      });
    return {
      record: checked,
      call: { id: checked.toolCallId, name: checked.toolName, arguments: checked.arguments },
    };
  }

  /** The allow rule an `argumentPattern` stands for, checked; `undefined` without one. */
  #scopeRule(toolName: string, scope: AlwaysAllowScope): string | undefined {
    if (scope.argumentPattern === undefined) return undefined;
    if (scope.sameArgumentsOnly === true)
      throw new TypeError('An "always" answer takes sameArgumentsOnly or argumentPattern, not both.');
    if (this.#policy === undefined)
      throw new TypeError(
        'An "always" answer with an argumentPattern needs ApprovalDesk\'s policy option: the PermissionPolicy that judges the pattern (paths by where they really are).',
      );
    const rule = `${toolName}(${scope.argumentPattern})`;
    // Parses it, or throws invalid_permission_rule naming it and the accepted forms.
    parsePermissionRule(rule, 'allow');
    return rule;
  }

  /**
   * The approval handler that resumes `grant`'s call: it approves that call only, and only while
   * the tool and arguments are the ones approved; for any other call it throws the refusal naming
   * the check that failed (the executor fails that call with it), so nothing else runs on it.
   */
  approverFor(grant: ApprovalGrant, lookup: (name: string) => Tool | undefined): ApprovalHandler {
    let used = false;
    return async ({ invocation, toolCallId }: { invocation: ToolInvocation; toolCallId?: string }) => {
      const tool = lookup(invocation.toolName);
      if (tool === undefined) return false;
      checkCallMatches(grant.record, {
        toolCallId: toolCallId ?? '',
        tool,
        arguments: invocation.params,
      });
      if (used)
        throw new ApprovalError(
          ApprovalErrorCode.Replayed,
          `Approval ${grant.record.id} already resumed its call; an approval counts once.`,
        );
      used = true;
      return true;
    };
  }
}
