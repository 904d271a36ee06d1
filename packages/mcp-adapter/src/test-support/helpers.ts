import type { ExecutionContext } from '@toolwright/contracts';

/** The one polling helper of the workspace's tests (no deadline of its own). */
export { waitFor } from '@toolwright/test-support';
export {
  fixturePath,
  freePort,
  inMemoryServer,
  processExists,
  serverEntry,
  temporaryDirectory,
} from '@toolwright/test-support/mcp';

/** An execution context for calling tools directly. */
export function executionContext(
  sessionId = 'session-a',
  signal: AbortSignal = new AbortController().signal,
): ExecutionContext {
  return { signal, sessionId, workspaceRoot: process.cwd() };
}
