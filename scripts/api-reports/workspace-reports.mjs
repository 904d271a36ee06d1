// The API reports of every publishable package of the workspace: where they are committed, the
// report of the last release, and the report the current build gives.
//
// Layout, per package: `api/<name>.api.md` (one per entry: `contracts.api.md`,
// `contracts-testing.api.md`) is the current API, committed and checked against the build;
// `api/released/<name>.api.md` is the API of the last published version, written by the
// version step (`npm run version-packages`), the baseline the bump check compares with.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompilerState } from '@microsoft/api-extractor';
import { extractReport, packageEntries } from './extract.mjs';

export function reportPath(repoRoot, dir, reportName) {
  return join(repoRoot, dir, 'api', `${reportName}.api.md`);
}

export function releasedReportPath(repoRoot, dir, reportName) {
  return join(repoRoot, dir, 'api', 'released', `${reportName}.api.md`);
}

const readIfThere = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/** Every package under packages/ that is published (not private), with its entries. */
export function publishedPackages(repoRoot) {
  const found = [];
  for (const entry of readdirSync(join(repoRoot, 'packages')).sort()) {
    const dir = `packages/${entry}`;
    const manifestPath = join(repoRoot, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    if (JSON.parse(readFileSync(manifestPath, 'utf8')).private === true) continue;
    found.push({ dir, ...packageEntries(join(repoRoot, dir)) });
  }
  return found;
}

/**
 * Extracts every entry's report from the build (`dist` must be current) and reads the committed
 * and released ones: `[{ dir, name, version, entries: [{ reportName, current, committed,
 * released, problems }] }]`. `onEntry` is told of each entry as it goes (they take seconds each).
 */
export function workspaceReports(repoRoot, { onEntry = () => {} } = {}) {
  const packages = publishedPackages(repoRoot);
  // One TypeScript program for all entries: every package's .d.ts is read once, not per entry.
  const allEntryFiles = packages.flatMap((pkg) =>
    pkg.entries.map((e) => join(repoRoot, pkg.dir, e.typesFile)),
  );
  let compilerState;
  return packages.map((pkg) => ({
    ...pkg,
    entries: pkg.entries.map((entry) => {
      onEntry(`${pkg.name}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`);
      const workDir = join(repoRoot, '.tmp', 'api-reports', entry.reportName);
      const typesFile = join(repoRoot, pkg.dir, entry.typesFile);
      let extracted;
      if (!existsSync(typesFile)) {
        // One package's failed build is that package's problem; the others are still reported.
        extracted = {
          text: undefined,
          problems: [`${pkg.dir}/${entry.typesFile} is missing: build first (npx turbo run build)`],
        };
      } else {
        extracted = extractReport(join(repoRoot, pkg.dir), entry, workDir, (prepared) => {
          compilerState ??= CompilerState.create(prepared, {
            additionalEntryPoints: allEntryFiles.filter((file) => existsSync(file)),
          });
          return compilerState;
        });
      }
      const { text, problems } = extracted;
      return {
        ...entry,
        current: text,
        problems,
        committed: readIfThere(reportPath(repoRoot, pkg.dir, entry.reportName)),
        released: readIfThere(releasedReportPath(repoRoot, pkg.dir, entry.reportName)),
      };
    }),
  }));
}
