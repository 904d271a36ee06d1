// A package's own vitest config (vitest.shared.ts, as packages/<pkg>/vitest.config.ts builds
// it) with `include` narrowed to the test files its Stryker config names. Stryker's own
// `testFiles` option is not used: with it, Stryker 9.6.1 activates a static mutant (a module
// constant such as a limit or a protected name) after its module has loaded, so every static
// mutant survives whatever the tests do (stryker-js#6144). Narrowing vitest's include keeps
// static activation intact. Set by stryker.shared.mjs through the environment.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { sharedProjectConfig } from '../vitest.shared.js';

const pkg = process.env.TOOLWRIGHT_MUTATION_PACKAGE;
if (pkg === undefined || !/^[a-z0-9-]+$/.test(pkg)) {
  throw new Error(
    'mutation/vitest.mutation.config.ts is for Stryker runs: TOOLWRIGHT_MUTATION_PACKAGE is not set',
  );
}
const base = sharedProjectConfig(new URL(`../packages/${pkg}/vitest.config.ts`, import.meta.url).href);
const include: string[] | undefined =
  JSON.parse(process.env.TOOLWRIGHT_MUTATION_TESTS ?? 'null') ?? undefined;

// Stryker's vitest runner runs test files in worker threads, where os.homedir() does not see a
// stubbed HOME: home-from-env.setup.ts makes it (TOOLWRIGHT_MUTATION_HOME_FROM_ENV=1).
const homeFromEnv = process.env.TOOLWRIGHT_MUTATION_HOME_FROM_ENV === '1';
const setupFiles = [
  ...(homeFromEnv ? [fileURLToPath(new URL('./home-from-env.setup.ts', import.meta.url))] : []),
  ...[base.test?.setupFiles ?? []].flat(),
];

// Stryker's runner asks for worker threads; tests that change the process's umask (refused in a
// thread) need processes: TOOLWRIGHT_MUTATION_POOL=forks sets each project's pool back to forks.
const forks = process.env.TOOLWRIGHT_MUTATION_POOL === 'forks';

/**
 * A test file that fails to load (a mutant in code its module scope runs, such as a tool defined
 * at the top of the file) has no tests, and Stryker's runner counts only tests: the mutant the
 * file's failure caught would be reported as survived (stryker-js#6150). This reporter gives
 * such a file one failed test carrying the load error, so the mutant counts as killed.
 */
const loadFailuresAsTests = {
  onTestRunEnd(testModules: ReadonlyArray<{ task: LoadedFile }>): void {
    for (const { task: file } of testModules) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      file.tasks.push({
        type: 'test',
        name: 'the test file loads',
        id: `${file.id}_load`,
        mode: 'run',
        file,
        suite: file,
        meta: {},
        context: {},
        result: { state: 'fail', errors: file.result.errors ?? [] },
      });
    }
  },
};

interface LoadedFile {
  id: string;
  tasks: unknown[];
  result?: { state?: string; errors?: unknown[] };
}

export default defineProject({
  ...base,
  plugins: forks ? [{ name: 'toolwright-mutation-forks', configureVitest: useForks }] : [],
  test: { ...base.test, setupFiles, reporters: [loadFailuresAsTests], ...(include ? { include } : {}) },
});

function useForks({ project }: { project: { config: { pool: string } } }): void {
  project.config.pool = 'forks';
}
