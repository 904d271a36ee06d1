import { ToolCallRunner } from '@toolwright/executor';
import { serverCallContextFields } from '../session/call-fields.js';
import type { McpCallExecutor } from './call-executor.js';
import type { ServedTools } from './served-tools.js';

/** One `tools/call` as the executor takes it. */
export interface McpToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
  /** The call's idempotency key (see {@link requestIdempotencyKey}). */
  readonly idempotencyKey: string;
}

/** What the server reads of an executed call: its result and the repairs made to its arguments. */
export type McpExecutedCall = Awaited<ReturnType<McpCallExecutor['executeBatch']>>[number];

/**
 * Runs one `tools/call` to its executed call: the host's executor (a batch of one) or, without
 * one, the executor's `ToolCallRunner`. Either way the validation message with its code, the
 * refusals, the timeout and abort handling and a tool's failure are the executor's, in its words;
 * the server only translates the outcome into a `CallToolResult`. `undefined` when an executor
 * returned nothing for the call.
 */
export type McpCallRunner = (call: McpToolCall, signal: AbortSignal) => Promise<McpExecutedCall | undefined>;

/** Runs each call through the host's executor, as a batch of one. */
export function executorRunner(executor: McpCallExecutor): McpCallRunner {
  return async (call, signal) => (await executor.executeBatch([call], { signal }))[0];
}

/** What a session's own runner needs of the server. */
export interface DirectRunSettings {
  readonly tools: ServedTools;
  readonly workspaceRoot: string;
  readonly contextFields: Readonly<Record<string, unknown>>;
}

/**
 * The runner of one session without a host's executor: a `ToolCallRunner` with no permission
 * policy, made at the session's first call, when its id is settled (HTTP assigns it at
 * `initialize`); the calls' `sessionId` is the MCP session's. No deferred state: an MCP client
 * saw every schema in `tools/list`, so nothing is "not loaded".
 */
export function sessionRunner(settings: DirectRunSettings, sessionId: () => string): McpCallRunner {
  let runner: ToolCallRunner | undefined;
  return (call, signal) => {
    runner ??= new ToolCallRunner({
      lookup: (name) => settings.tools.find(name),
      sessionId: sessionId(),
      workspaceRoot: settings.workspaceRoot,
      contextFields: serverCallContextFields(settings.contextFields),
    });
    return runner.run(call, { signal });
  };
}
