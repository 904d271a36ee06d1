import { checkOption, describeRenamedOptionProblem, renamedOptionValue, TIMER_MS } from '@toolwright/utils';
import { invalidOption } from '../invalid-option.js';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';

/** Options of every `close()` here: a session's, a `ToolwrightMcpServer`'s, an HTTP server's. */
export interface McpCloseOptions {
  /** How long running tool calls may take to finish, in ms, before the rest are aborted. */
  graceMs?: number;
  /** @deprecated use `graceMs` (the same value); removed in the next minor. */
  timeoutMs?: number;
}

/** The grace running calls get when a `close()` names none and no `shutdownGraceMs` option is set. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** @deprecated use {@link DEFAULT_SHUTDOWN_GRACE_MS} (the same value); removed in the next minor. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = DEFAULT_SHUTDOWN_GRACE_MS;

/**
 * The grace a `close()` gives running calls: `graceMs`, or its former name `timeoutMs`, or
 * `fallback`. Both names with different values, or a grace that is not a number of ms, throw
 * `invalid_option`: a shutdown that aborted calls at once, or waited forever, would be a surprise.
 */
export function closeGraceMs(owner: string, options: McpCloseOptions, fallback: number): number {
  const problem = describeRenamedOptionProblem(owner, options, 'graceMs', 'timeoutMs');
  if (problem !== undefined) throw new McpServerError(McpServerErrorCode.InvalidOption, problem);
  const graceMs = renamedOptionValue(options, 'graceMs', 'timeoutMs');
  checkOption(owner, 'graceMs', graceMs, TIMER_MS, invalidOption);
  return (graceMs as number | undefined) ?? fallback;
}
