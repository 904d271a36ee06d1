#!/usr/bin/env node
// Runs every vitest project once and ends with the line CI reads: `N passed, N failed[, N skipped]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(repoRoot, '.tmp', 'vitest-results.json');
mkdirSync(dirname(resultsFile), { recursive: true });
rmSync(resultsFile, { force: true });

const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(
  process.execPath,
  [
    vitest,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } },
);

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
