import { type ToolResult, ToolResults } from '@toolwright/contracts';
import { redactErrorChain, redactSecrets } from './auth/secret-redaction.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

/**
 * The error result for a call that failed: `aborted` when the caller's signal fired, `timeout`
 * for `timeout`, `not_found` for an unknown server or a task this session does not own,
 * else `execution`. Tool calls report failures as results, never as throws. No credential
 * reaches the result's text (see `redactSecrets`).
 */
export function failureResult(error: unknown, signal: AbortSignal | undefined): ToolResult {
  redactErrorChain(error);
  if (McpAdapterError.isInstance(error) && error.code === McpAdapterErrorCode.Aborted) {
    return ToolResults.aborted(error);
  }
  if (signal?.aborted) {
    return ToolResults.aborted(
      `the call was aborted: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
    );
  }
  if (McpAdapterError.isInstance(error)) {
    if (error.code === McpAdapterErrorCode.Timeout) return ToolResults.timeout(error);
    if (error.code === McpAdapterErrorCode.TaskNotOwned || error.code === McpAdapterErrorCode.UnknownServer) {
      return ToolResults.notFound(error);
    }
  }
  return ToolResults.executionError(error instanceof Error ? error : redactSecrets(String(error)));
}
