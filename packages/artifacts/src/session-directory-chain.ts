import { lstatSync, type Stats } from 'node:fs';
import {
  ensurePrivateDirectory,
  ensureStorageRoot,
  PRIVATE_DIRECTORY_MODE,
} from '@toolwright/utils/private-files';

/** What a chain check found. */
export type ChainState = 'present' | 'missing' | 'replaced';

/**
 * The directories between the storage root and a session's files — root, namespace, session —
 * and the checks that guard them. The full check (root; namespace and session directory each with
 * lstat: real directory, ours, 0700) runs whenever the session directory is new to this chain;
 * after that, one lstat of the session directory per check must show the same directory (device
 * and inode), still ours and 0700. Whatever path leads there then ends in the directory the full
 * check verified, so nothing can be redirected, and a hot path pays one lstat instead of two.
 */
export class SessionDirectoryChain {
  readonly #root: string;
  readonly #namespaceDirectory: string;
  readonly #sessionDirectory: string;
  readonly #uid: number;
  #rootChecked = false;
  #verified: { dev: number; ino: number } | undefined;
  #checkedThisTurn = false;
  #resetScheduled = false;

  constructor(root: string, namespaceDirectory: string, sessionDirectory: string, uid: number) {
    this.#root = root;
    this.#namespaceDirectory = namespaceDirectory;
    this.#sessionDirectory = sessionDirectory;
    this.#uid = uid;
  }

  /**
   * True from a successful check until the event loop next turns. An operation that writes
   * nothing (a dedup hit) may rely on it; anything that writes must call {@link check} itself.
   */
  get checkedThisTurn(): boolean {
    return this.#checkedThisTurn;
  }

  /**
   * Checks the chain, creating missing directories (0700, chmod-ed explicitly) when `create` is
   * set. Throws `unsafe_directory` on a link, a foreign owner or a loose mode. `replaced` means
   * the session directory is not the one verified before (re-created by another process's
   * removeAll): it passed the full check, and the caller should scan it again.
   */
  check(create: boolean): ChainState {
    this.#checkedThisTurn = false;
    const state = this.#check(create);
    if (state !== 'missing') this.#markCheckedThisTurn();
    return state;
  }

  /** Forgets the verified session directory (after removeAll). */
  forget(): void {
    this.#verified = undefined;
    this.#checkedThisTurn = false;
  }

  #check(create: boolean): ChainState {
    const known = this.#verified;
    if (known !== undefined) {
      const stats = lstatQuietly(this.#sessionDirectory);
      if (
        stats !== undefined &&
        stats.ino === known.ino &&
        stats.dev === known.dev &&
        stats.isDirectory() &&
        stats.uid === this.#uid &&
        (stats.mode & 0o7777) === PRIVATE_DIRECTORY_MODE
      ) {
        return 'present';
      }
      this.#verified = undefined;
    }
    if (create && !this.#rootChecked) {
      ensureStorageRoot(this.#root, this.#uid);
      this.#rootChecked = true;
    }
    if (ensurePrivateDirectory(this.#namespaceDirectory, this.#uid, create) === undefined) return 'missing';
    const session = ensurePrivateDirectory(this.#sessionDirectory, this.#uid, create);
    if (session === undefined) return 'missing';
    this.#verified = { dev: session.dev, ino: session.ino };
    return known === undefined ? 'present' : 'replaced';
  }

  #markCheckedThisTurn(): void {
    this.#checkedThisTurn = true;
    if (this.#resetScheduled) return;
    this.#resetScheduled = true;
    setImmediate(() => {
      this.#resetScheduled = false;
      this.#checkedThisTurn = false;
    });
  }
}

/**
 * The fast path's lstat; undefined when the path is missing or unreachable (a directory of the
 * chain swapped for a file gives ENOTDIR): the full check then runs and reports what it finds.
 */
function lstatQuietly(path: string): Stats | undefined {
  let stats: Stats | undefined;
  try {
    stats = lstatSync(path);
  } catch {
    // Left undefined.
  }
  return stats;
}
