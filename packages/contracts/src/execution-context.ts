import type { ExecutionContext } from '@toolwright/spec';
import { ContractsErrorCode, ToolInvocationError } from './errors.js';
import { formatValue } from './format-value.js';

export type { ExecutionContext, ProgressUpdate } from '@toolwright/spec';

/**
 * Throws `invalid_execution_context`, naming each missing field, unless `context` has a signal,
 * a session id and a workspace root: a tool must never run without a way to be stopped.
 */
export function assertExecutionContext(
  toolName: string,
  context: unknown,
): asserts context is ExecutionContext {
  const candidate = context as Partial<ExecutionContext> | null | undefined;
  const problems: string[] = [];
  if (typeof candidate !== 'object' || candidate === null) {
    problems.push(`the context is ${formatValue(context)}, not an object`);
  } else {
    if (typeof candidate.signal !== 'object' || typeof candidate.signal?.aborted !== 'boolean') {
      problems.push(`signal is ${formatValue(candidate.signal)}, expected an AbortSignal`);
    }
    if (typeof candidate.sessionId !== 'string') {
      problems.push(`sessionId is ${formatValue(candidate.sessionId)}, expected a string`);
    }
    if (typeof candidate.workspaceRoot !== 'string') {
      problems.push(`workspaceRoot is ${formatValue(candidate.workspaceRoot)}, expected a string`);
    }
  }
  if (problems.length > 0) {
    throw new ToolInvocationError(
      ContractsErrorCode.InvalidExecutionContext,
      toolName,
      `Cannot execute "${toolName}": ${problems.join('; ')}.`,
    );
  }
}
