#!/usr/bin/env node
// The API reports of the published packages (API Extractor over the built .d.ts).
//
//   node scripts/api-reports/cli.mjs update     write packages/<name>/api/*.api.md from the build
//   node scripts/api-reports/cli.mjs check      fail when a committed report differs from the
//                                               build, or an API change lacks a changeset of the
//                                               bump it needs (scripts/api-reports/bump-check.mjs)
//   node scripts/api-reports/cli.mjs release    copy each current report to api/released/: the
//                                               baseline of the next check (the version step)
//
// `npm run api:update` and `npm run api:check` build first; this script itself reads `dist`.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPackageBump } from './bump-check.mjs';
import { pendingBumps } from './changesets.mjs';
import { readDeclarations } from './declarations.mjs';
import { publishedPackages, releasedReportPath, reportPath, workspaceReports } from './workspace-reports.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const UPDATE_COMMAND = 'npm run api:update';

/** A unified diff of the committed report against the built one (git diff --no-index). */
export function reportDiff(committedPath, builtText, workDir) {
  mkdirSync(workDir, { recursive: true });
  const built = join(workDir, 'built.api.md');
  writeFileSync(built, builtText);
  const from = existsSync(committedPath) ? committedPath : '/dev/null';
  try {
    execFileSync('git', ['diff', '--no-index', '--no-color', '--', from, built], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return error.stdout ?? String(error);
  }
}

/** The problems of the check: reports that differ from the build, and bumps that fall short. */
export function checkProblems(root, reports) {
  const problems = [];
  for (const pkg of reports) {
    for (const entry of pkg.entries) {
      for (const problem of entry.problems) problems.push(`${pkg.name} (${entry.reportName}): ${problem}`);
      if (entry.current === undefined) continue;
      if (entry.committed !== entry.current) {
        const committedPath = reportPath(root, pkg.dir, entry.reportName);
        const diff = reportDiff(
          committedPath,
          entry.current,
          join(root, '.tmp', 'api-reports', entry.reportName),
        );
        problems.push(
          `${pkg.dir}/api/${entry.reportName}.api.md ${entry.committed === undefined ? 'is missing' : 'differs from the built API'}. ` +
            `If the change is meant, run \`${UPDATE_COMMAND}\` and commit the report (with a changeset).\n${diff}`,
        );
      }
    }
  }
  const bumps = pendingBumps(join(root, '.changeset'));
  const resolve = committedDeclarationResolver(root);
  for (const pkg of reports) {
    if (pkg.entries.some((entry) => entry.current === undefined)) continue;
    const verdict = checkPackageBump({
      name: pkg.name,
      version: pkg.version,
      entries: pkg.entries,
      declared: bumps.get(pkg.name)?.bump ?? 'none',
      resolve,
    });
    if (!verdict.ok) problems.push(verdict.message);
  }
  return problems;
}

/**
 * `resolve(module, name)` over the committed main reports of the workspace's published packages
 * (each checked against its build by the same check): the declaration `name` has in `module`.
 */
function committedDeclarationResolver(root) {
  const cache = new Map();
  const declarationsOf = (module) => {
    if (!cache.has(module)) {
      const pkg = publishedPackages(root).find((candidate) => candidate.name === module);
      const main = pkg?.entries.find((entry) => entry.subpath === '.');
      const file = main === undefined ? undefined : reportPath(root, pkg.dir, main.reportName);
      cache.set(
        module,
        file !== undefined && existsSync(file) ? readDeclarations(readFileSync(file, 'utf8')) : undefined,
      );
    }
    return cache.get(module);
  };
  return (module, name) => declarationsOf(module)?.get(name);
}

/**
 * The version step's half: each package's current reports become its released ones (the
 * baseline of the next bump check). Returns the files written, relative to `root`.
 */
export function recordReleasedReports(root) {
  const written = [];
  for (const pkg of publishedPackages(root)) {
    for (const entry of pkg.entries) {
      const from = reportPath(root, pkg.dir, entry.reportName);
      if (!existsSync(from))
        throw new Error(`${from} is missing: run \`${UPDATE_COMMAND}\` before the version step.`);
      const to = releasedReportPath(root, pkg.dir, entry.reportName);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(from, to);
      written.push(`${pkg.dir}/api/released/${entry.reportName}.api.md`);
    }
  }
  return written;
}

function main(command) {
  const log = (line) => console.error(line);
  if (command === 'release') {
    const copied = recordReleasedReports(repoRoot);
    log(
      `${copied.length} report(s) copied to api/released/: the APIs of the versions just made; commit them with the version bump.`,
    );
    return 0;
  }
  const reports = workspaceReports(repoRoot, { onEntry: (name) => log(`api report: ${name}`) });
  if (command === 'update') {
    for (const pkg of reports) {
      for (const entry of pkg.entries) {
        for (const problem of entry.problems) log(`${pkg.name} (${entry.reportName}): ${problem}`);
        if (entry.current === undefined) continue;
        const file = reportPath(repoRoot, pkg.dir, entry.reportName);
        mkdirSync(dirname(file), { recursive: true });
        if (entry.committed !== entry.current) {
          writeFileSync(file, entry.current);
          log(`wrote ${pkg.dir}/api/${entry.reportName}.api.md`);
        }
      }
    }
    return 0;
  }
  const problems = checkProblems(repoRoot, reports);
  for (const problem of problems) console.error(`\n${problem}`);
  console.error(
    problems.length === 0
      ? 'API reports: up to date, bumps covered.'
      : `\n${problems.length} API report problem(s).`,
  );
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (!['update', 'check', 'release'].includes(command)) {
    console.error(
      `usage: node scripts/api-reports/cli.mjs update|check|release (got ${command ?? 'nothing'})`,
    );
    process.exit(2);
  }
  process.exit(main(command));
}
