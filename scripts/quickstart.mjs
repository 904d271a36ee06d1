#!/usr/bin/env node
// The README's two commands: `npm run demo` and `npm test`. Each works on a fresh machine with
// only Node 20 and npm: it brings the pinned pnpm through npx, installs from the lockfile,
// builds, and then runs the demo or every check and test.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '12.4.2';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};

function pnpmCommand() {
  try {
    const version = execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (version === PNPM_VERSION) return ['pnpm'];
  } catch {
    // not installed globally: fall through to npx
  }
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

function run(command, args, label) {
  if (label) console.error(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd: repoRoot, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`\n${label ?? command} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const task = process.argv[2];
if (task !== 'demo' && task !== 'test') {
  console.error('usage: node scripts/quickstart.mjs demo|test');
  process.exit(2);
}
const [pnpm, ...pnpmArgs] = pnpmCommand();
const quiet = task === 'demo' ? ['--reporter=silent'] : [];
run(
  pnpm,
  [...pnpmArgs, 'install', '--frozen-lockfile', ...quiet],
  task === 'test' ? 'install (pnpm, from the lockfile)' : undefined,
);
run(
  pnpm,
  [...pnpmArgs, 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only'],
  task === 'test' ? 'build every package' : undefined,
);
if (task === 'demo') {
  run(process.execPath, ['apps/example-agent/dist/cli.js', 'demo', ...process.argv.slice(3)]);
} else {
  run(
    pnpm,
    [...pnpmArgs, 'exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only'],
    'typecheck every package',
  );
  run(pnpm, [...pnpmArgs, 'exec', 'tsc', '-p', 'tests/tsconfig.json'], 'typecheck the repo-level tests');
  run(pnpm, [...pnpmArgs, 'exec', 'biome', 'check', '.'], 'lint and format check (biome)');
  run(process.execPath, ['scripts/run-tests.mjs', ...process.argv.slice(3)], 'tests (vitest, every package)');
}
