import type { ProgressUpdate, Tool, ToolInvocation, ToolResult } from '@toolwright/contracts';
import type { PermissionDecision } from './permission/permission-decision.js';

/** A tool call as the model asked for it. */
export interface ToolCallRequest {
  /** The provider's call id, echoed back with the result. */
  readonly id: string;
  readonly name: string;
  /** Arguments as the model sent them, JSON-decoded; malformed JSON stays a string (the validator reports it). */
  readonly arguments: unknown;
  /**
   * An idempotency key the caller already has for this call (an MCP request's
   * `io.toolwright/idempotencyKey`), given to the tool instead of the one derived from `id` and
   * the arguments, so that one call keeps one key across the hops it takes.
   */
  readonly idempotencyKey?: string;
}

/** The final state of one call. */
export type CallStatus =
  | 'success'
  | 'error'
  | 'denied'
  | 'invalid'
  | 'timeout'
  | 'aborted'
  | 'not_found'
  /** A deferred tool whose schema ToolSearch has not loaded: refused before it was built. */
  | 'not_loaded'
  /** A streamed call whose arguments never completed (the stream ended or failed first). */
  | 'incomplete';

/** One executed call, in the order the model sent it. */
export interface ExecutedCall {
  readonly call: ToolCallRequest;
  /** The model's id of the call (`call.id`), the same the tool saw as `context.toolCallId`. */
  readonly callId: string;
  /**
   * The key the tool saw as `context.idempotencyKey`; absent when the call never got as far as
   * validated arguments (not found, not loaded, invalid).
   */
  readonly idempotencyKey: string | undefined;
  readonly status: CallStatus;
  /** The result as the tool (or the executor, for refusals) produced it. */
  readonly result: ToolResult;
  /** What goes back to the model: text, spilled or with stored images referenced. */
  readonly content: string;
  readonly invocation: ToolInvocation | undefined;
  readonly attempts: number;
  readonly durationMs: number;
  /** Index of the batch it ran in. */
  readonly batch: number;
  readonly spilled: boolean;
  /** True when it started while the model was still streaming its message. */
  readonly preStarted: boolean;
  /**
   * Why a post-tool hook stopped the turn after this call: the host ends the turn here, without
   * sending the results back for another model response. Calls of the turn not yet finished are
   * aborted, with a result that names the stop.
   */
  readonly stopTurn?: string;
  /**
   * Set when the call was refused because its approval was saved to be answered later (the
   * approval handler answered `{ pendingApproval }`): the record's id, for the host to show.
   */
  readonly pendingApproval?: string;
}

/** What a pre-tool hook sees. */
export interface PreToolHookInput {
  readonly call: ToolCallRequest;
  readonly tool: Tool;
  readonly invocation: ToolInvocation;
}

/**
 * A pre-tool hook's answer: nothing (proceed), new params (merged over the current ones; the
 * invocation is rebuilt and validated again, and the permission check sees the new one) or a
 * denial.
 */
export type PreToolHookResult =
  | undefined
  | { readonly params?: Record<string, unknown>; readonly deny?: string };

/** Runs before permission checks; may rewrite params or deny the call. */
export type PreToolHook = (input: PreToolHookInput) => PreToolHookResult | Promise<PreToolHookResult>;

/** What a post-tool hook sees: the call as it ran and its result so far (an earlier hook may have changed it). */
export interface PostToolHookInput {
  readonly call: ToolCallRequest;
  readonly tool: Tool;
  readonly invocation: ToolInvocation;
  /** `success`, or how it failed: `error`, `timeout` or `aborted`. */
  readonly status: Extract<CallStatus, 'success' | 'error' | 'timeout' | 'aborted'>;
  /** The result before spilling: the whole output, which the hook may redact or replace. */
  readonly result: ToolResult;
}

/**
 * A post-tool hook's answer: nothing (keep the result), or any of: `result` replaces the result
 * (a redacted copy, a friendlier failure), `note` adds a text part the model reads after the
 * output, `stopTurn` ends the turn after this call, saying why.
 */
export type PostToolHookResult =
  | undefined
  | { readonly result?: ToolResult; readonly note?: string; readonly stopTurn?: string };

/**
 * Runs after a call that was allowed and started, in order, each seeing the result as the one
 * before left it. It cannot run a call: it sees only calls that already ran.
 */
export type PostToolHook = (input: PostToolHookInput) => PostToolHookResult | Promise<PostToolHookResult>;

/**
 * Asked when a decision is `ask`; resolve true to allow, false to decline, or
 * `{ pendingApproval: id }` when the question was saved to be answered later (the call is refused
 * for now, naming the id). Absent in non-interactive runs.
 */
export type ApprovalHandler = (request: {
  readonly invocation: ToolInvocation;
  readonly reason: string;
  /** The model's id of the call that asks (the request's `id`). */
  readonly toolCallId?: string;
}) => Promise<boolean | { readonly pendingApproval: string }>;

/**
 * Progress events, for a transcript or a UI. Every event of one call carries its `callId` (the
 * model's id, `call.id`), so a host can tie them, the result and its own records together.
 */
export type ExecutorEvent =
  | {
      readonly type: 'batch';
      readonly batch: number;
      /** The ids of `calls`, in order. */
      readonly callIds: readonly string[];
      readonly parallelism: 'shared' | 'exclusive';
      readonly calls: readonly ToolCallRequest[];
    }
  | {
      readonly type: 'call-start';
      readonly callId: string;
      readonly call: ToolCallRequest;
      /** True when the model was still streaming its message. */
      readonly preStarted: boolean;
    }
  | {
      readonly type: 'hook-rewrite';
      readonly callId: string;
      readonly call: ToolCallRequest;
      readonly params: unknown;
    }
  | {
      /** A post-tool hook changed the outcome: replaced the result, added a note or stopped the turn. */
      readonly type: 'post-hook';
      readonly callId: string;
      readonly call: ToolCallRequest;
      readonly replaced: boolean;
      readonly note?: string;
      readonly stopTurn?: string;
    }
  | {
      readonly type: 'permission';
      readonly callId: string;
      readonly call: ToolCallRequest;
      readonly decision: PermissionDecision;
      /** The id of the approval saved for later, when the call waits for one (then denied for now). */
      readonly pendingApproval?: string;
    }
  | {
      readonly type: 'retry';
      readonly callId: string;
      readonly call: ToolCallRequest;
      readonly attempt: number;
      readonly delayMs: number;
      readonly errorCode: string;
    }
  | {
      /**
       * The tool reported progress through `context.onProgress` (every call gets one). An MCP
       * tool's server reports it, and each report also resets that request's timeout.
       */
      readonly type: 'call-progress';
      readonly callId: string;
      readonly call: ToolCallRequest;
      readonly progress: ProgressUpdate;
    }
  | { readonly type: 'call-end'; readonly callId: string; readonly executed: ExecutedCall };
