import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain .mjs scripts of the repo, without type declarations
import { checkProblems } from '../scripts/api-reports/cli.mjs';
// @ts-expect-error: as above
import { publishedPackages, workspaceReports } from '../scripts/api-reports/workspace-reports.mjs';
import { buildWorkspace } from './support/pack.js';
import { repoRoot } from './support/workspace.js';

// The committed API reports (packages/<name>/api/*.api.md) against the API the build gives, and
// each package's API change since its last release against the pending changesets. To accept a
// change: `npm run api:update`, commit the report, add a changeset of the bump it needs.

interface EntryReport {
  readonly reportName: string;
  readonly current: string;
  readonly committed?: string;
  readonly released?: string;
  readonly problems: readonly string[];
}
interface PackageReports {
  readonly dir: string;
  readonly name: string;
  readonly version: string;
  readonly entries: readonly EntryReport[];
}

const packages = publishedPackages(repoRoot) as PackageReports[];
let reports: PackageReports[] = [];

beforeAll(() => {
  // `npm test` has just built (and says so); run alone, the test builds (turbo, cached).
  if (process.env.TOOLWRIGHT_SKIP_BUILD !== '1') buildWorkspace();
  reports = workspaceReports(repoRoot) as PackageReports[];
}, 600_000);

const reportsOf = (name: string): PackageReports => {
  const found = reports.find((pkg) => pkg.name === name);
  if (!found) throw new Error(`no API report was made for ${name}`);
  return found;
};

describe.each(packages.map((pkg) => [pkg.name] as const))('%s API report', (name) => {
  it('the committed report is the built API, and the change since the last release has its changeset', () => {
    const problems = checkProblems(repoRoot, [reportsOf(name)]) as string[];
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
});

it('reports every entry of a package with several (contracts and contracts/testing)', () => {
  const contracts = reportsOf('@toolwright/contracts');
  expect(contracts.entries.map((entry) => entry.reportName)).toEqual(['contracts', 'contracts-testing']);
  expect(contracts.entries[1]?.current).toContain('export function assertToolConformance');
});
