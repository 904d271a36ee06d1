// MCP servers for the tests of the MCP packages (mcp-client, mcp-adapter): in-process, over
// loopback HTTP in both eras, behind OAuth, and stdio fixture scripts.
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir } from '../temp-dir.js';

export { type InMemoryServerDefinition, inMemoryServer } from './in-memory-server.js';
export { type ModernHttpServer, startModernHttpServer } from './modern-http-server.js';
export {
  type AuthorizationServer,
  type AuthorizationServerOptions,
  MCP_SCOPES,
  startAuthorizationServer,
} from './oauth/authorization-server.js';
export { completeLoginInBrowser } from './oauth/browser.js';
export {
  type ProtectedMcpServer,
  type ProtectedMcpServerOptions,
  startProtectedMcpServer,
} from './oauth/protected-mcp-server.js';
export { processesCarrying } from './process-census.js';

/** Absolute path of a stdio server script in `src/mcp/fixtures`. */
export function fixturePath(name: string): string {
  return join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);
}

const require = createRequire(import.meta.url);

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

/** True while a process with this pid exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
