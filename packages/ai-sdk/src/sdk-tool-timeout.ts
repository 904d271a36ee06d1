import type { ExecutedCall } from '@toolwright/executor';

/**
 * True when the call's signal was aborted by the AI SDK's tool timeout: AI SDK 7's
 * `timeout: { toolMs }` or `timeout: { tools: { <name>Ms } }` of `generateText` / `streamText`
 * aborts the call's `abortSignal` with a `TimeoutError` (the reason `AbortSignal.timeout()`
 * gives), where a user's stop aborts it with an `AbortError` or a reason of the host's own.
 */
export function abortedBySdkTimeout(signal: AbortSignal | undefined): boolean {
  if (signal?.aborted !== true) return false;
  const reason: unknown = signal.reason;
  return (
    typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError'
  );
}

/**
 * A call the executor reports `aborted` because the SDK's tool timeout fired is a `timeout`, as
 * the executor's own `timeoutMs` / `toolTimeoutsMs` would have made it: the model reads that the
 * tool ran out of time (and may try something smaller), not that someone cancelled it. A call
 * that finished anyway (a tool that ignored its signal) keeps its result: it did run.
 */
export function withSdkTimeout(
  executed: ExecutedCall,
  toolName: string,
  signal: AbortSignal | undefined,
): ExecutedCall {
  if (executed.status !== 'aborted' || !abortedBySdkTimeout(signal)) return executed;
  const message = `The tool call "${toolName}" timed out: the AI SDK's tool timeout (timeout.toolMs or timeout.tools.${toolName}Ms) ended it before it finished.`;
  return {
    ...executed,
    status: 'timeout',
    content: message,
    result: { ...executed.result, llmContent: message, error: { type: 'timeout', message } },
  };
}
