import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecutionContext } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';

/** The one polling helper of the workspace's tests (no deadline of its own). */
export { waitFor } from '@toolwright/test-support';
export { inMemoryServer } from './in-memory-server.js';

const require = createRequire(import.meta.url);

/** Absolute path of a fixture script in src/test-support/fixtures. */
export function fixturePath(name: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);
}

/** The entry script of an installed MCP server package, from its package.json `bin`. */
export function serverEntry(packageName: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = require(manifestPath) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
  return join(dirname(manifestPath), bin);
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/**
 * A temporary directory from {@link makeTempDir} (removed when the test, or the file's tests,
 * end), with a cleanup that removes it sooner.
 */
export async function temporaryDirectory(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = makeTempDir(prefix);
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** An execution context for calling tools directly. */
export function executionContext(
  sessionId = 'session-a',
  signal: AbortSignal = new AbortController().signal,
): ExecutionContext {
  return { signal, sessionId, workspaceRoot: process.cwd() };
}

/** True while a process with this pid exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
