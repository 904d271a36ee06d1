import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));

/** Every module an entry loads, following its relative imports (type-only ones too), and what else each imports. */
function importGraph(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const pending = [join(sourceRoot, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:import|export)(?:\s+type)?[^'"]*?from\s+'([^']+)'/g)) {
      const target = match[1] as string;
      if (target.startsWith('.')) pending.push(resolve(dirname(file), target.replace(/\.js$/, '.ts')));
      else external.add(target);
    }
  }
  return { files, external };
}

const relative = (files: Set<string>) => [...files].map((file) => file.slice(sourceRoot.length + 1)).sort();

describe('the root entry', () => {
  it('spawns nothing and opens no listening socket: stdio and OAuth are behind their subpaths', () => {
    const { files, external } = importGraph('index.ts');
    const loaded = relative(files);
    for (const kept of [
      'stdio-tree-transport.ts',
      'process-tree.ts',
      'auth/loopback-redirect.ts',
      'auth/oauth-transport.ts',
    ]) {
      expect(loaded, kept).not.toContain(kept);
    }
    for (const module of ['node:child_process', 'node:http', '@modelcontextprotocol/client/stdio']) {
      expect([...external], module).not.toContain(module);
    }
  });

  it('is what the subpaths add to: each of them reaches what the root leaves out', () => {
    expect(relative(importGraph('stdio.ts').files)).toEqual(
      expect.arrayContaining(['stdio-tree-transport.ts']),
    );
    expect(relative(importGraph('oauth-flows.ts').files)).toEqual(
      expect.arrayContaining(['auth/loopback-redirect.ts']),
    );
  });
});

describe('the oauth entry', () => {
  it('checks its options without the transport: the OAuth flows load on first use, through #oauth-flows', () => {
    const loaded = relative(importGraph('oauth.ts').files);
    expect(loaded).toContain('auth/oauth-runtime.ts');
    for (const kept of ['auth/oauth-transport.ts', 'auth/loopback-redirect.ts', 'connection-manager.ts']) {
      expect(loaded, kept).not.toContain(kept);
    }
    const lazy = readFileSync(join(sourceRoot, 'auth', 'lazy-oauth-flows.ts'), 'utf8');
    expect(lazy).toContain("import('#oauth-flows')");
    expect(lazy).toContain("('#oauth-flows')");
    const manifest = JSON.parse(readFileSync(join(sourceRoot, '..', 'package.json'), 'utf8')) as {
      imports: Record<string, Record<string, string>>;
    };
    expect(manifest.imports['#oauth-flows']).toEqual({
      types: './src/oauth-flows.ts',
      import: './dist/oauth-flows.js',
      require: './dist/oauth-flows.cjs',
    });
  });
});
