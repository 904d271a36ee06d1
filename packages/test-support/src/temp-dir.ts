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

// Directories made outside a test whose file has not finished yet. A directory made inside a
// `beforeAll` cannot register an `afterAll` any more (vitest has read the hooks by then), so
// these are also removed when the worker exits.
const pending = new Set<string>();
let exitHookInstalled = false;

function remove(path: string): void {
  pending.delete(path);
  rmSync(path, { recursive: true, force: true });
}

function removeAtExit(path: string): void {
  pending.add(path);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const left of [...pending]) remove(left);
  });
}

/**
 * A fresh, empty directory under the OS temporary directory, private to this user (mode 0700,
 * as `mkdtemp` makes it), named `<prefix>-XXXXXX`.
 *
 * It removes itself: made inside a test or a `beforeEach`, when that test ends; made at the top
 * of a test file or in a `describe` body, after the file's (or the describe's) tests. Made in a
 * `beforeAll`, it is removed when the worker exits; make it at the top level instead when the
 * directory should go as soon as the file is done.
 */
export function makeTempDir(prefix = 'toolwright-test', options: TempDirOptions = {}): string {
  const made = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const path = options.realPath === true ? realpathSync(made) : made;
  if (TestRunner.getCurrentTest() !== undefined) {
    onTestFinished(() => remove(path));
    return path;
  }
  removeAtExit(path);
  afterAll(() => remove(path));
  return path;
}
