#!/usr/bin/env node
// Runs every vitest project once and ends with the line CI reads: `N passed, N failed[, N skipped]`.
//
// It builds first (`turbo run build`, cached, so a second run costs seconds). Unit tests import
// the packages' sources, but the CLI, demo and README tests run what a user runs: the spawned
// CLI and the README example resolve `@toolwright/*` through node_modules to each package's
// `dist`. A stale `dist` made them pass or fail on yesterday's code. TOOLWRIGHT_SKIP_BUILD=1
// skips the build when the caller has just run it (`npm test` does).
//
// TOOLWRIGHT_SCRIPT_DRY_RUN=1 prints the commands without running them (tests).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.env.TOOLWRIGHT_SCRIPT_DRY_RUN === '1';
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };

function spawnStep(args) {
  if (dryRun) {
    console.error(`  dry run: node ${args.join(' ')}`);
    return { status: 0 };
  }
  return spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit', env });
}

if (process.env.TOOLWRIGHT_SKIP_BUILD !== '1') {
  console.error('build: turbo run build (cached), so the CLI, demo and README tests run current code');
  const turbo = join(repoRoot, 'node_modules', 'turbo', 'bin', 'turbo');
  const build = spawnStep([turbo, 'run', 'build', '--output-logs=errors-only']);
  if (build.status !== 0) {
    console.log('0 passed, 1 failed');
    console.error(`the build failed (exit ${build.status ?? build.signal}); no test was run.`);
    process.exit(1);
  }
}
const resultsFile = join(repoRoot, '.tmp', 'vitest-results.json');
mkdirSync(dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });

const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnStep([
  vitest,
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
  ...process.argv.slice(2),
]);
if (dryRun) process.exit(0);

if (!existsSync(resultsFile)) {
  console.log('0 passed, 1 failed');
  console.error(`vitest ended (exit ${result.status ?? result.signal}) without writing ${resultsFile}.`);
  process.exit(1);
}
const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
const passed = report.numPassedTests ?? 0;
// A file that fails to load has no test results of its own; count it as one failure.
const failedSuites = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && file.assertionResults.length === 0,
).length;
const failed = (report.numFailedTests ?? 0) + failedSuites;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || result.status !== 0 ? 1 : 0);
