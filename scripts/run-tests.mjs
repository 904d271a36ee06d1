#!/usr/bin/env node
// Runs the vitest projects and ends with the line CI reads: `N passed, N failed[, N skipped]`.
//
// Three runs, one after the other: every project on the machine's Node (20), then the packages'
// projects (`packages/*`) on Node 22 and on Node 24, binaries from the npm registry pinned in
// tooling/node-versions (see scripts/node-versions.mjs). The app and repo tests run on Node 20
// only: they spawn the CLI, servers and registries, and the packages are what users run on
// their own Node. One line per run comes first, then the closing line counts all three.
// `--project <name>` narrows every run (a package's name takes its sub-projects along, e.g.
// `packages/ai-sdk/ai-v7`, its tests under AI SDK 7, skipped on Node 20); Node 22 and 24 then
// run only the `packages/...` ones named (none: they are skipped).
// TOOLWRIGHT_NODE_VERSIONS=current runs Node 20 only.
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
import { prepareNodeVersions } from './node-versions.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.env.TOOLWRIGHT_SCRIPT_DRY_RUN === '1';
const env = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };

function spawnStep(args, node = process.execPath) {
  if (dryRun) {
    console.error(`  dry run: ${node === process.execPath ? 'node' : node} ${args.join(' ')}`);
    return { status: 0 };
  }
  return spawnSync(node, args, { cwd: repoRoot, stdio: 'inherit', env });
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
const vitest = join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
const userArgs = process.argv.slice(2);
const { runs, skipped: skippedRuns } = planRuns(userArgs);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
const failures = [];
for (const run of runs) {
  const counts = runVitest(run);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  lines.push(
    `Node ${run.version} (${run.scope}): ${formatCounts(counts)}${counts.note ? ` (${counts.note})` : ''}`,
  );
  for (const failure of counts.failures ?? []) failures.push(`Node ${run.version}: ${failure}`);
}
if (dryRun) process.exit(0);
// The failures come again at the end: a CI log is often read from its tail only, and a failed
// test named thousands of lines above the totals is a failure nobody can find.
if (failures.length > 0) {
  console.log('failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
for (const line of [...lines, ...skippedRuns]) console.log(line);
console.log(formatCounts(totals));
process.exit(totals.failed > 0 ? 1 : 0);

function formatCounts({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

/** The values of every `--project` option the user gave (`--project x` or `--project=x`). */
function projectFilters(args) {
  const found = [];
  for (const [index, arg] of args.entries()) {
    if (arg === '--project' && args[index + 1] !== undefined) found.push(args[index + 1]);
    else if (arg.startsWith('--project=')) found.push(arg.slice('--project='.length));
  }
  return found;
}

/** The user's arguments without their `--project` options. */
function withoutProjectFilters(args) {
  const kept = [];
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--project') index += 1;
    else if (!args[index].startsWith('--project=')) kept.push(args[index]);
  }
  return kept;
}

/**
 * A package's filter also selects its sub-projects (`packages/ai-sdk` → `packages/ai-sdk/*`, the
 * ai-sdk tests under AI SDK 7): a package's tests are all its projects, and vitest matches a
 * project name exactly.
 */
function withSubProjects(args) {
  const filters = projectFilters(args);
  const packages = filters.filter((f) => /^packages\/[^/*]+$/.test(f));
  if (packages.length === 0) return args;
  return [
    ...withoutProjectFilters(args),
    ...[...filters, ...packages.map((f) => `${f}/*`)].flatMap((f) => ['--project', f]),
  ];
}

/** The runs to make: the machine's Node with every project, then each extra Node with the packages. */
function planRuns(userArgs) {
  const args = withSubProjects(userArgs);
  const own = { node: process.execPath, version: process.versions.node, scope: 'every project', args };
  if (process.env.TOOLWRIGHT_NODE_VERSIONS === 'current') return { runs: [own], skipped: [] };
  const filters = projectFilters(args);
  const packageFilters =
    filters.length === 0 ? ['packages/*'] : filters.filter((f) => f.startsWith('packages/'));
  // The lines name the projects as the user named them; a package's sub-projects go with it.
  const named = projectFilters(userArgs);
  const scopeOf = (list) => list.join(', ');
  if (named.length > 0) own.scope = scopeOf(named);
  const runs = [own];
  const skipped = [];
  let prepared;
  try {
    prepared = prepareNodeVersions({ log: (line) => console.error(line), dryRun });
  } catch (error) {
    // Not being able to install a Node the packages promise to support is a failure, not a skip.
    console.error(`the extra Node versions could not be installed: ${error.message}`);
    return {
      runs: [...runs, { failure: 'installing Node 22 and 24 failed', version: '22/24', scope: 'packages' }],
      skipped,
    };
  }
  for (const entry of prepared) {
    if (entry.skip) skipped.push(`Node ${entry.version}: skipped, ${entry.skip}`);
    else if (packageFilters.length === 0)
      skipped.push(`Node ${entry.version}: skipped, no packages/* project selected`);
    else {
      runs.push({
        node: entry.binary,
        version: entry.version,
        scope: scopeOf(named.length === 0 ? packageFilters : named.filter((f) => f.startsWith('packages/'))),
        // A file filter aimed at the app or tests/ matches nothing here: that is not a failure.
        args: [
          ...withoutProjectFilters(args),
          ...packageFilters.flatMap((filter) => ['--project', filter]),
          '--passWithNoTests',
        ],
      });
    }
  }
  return { runs, skipped };
}

/** One vitest run on one Node; its counts from vitest's JSON report. */
function runVitest(run) {
  if (run.failure) return { passed: 0, failed: 1, skipped: 0, note: run.failure };
  // TOOLWRIGHT_RESULTS_DIR: where the JSON reports go (a test running this script sets its own).
  const resultsDir = process.env.TOOLWRIGHT_RESULTS_DIR ?? join(repoRoot, '.tmp');
  const resultsFile = join(resultsDir, `vitest-results-node${run.version.split('.')[0]}.json`);
  mkdirSync(dirname(resultsFile), { recursive: true });
  rmSync(resultsFile, { force: true });
  if (!dryRun && run.node !== process.execPath)
    console.error(`\ntests on Node ${run.version} (${run.scope})`);
  const result = spawnStep(
    [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...run.args],
    run.node,
  );
  if (dryRun) return { passed: 0, failed: 0, skipped: 0 };
  if (!existsSync(resultsFile)) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `vitest ended (exit ${result.status ?? result.signal}) without a report`,
    };
  }
  const report = JSON.parse(readFileSync(resultsFile, 'utf8'));
  // A file that fails to load has no test results of its own; count it as one failure.
  const failedSuites = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  const failed = (report.numFailedTests ?? 0) + failedSuites;
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: failed === 0 && result.status !== 0 ? 1 : failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  if (failed === 0 && result.status !== 0) counts.note = `vitest exited ${result.status ?? result.signal}`;
  counts.failures = failureLines(report);
  return counts;
}

/** One line per failed test or unloadable file: where, which, and the first line of why. */
function failureLines(report) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(repoRoot) ? file.name.slice(repoRoot.length + 1) : file.name;
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      found.push(`${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      found.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return found;
}

function firstLine(text) {
  const line = (text ?? 'no message').split('\n').find((part) => part.trim() !== '') ?? 'no message';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
