import type { ExecutionContext } from '../execution-context.js';

/**
 * An `ExecutionContext` for running a tool in a test: a live (not aborted) signal, a fixed
 * session id and the current directory as workspace root, each replaceable by `overrides`.
 */
export function createTestExecutionContext(overrides: Partial<ExecutionContext> = {}): ExecutionContext {
  return {
    signal: new AbortController().signal,
    sessionId: 'test-session',
    workspaceRoot: process.cwd(),
    ...overrides,
  } as ExecutionContext;
}
