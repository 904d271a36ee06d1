#!/usr/bin/env node
// The README's two commands: `npm run demo` and `npm test`. Each works on a fresh machine with
// only Node 20 and npm: it brings the pinned pnpm through npx, installs from the lockfile,
// builds, and then runs the demo or every check and test. Each setup step prints one line
// first (on stderr, so `--json` output on stdout stays clean), and the build one line per package
// as it ends: a first run spends most of a minute installing and building, and silence there
// looks like a hang.
//
// TOOLWRIGHT_SCRIPT_DRY_RUN=1 prints the steps and the commands without running them (tests).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createBuildProgress } from './build-progress.mjs';

const PNPM_VERSION = '12.4.2';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.env.TOOLWRIGHT_SCRIPT_DRY_RUN === '1';
const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
};

function pnpmCommand() {
  if (dryRun) return ['pnpm'];
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

/**
 * Runs one step. `quiet` keeps the tools' own output (turbo's summary, npx notices) to show it
 * only if the step fails: the demo's setup should read as its few lines and nothing else.
 */
function run(command, args, { quiet = false } = {}) {
  if (dryRun) {
    console.error(`  dry run: ${[command, ...args].join(' ')}`);
    return;
  }
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Runs turbo's build with its task output streamed to {@link createBuildProgress}: one line per
 * package as its build ends. The output itself is shown only if the build fails.
 */
async function buildWithProgress(command, args) {
  if (dryRun) {
    console.error(`  dry run: ${[command, ...args].join(' ')}`);
    return;
  }
  const progress = createBuildProgress((line) => console.error(line));
  const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const follow = (stream) =>
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      progress.line(line);
    });
  follow(child.stdout);
  follow(child.stderr);
  const status = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  if (status !== 0) {
    process.stderr.write(`${output.join('\n')}\n`);
    console.error(`\n${command} ${args.join(' ')} failed (exit ${status}).`);
    process.exit(typeof status === 'number' ? status : 1);
  }
  progress.finish();
}

const task = process.argv[2];
if (task !== 'demo' && task !== 'test') {
  console.error('usage: node scripts/quickstart.mjs demo|test');
  process.exit(2);
}
const [pnpm, ...pnpmArgs] = pnpmCommand();
const demo = task === 'demo';
const extraArgs = process.argv.slice(3);

/** Every step: a label for its line and what it runs. */
const steps = [
  {
    label: `install dependencies (pnpm ${PNPM_VERSION}, from the lockfile)`,
    run: () =>
      run(pnpm, [...pnpmArgs, 'install', '--frozen-lockfile', ...(demo ? ['--reporter=silent'] : [])], {
        quiet: demo,
      }),
  },
  {
    label: demo
      ? 'build the packages the demo runs (turbo; cached after the first run)'
      : 'build the packages (turbo; cached after the first run)',
    run: () =>
      buildWithProgress(pnpm, [
        ...pnpmArgs,
        'exec',
        'turbo',
        'run',
        'build',
        // The demo needs the agent and what it imports, not the framework bridges (ai-sdk,
        // langchain, openai-agents): on 2 cores they are a third of a cold build's time.
        ...(demo ? ['--filter=@toolwright/example-agent...'] : []),
        '--output-logs=full',
        '--log-order=stream',
      ]),
  },
  ...(demo
    ? [
        {
          label: 'start the demo',
          run: () => run(process.execPath, ['apps/example-agent/dist/cli.js', 'demo', ...extraArgs]),
        },
      ]
    : [
        {
          label: 'typecheck every package',
          run: () =>
            run(pnpm, [...pnpmArgs, 'exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only']),
        },
        {
          label: 'typecheck the repo-level tests',
          run: () => run(pnpm, [...pnpmArgs, 'exec', 'tsc', '-p', 'tests/tsconfig.json']),
        },
        {
          label: 'lint and format check (biome)',
          run: () => run(pnpm, [...pnpmArgs, 'exec', 'biome', 'check', '.']),
        },
        {
          label: 'tests (vitest: every project on Node 20, the packages also on Node 22 and 24)',
          // The build above is fresh: run-tests.mjs need not run it again.
          run: () => {
            env.TOOLWRIGHT_SKIP_BUILD = '1';
            run(process.execPath, ['scripts/run-tests.mjs', ...extraArgs]);
          },
        },
      ]),
];

for (const [index, step] of steps.entries()) {
  console.error(`${demo ? 'setup' : 'step'} ${index + 1}/${steps.length}: ${step.label}`);
  await step.run();
}
