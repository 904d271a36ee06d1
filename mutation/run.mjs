#!/usr/bin/env node
// Mutation testing of the guard files (see mutation/README.md). Not part of `npm test`.
//
//   pnpm mutation                        every package, one after the other
//   pnpm mutation validation             one package (several may be named)
//   pnpm mutation executor --force       ignore the incremental file and test every mutant again
//   pnpm mutation --report               print the scores of the last run without running Stryker
//   pnpm mutation registry --survivors   also list each mutant no test killed
//   (npm run mutation -- validation      the same through npm)
//
// Prints one line per guard file, `validation/src/parse/argument-guard.ts: 92% killed (115/125)`,
// where killed counts mutants a test failed on or that timed out, out of every mutant that ran
// or had no test (mutants that do not compile or crash on load are left out, as Stryker does).
// Exits 1 when a file is below 85 % or a run failed. MUTATION_CONCURRENCY=1 runs one worker.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const mutationDir = join(repoRoot, 'mutation');
const THRESHOLD = 85;

// Packages whose sources settle first run first.
const ORDER = ['registry', 'mcp-adapter', 'mcp-server', 'executor', 'artifacts', 'validation', 'contracts'];
// `stryker.<package>.config.mjs`, or several `stryker.<package>.<part>.config.mjs` for one package.
const configs = readdirSync(mutationDir)
  .map((file) => /^stryker\.([a-z0-9-]+)(?:\.([a-z0-9-]+))?\.config\.mjs$/.exec(file))
  .filter((match) => match !== null)
  .map(([file, pkg, part]) => ({ file, pkg, report: part === undefined ? pkg : `${pkg}.${part}` }))
  .sort((a, b) => (a.report < b.report ? -1 : 1));
const configured = [...new Set(configs.map((config) => config.pkg))];
const known = [
  ...ORDER.filter((name) => configured.includes(name)),
  ...configured.filter((n) => !ORDER.includes(n)),
];

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const named = args.filter((arg) => !arg.startsWith('--'));
for (const flag of flags) {
  if (!['--force', '--report', '--survivors'].includes(flag)) {
    console.error(`unknown option ${flag}; accepted: --force, --report, --survivors`);
    process.exit(2);
  }
}
const unknown = named.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`no mutation config for ${unknown.join(', ')}; configured: ${known.join(', ')}`);
  process.exit(2);
}
const selected = (named.length > 0 ? named : known).flatMap((pkg) => configs.filter((c) => c.pkg === pkg));

let failing = 0;
for (const { file, report } of selected) {
  if (!flags.has('--report')) failing += runStryker(file, report);
  failing += printScores(report);
}
process.exit(failing > 0 ? 1 : 0);

/**
 * Stryker's incremental mode reuses the result of a static mutant (one in a module constant,
 * such as a limit or a protected name) while its file is unchanged, even when new tests would
 * now kill it: it has no per-test coverage to compare. Such survivors are dropped from the
 * incremental file so that every run tests them again (killed ones are kept).
 */
function forgetStaticSurvivors(report) {
  const incremental = join(repoRoot, 'reports', 'mutation', `${report}.incremental.json`);
  if (!existsSync(incremental)) return;
  const data = JSON.parse(readFileSync(incremental, 'utf8'));
  let dropped = 0;
  for (const file of Object.values(data.files)) {
    const kept = file.mutants.filter(
      (m) => !(m.static && (m.status === 'Survived' || m.status === 'NoCoverage')),
    );
    dropped += file.mutants.length - kept.length;
    file.mutants = kept;
  }
  if (dropped > 0) writeFileSync(incremental, JSON.stringify(data));
}

/** Runs one config; returns 1 when Stryker failed. */
function runStryker(file, report) {
  forgetStaticSurvivors(report);
  console.error(`mutation: ${report} (Stryker, ${process.env.MUTATION_CONCURRENCY ?? 2} workers)`);
  const stryker = join(repoRoot, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  const started = Date.now();
  const args = [stryker, 'run', join('mutation', file), ...(flags.has('--force') ? ['--force'] : [])];
  const run = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  if (run.status !== 0) {
    console.error(
      `mutation: Stryker failed for ${report} (exit ${run.status ?? run.signal}) after ${minutes} min`,
    );
    return 1;
  }
  console.error(`mutation: ${report} done in ${minutes} min`);
  return 0;
}

/** Prints the per-file lines of a config's last JSON report; returns how many files are below the bar. */
function printScores(report) {
  const reportFile = join(repoRoot, 'reports', 'mutation', `${report}.json`);
  if (!existsSync(reportFile)) {
    console.log(`${report}: no report (run \`pnpm mutation ${report.split('.')[0]}\`)`);
    return 1;
  }
  const { files } = JSON.parse(readFileSync(reportFile, 'utf8'));
  let below = 0;
  for (const [file, { mutants }] of Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const name = relative(join(repoRoot, 'packages'), join(repoRoot, file));
    const detected = mutants.filter((m) => m.status === 'Killed' || m.status === 'Timeout');
    const undetected = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage');
    const valid = detected.length + undetected.length;
    const score = valid === 0 ? 100 : Math.floor((detected.length / valid) * 100);
    const left = undetected.length > 0 ? `, ${undetected.length} left` : '';
    console.log(`${name}: ${score}% killed (${detected.length}/${valid})${left}`);
    if (score < THRESHOLD) below += 1;
    if (flags.has('--survivors')) {
      for (const m of undetected.sort((a, b) => a.location.start.line - b.location.start.line)) {
        const where = `${m.location.start.line}:${m.location.start.column}`;
        const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
        console.log(`  ${where} ${m.status} ${m.mutatorName}: ${replacement}`);
      }
    }
  }
  return below;
}
