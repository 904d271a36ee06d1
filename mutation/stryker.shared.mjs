// The one shape every package's Stryker config shares. Each `stryker.<package>.config.mjs`
// names its guard files (`mutate`) and, where the whole suite is too slow, the test files
// that exercise them (`testFiles`). Run from the repository root (mutation/run.mjs does).
//
// The sandbox is a copy of the repository without node_modules (symlinked back), the apps and
// docs (build output is kept, for child processes): vitest.shared.ts aliases `@toolwright/*` to `packages/*/src` inside
// the sandbox, so a package's tests import the mutated copy of its sources.

const concurrency = Number(process.env.MUTATION_CONCURRENCY ?? 2);

/**
 * `testFiles` (globs relative to the package) narrows the tests vitest runs, through
 * mutation/vitest.mutation.config.ts rather than Stryker's own `testFiles` option (see there).
 *
 * @param {string} pkg the folder name under packages/
 * @param {{ part?: string, mutate: string[], testFiles?: string[], timeoutMS?: number, vitestConfig?: string, homeFromEnv?: boolean, pool?: 'forks' }} options
 *   `part` names one of several configs of a package (`stryker.<pkg>.<part>.config.mjs`), each
 *   with its own reports. `homeFromEnv` (with `testFiles`) lets tests that stub HOME run in the
 *   worker threads Stryker's runner uses (mutation/home-from-env.setup.ts); `pool: 'forks'` runs
 *   the test files in processes instead (slower: for tests a thread cannot run at all).
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function guardConfig(pkg, { part, mutate, testFiles, timeoutMS, vitestConfig, homeFromEnv, pool }) {
  const report = part === undefined ? pkg : `${pkg}.${part}`;
  if (testFiles !== undefined) {
    // Read by mutation/vitest.mutation.config.ts in Stryker's workers (they inherit this environment).
    process.env.TOOLWRIGHT_MUTATION_PACKAGE = pkg;
    process.env.TOOLWRIGHT_MUTATION_TESTS = JSON.stringify(testFiles);
    if (homeFromEnv) process.env.TOOLWRIGHT_MUTATION_HOME_FROM_ENV = '1';
    if (pool === 'forks') process.env.TOOLWRIGHT_MUTATION_POOL = 'forks';
  }
  return {
    packageManager: 'pnpm',
    plugins: ['@stryker-mutator/vitest-runner'],
    testRunner: 'vitest',
    vitest: {
      configFile:
        vitestConfig ??
        (testFiles === undefined ? `packages/${pkg}/vitest.config.ts` : 'mutation/vitest.mutation.config.ts'),
    },
    coverageAnalysis: 'perTest',
    mutate: mutate.map((file) => `packages/${pkg}/${file}`),
    ignorePatterns: [
      '/apps',
      '/docs',
      '/scripts',
      '/tests',
      '/reports',
      '/.changeset',
      '/.ci',
      '/.tmp',
      '/.conformance',
      'dist',
      // Built packages stay: a test that starts a child process (the artifact store's lock
      // holder) runs the mutated package from its sources and its dependencies from their builds.
      '!/packages/*/dist',
      '.turbo',
      'coverage',
      'bench',
      '*.md',
      // A package's README is read by its tests (the protected-path table it renders).
      '!/packages/*/README.md',
    ],
    // Two cores shared with other engineers: two workers at most (MUTATION_CONCURRENCY=1 for one).
    concurrency,
    // Tests spawn processes and servers; a busy machine needs room before a mutant is a timeout.
    timeoutMS: timeoutMS ?? 10_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 15,
    // A re-run only tests mutants whose code or covering tests changed (`--force` for a full run).
    incremental: true,
    incrementalFile: `reports/mutation/${report}.incremental.json`,
    reporters: ['json', 'html', process.stdout.isTTY ? 'progress' : 'progress-append-only'],
    jsonReporter: { fileName: `reports/mutation/${report}.json` },
    htmlReporter: { fileName: `reports/mutation/${report}.html` },
    tempDirName: '.stryker-tmp',
    cleanTempDir: 'always',
    thresholds: { high: 95, low: 85, break: null },
  };
}
