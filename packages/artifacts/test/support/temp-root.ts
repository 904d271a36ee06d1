import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Temporary storage roots for one test file, each removed after its test. */
export class TempRoots {
  readonly #created: string[] = [];

  /** A fresh, empty directory under the OS temporary directory. */
  create(): string {
    const root = mkdtempSync(join(tmpdir(), 'toolwright-artifacts-test-'));
    this.#created.push(root);
    return root;
  }

  /** Removes every root created so far. */
  removeAll(): void {
    for (const root of this.#created.splice(0)) rmSync(root, { recursive: true, force: true });
  }
}
