import { rmSync } from 'node:fs';
import { makeTempDir } from '@toolwright/test-support';

/**
 * A fresh directory under the OS temp dir (from {@link makeTempDir}, so it is removed when the
 * test, or the file's tests, end), and a function that removes it sooner.
 */
export function makeTemporaryDirectory(prefix: string): { path: string; remove(): void } {
  const path = makeTempDir(prefix);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
