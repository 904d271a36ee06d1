import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The root scripts behind `npm run demo`, `npm test` and `npm run test:vitest`, run with
// TOOLWRIGHT_SCRIPT_DRY_RUN=1: they print their steps and commands and run none of them. (They
// are the app's entry points for a new user, hence here; tests/ would be their natural home.)
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

function dryRun(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    // A script that ignored the dry run would start installing: stop it rather than wait.
    timeout: 20_000,
    env: { ...process.env, TOOLWRIGHT_SCRIPT_DRY_RUN: '1', TOOLWRIGHT_SKIP_BUILD: '', ...env },
  });
  return { code: result.status, stdout: result.stdout, lines: result.stderr.trim().split('\n') };
}

describe('scripts/quickstart.mjs', () => {
  it('prints one short line per setup step of the demo, before each runs, on stderr', () => {
    const result = dryRun('quickstart.mjs', ['demo', '--json']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.lines).toEqual([
      'setup 1/3: install dependencies (pnpm 12.4.2, from the lockfile)',
      expect.stringMatching(/^ {2}dry run: pnpm install --frozen-lockfile/),
      'setup 2/3: build the packages the demo runs (turbo; cached after the first run)',
      expect.stringMatching(
        /^ {2}dry run: pnpm exec turbo run build --filter=@toolwright\/example-agent\.\.\. /,
      ),
      'setup 3/3: start the demo',
      expect.stringMatching(/^ {2}dry run: \S+ apps\/example-agent\/dist\/cli\.js demo --json$/),
    ]);
  });

  it('numbers the steps of npm test the same way', () => {
    const result = dryRun('quickstart.mjs', ['test']);
    expect(result.code).toBe(0);
    expect(result.lines.filter((line) => line.startsWith('step '))).toEqual([
      'step 1/6: install dependencies (pnpm 12.4.2, from the lockfile)',
      'step 2/6: build the packages (turbo; cached after the first run)',
      'step 3/6: typecheck every package',
      'step 4/6: typecheck the repo-level tests',
      'step 5/6: lint and format check (biome)',
      'step 6/6: tests (vitest: every project on Node 20, the packages also on Node 22 and 24)',
    ]);
  });
});

describe('scripts/run-tests.mjs', () => {
  it('builds the packages (turbo, cached) before vitest, so spawned CLI and README tests run current dist', () => {
    // Node 20 only: whether the extra Node versions are installed yet must not change the plan.
    const result = dryRun('run-tests.mjs', ['--project', 'apps/example-agent'], {
      TOOLWRIGHT_NODE_VERSIONS: 'current',
    });
    expect(result.code).toBe(0);
    const commands = result.lines.filter((line) => line.includes('dry run:'));
    expect(commands).toHaveLength(2);
    expect(commands[0]).toMatch(/turbo run build/);
    expect(commands[1]).toMatch(/vitest\.mjs run .*--project apps\/example-agent$/);
  });

  it('skips the build when the caller has just built (TOOLWRIGHT_SKIP_BUILD=1)', () => {
    const result = dryRun('run-tests.mjs', [], {
      TOOLWRIGHT_SKIP_BUILD: '1',
      TOOLWRIGHT_NODE_VERSIONS: 'current',
    });
    const commands = result.lines.filter((line) => line.includes('dry run:'));
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/vitest\.mjs run/);
  });
});

describe('scripts/build-progress.mjs', () => {
  // turbo's streamed task output, as `turbo run build --output-logs=full --log-order=stream`
  // prints it (tsup colours included).
  const turboOutput = [
    '@toolwright/utils:build: cache miss, executing 5d0c1b2a3e4f5a6b',
    '@toolwright/spec:build: cache hit, replaying logs 1a2b3c4d5e6f7a8b',
    '@toolwright/spec:build: \u001b[32mDTS\u001b[39m ⚡️ Build success in 900ms',
    '@toolwright/utils:build: \u001b[32mESM\u001b[39m ⚡️ Build success in 2819ms',
    '@toolwright/utils:build: \u001b[34mDTS\u001b[39m Build start',
    '@toolwright/utils:build: \u001b[32mDTS\u001b[39m ⚡️ Build success in 16078ms',
    '@toolwright/utils:build: \u001b[32mDTS\u001b[39m \u001b[1mdist/index.d.ts \u001b[22m\u001b[32m22.29 KB\u001b[39m',
    '@toolwright/example-agent:build: cache miss, executing 9f8e7d6c5b4a3f2e',
    '',
    ' Tasks:    3 successful, 3 total',
  ];

  it('prints one timed line per package built, as it ends, and counts the cached ones at the end', async () => {
    // @ts-expect-error: a plain .mjs script of the repo, without type declarations
    const { createBuildProgress } = await import('../../../../scripts/build-progress.mjs');
    const printed: string[] = [];
    let clock = 0;
    const progress = createBuildProgress(
      (line: string) => printed.push(line),
      () => clock,
    );
    for (const line of turboOutput) {
      progress.line(line);
      clock += 1000;
    }
    expect(printed).toEqual(['  @toolwright/utils                built in 5.0s']);
    progress.finish();
    expect(printed).toEqual([
      '  @toolwright/utils                built in 5.0s',
      '  @toolwright/example-agent        built in 3.0s',
      "  1 of 3 packages unchanged (turbo's cache)",
    ]);
  });
});
