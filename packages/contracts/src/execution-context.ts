import { ContractsErrorCode, ToolInvocationError } from './errors.js';
import { formatValue } from './format-value.js';

/** A progress report a tool sends while it runs. */
export interface ProgressUpdate {
  readonly message: string;
  readonly progress?: number;
  readonly total?: number;
}

/**
 * What a tool receives from the host when it runs: a signal to stop, the session and workspace
 * it runs for, an optional progress callback, and any fields the host adds for its own tools
 * (an artifact store, a permission broker, ...).
 */
export interface ExecutionContext {
  /** Fires when the call must stop; a tool checks it between steps and passes it to I/O. */
  signal: AbortSignal;
  sessionId: string;
  /** Absolute path of the workspace the agent works in. */
  workspaceRoot: string;
  onProgress?: (progress: ProgressUpdate) => void;
  [hostField: string]: unknown;
}

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
