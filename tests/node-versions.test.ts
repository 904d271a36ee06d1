import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
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

describe('scripts/run-tests.mjs', () => {
  it('runs the packages on each Node, prints a line per version and a closing line counting all runs', () => {
    const results = makeTempDir('toolwright-run-tests');
    const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', '--project', 'packages/utils'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: {
        ...process.env,
        TOOLWRIGHT_SKIP_BUILD: '1',
        TOOLWRIGHT_RESULTS_DIR: results,
        TOOLWRIGHT_NODE_VERSIONS: '',
      },
    });
    const summary = run.stdout
      .trim()
      .split('\n')
      .filter((line) => /^(Node \S+ \(|\d+ passed)/.test(line));
    const counted = prepared.filter((entry) => entry.skip === undefined);
    expect(summary, run.stdout + run.stderr).toHaveLength(counted.length + 2);
    const perRun = summary.slice(0, -1).map((line) => {
      const match = /^Node (\S+) \(packages\/utils\): (\d+) passed, 0 failed$/.exec(line);
      expect(match, line).not.toBeNull();
      return { version: match?.[1], passed: Number(match?.[2]) };
    });
    expect(perRun.map((entry) => entry.version)).toEqual([
      process.versions.node,
      ...counted.map((e) => e.version),
    ]);
    // The same tests passed on every version, and the closing line adds them up.
    expect(new Set(perRun.map((entry) => entry.passed)).size).toBe(1);
    const total = perRun.reduce((sum, entry) => sum + entry.passed, 0);
    expect(summary.at(-1)).toBe(`${total} passed, 0 failed`);
    expect(run.status).toBe(0);
  }, 300_000);

  it('names every failed test and every file that failed to load again just above the totals', () => {
    // A CI log is often read from its tail: the failure must be findable there, not 4,000 lines up.
    const dir = makeTempDir('toolwright-run-tests-failures');
    writeFileSync(
      join(dir, 'vitest.config.mjs'),
      `export default { test: { root: ${JSON.stringify(dir)}, globals: true, include: ['*.check.mjs'] } };\n`,
    );
    writeFileSync(
      join(dir, 'a.check.mjs'),
      "describe('a group', () => { it('fails on purpose', () => { expect(1).toBe(2); }); it('passes', () => {}); });\n",
    );
    writeFileSync(join(dir, 'b.check.mjs'), "throw new Error('this file cannot load');\n");
    const run = spawnSync(
      process.execPath,
      ['scripts/run-tests.mjs', '--config', join(dir, 'vitest.config.mjs')],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {
          ...process.env,
          TOOLWRIGHT_SKIP_BUILD: '1',
          TOOLWRIGHT_RESULTS_DIR: join(dir, 'results'),
          TOOLWRIGHT_NODE_VERSIONS: 'current',
        },
      },
    );
    const tail = run.stdout.trim().split('\n').slice(-5);
    const node = process.versions.node;
    expect(tail, run.stdout + run.stderr).toEqual([
      'failed:',
      `  Node ${node}: ${join(dir, 'a.check.mjs')} > a group fails on purpose: AssertionError: expected 1 to be 2 // Object.is equality`,
      `  Node ${node}: ${join(dir, 'b.check.mjs')}: this file cannot load`,
      `Node ${node} (every project): 1 passed, 2 failed`,
      '1 passed, 2 failed',
    ]);
    expect(run.status).toBe(1);
  }, 120_000);
});
