import type { Tool, ToolInvocation } from '@toolwright/contracts';
import type { ToolCallRequest } from './executed-call.js';
import type { JudgedPaths } from './paths/judged-paths.js';
import type { PermissionDecision } from './permission/permission-decision.js';

/**
 * What the permission policy says of a call before it runs (`ToolCallRunner.judge`), for a host
 * whose protocol asks that first: an Agents JS tool's `needsApproval`, which interrupts the run
 * on `ask`. Handed back to `ToolCallRunner.run` as `judgement`, it is that call's permission
 * check, so the policy is not asked twice (see {@link CallOptions.judgement}).
 */
export interface CallJudgement {
  /**
   * The policy's answer; `undefined` when the call could not be judged (no such tool, a deferred
   * tool not loaded, invalid arguments, a callback that threw): the run answers it in its words.
   */
  readonly behavior: PermissionDecision['behavior'] | undefined;
}

/** What the run needs of a judgement to take it as its permission check. */
export interface JudgementRecord {
  readonly call: ToolCallRequest;
  /** The arguments judged, as JSON: the run takes the judgement only for the same arguments. */
  readonly argumentsJson: string;
  readonly tool: Tool;
  readonly invocation: ToolInvocation;
  readonly mode: string;
  readonly nullAsAbsent: boolean;
  readonly decision: PermissionDecision;
  readonly judged: JudgedPaths;
  /** The policy that judged: another runner's judgement is no check of this runner's policy. */
  readonly policy: object;
}

/** Where a judgement keeps its record: not a field of the public type. */
const RECORD = Symbol('toolwright.callJudgement');

/** Whether a run took the judgement already: a judgement is one call's check, taken once. */
const TAKEN = Symbol('toolwright.callJudgementTaken');

type RecordedJudgement = CallJudgement & { readonly [RECORD]?: JudgementRecord; [TAKEN]?: boolean };

/** A judgement the run cannot take (it judges the call again, or answers it without judging). */
export function judgementOnly(behavior: CallJudgement['behavior']): CallJudgement {
  return { behavior };
}

/** A judgement the run takes as its permission check when it is of the same call. */
export function recordedJudgement(record: JudgementRecord): CallJudgement {
  return { behavior: record.decision.behavior, [RECORD]: record, [TAKEN]: false } as RecordedJudgement;
}

/**
 * The record of `judgement` when the run may take it as the permission check of `call`: a
 * judgement of this call id, of this very tool, of the same arguments (as JSON), in the same
 * mode, built the same way (`nullAsAbsent`), by this runner's own policy, and not an `ask` (an approval is asked for when the call runs, after a fresh judgement).
 * Anything else is judged again, so a host that hands the wrong judgement gets only a second check.
 */
export function usableJudgement(
  judgement: CallJudgement | undefined,
  call: ToolCallRequest,
  tool: Tool,
  mode: string,
  nullAsAbsent: boolean,
  policy: object,
): JudgementRecord | undefined {
  const recorded = judgement as RecordedJudgement | undefined;
  const record = recorded?.[RECORD];
  if (recorded === undefined || record === undefined || recorded[TAKEN] === true) return undefined;
  if (record.decision.behavior === 'ask' || record.policy !== policy) return undefined;
  if (record.call.id !== call.id || record.tool !== tool || record.mode !== mode) return undefined;
  if (record.nullAsAbsent !== nullAsAbsent) return undefined;
  if (record.call.idempotencyKey !== call.idempotencyKey) return undefined;
  if (argumentsJson(call.arguments) !== record.argumentsJson) return undefined;
  recorded[TAKEN] = true;
  return record;
}

/**
 * Arguments as JSON, to tell whether two calls carry the same ones; `undefined` for arguments
 * that are not JSON (a cycle, a BigInt), of which no judgement is recorded or taken.
 */
export function argumentsJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return undefined;
  }
}
