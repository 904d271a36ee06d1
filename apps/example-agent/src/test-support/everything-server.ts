import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The entry script of `@modelcontextprotocol/server-everything` (the real MCP server the tests
 * start over stdio with `node <entry> stdio`), read from its package's `bin` so that a new
 * release that moves the file is followed.
 */
export function everythingServerEntry(): string {
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  const entry = typeof bin === 'string' ? bin : Object.values(bin)[0];
  if (entry === undefined) throw new Error(`${manifest} names no bin`);
  return join(dirname(manifest), entry);
}
