import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repo, without type declarations
import { prepareNodeVersions } from '../scripts/node-versions.mjs';
import { repoRoot } from './support/workspace.js';

interface PreparedNode {
  readonly version: string;
  readonly major: number;
  readonly binary?: string;
  readonly skip?: string;
}

let prepared: PreparedNode[] = [];
beforeAll(() => {
  prepared = prepareNodeVersions() as PreparedNode[];
}, 300_000);

/**
 * Every native addon (`*.node`) at the top of an installed package of the workspace's store
 * (where N-API packages keep their prebuilt binary), as a path.
 */
function nativeAddons(): string[] {
  const store = join(repoRoot, 'node_modules', '.pnpm');
  const found: string[] = [];
  const collect = (packageDir: string) => {
    for (const file of readdirSync(packageDir))
      if (file.endsWith('.node')) found.push(join(packageDir, file));
  };
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const name of readdirSync(modules)) {
      if (!name.startsWith('@')) collect(join(modules, name));
      else for (const scoped of readdirSync(join(modules, name))) collect(join(modules, name, scoped));
    }
  }
  return found;
}

describe('the extra Node versions (npm test runs the packages on each)', () => {
  it('are Node 22 and Node 24 at the pinned versions, or skipped with a reason', () => {
    expect(prepared.map((entry) => entry.major)).toEqual([22, 24]);
    for (const entry of prepared) {
      if (entry.skip !== undefined) continue;
      const version = execFileSync(entry.binary as string, ['--version'], { encoding: 'utf8' }).trim();
      expect(version).toBe(`v${entry.version}`);
    }
  });

  it('load every native addon of the workspace (N-API: one build serves every version)', () => {
    const addons = nativeAddons();
    // None belongs to a published package (re2js is plain JS); these are the build and test
    // tools' (rolldown, rollup, lightningcss), which vitest needs on every version.
    expect(addons.length).toBeGreaterThan(0);
    for (const entry of prepared) {
      if (entry.skip !== undefined) continue;
      const probe = `for (const file of ${JSON.stringify(addons)}) { try { require(file); } catch (error) { console.log(file + ': ' + error.message); } }`;
      const result = spawnSync(entry.binary as string, ['-e', probe], { encoding: 'utf8' });
      expect(result.stdout, `Node ${entry.version}`).toBe('');
      expect(result.status).toBe(0);
    }
  });
});
