import { type ToolResult, ToolResults } from '@toolwright/contracts';
import { McpClientError, redactErrorChain, redactSecrets } from '@toolwright/mcp-client';
import { McpAdapterError } from './errors.js';

/**
 * The error result for a call that failed: `aborted` when the caller's signal fired, `timeout`
 * for `timeout`, `not_found` for an unknown server or a task this session does not own,
 * else `execution`. Tool calls report failures as results, never as throws. No credential
 * reaches the result's text (see `redactSecrets`).
 */
export function failureResult(error: unknown, signal: AbortSignal | undefined): ToolResult {
  redactErrorChain(error);
  const code = mcpErrorCode(error);
  if (code === 'aborted') {
    return ToolResults.aborted(error as Error);
  }
  if (signal?.aborted) {
    return ToolResults.aborted(
      `the call was aborted: ${redactSecrets(error instanceof Error ? error.message : String(error))}`,
    );
  }
  if (code === 'timeout') return ToolResults.timeout(error as Error);
  if (code === 'task_not_owned' || code === 'unknown_server') return ToolResults.notFound(error as Error);
  return ToolResults.executionError(error instanceof Error ? error : redactSecrets(String(error)));
}

/**
 * The code of an error of the MCP client (a request that timed out, was aborted, went to an
 * unknown server) or of the adapter (a task this session does not own), else `undefined`.
 */
function mcpErrorCode(error: unknown): string | undefined {
  if (McpClientError.isInstance(error) || McpAdapterError.isInstance(error)) return error.code;
  return undefined;
}
