import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished, TestRunner } from 'vitest';

/** Options of {@link makeTempDir}. */
export interface TempDirOptions {
  /**
   * Return the directory's real path (every symlink in the OS temp path resolved), for tests
   * that compare paths a real-path check produced. Default `false`.
   */
  readonly realPath?: boolean;
}

function remove(path: string): void {
  rmSync(path, { recursive: true, force: true });
}

/**
 * The afterAll hooks of the running test file, while its hooks run (in a `beforeAll`); undefined
 * while the file is being collected. An `afterAll` registered from inside a `beforeAll` is never
 * run (vitest has read the hooks by then), so there the removal joins the file's hooks instead.
 */
function runningFileAfterAllHooks(): unknown[] | undefined {
  const file = (TestRunner.getCurrentSuite() as unknown as { file?: unknown }).file;
  if (file === undefined) return undefined;
  return (TestRunner.getSuiteHooks(file as never) as { afterAll?: unknown[] } | undefined)?.afterAll;
}

/**
 * A fresh, empty directory under the OS temporary directory, private to this user (mode 0700,
 * as `mkdtemp` makes it), named `<prefix>-XXXXXX`.
 *
 * It removes itself, after the hooks that may still use it have run: made inside a test or a
 * `beforeEach`, when that test ends (after its `afterEach` hooks); made at the top of a test
 * file or in a `describe` body, after that file's or describe's `afterAll` hooks; made in a
 * `beforeAll`, after the file's `afterAll` hooks.
 */
export function makeTempDir(prefix = 'toolwright-test', options: TempDirOptions = {}): string {
  const made = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const path = options.realPath === true ? realpathSync(made) : made;
  if (TestRunner.getCurrentTest() !== undefined) {
    onTestFinished(() => remove(path));
    return path;
  }
  const running = runningFileAfterAllHooks();
  // afterAll hooks run last-registered first: at the front, the removal runs after the others.
  if (running !== undefined) running.unshift(() => remove(path));
  else afterAll(() => remove(path));
  return path;
}
