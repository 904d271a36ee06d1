import { statSync } from 'node:fs';
import { resolveRealPath } from '../paths/real-path.js';

/**
 * Per-file mutual exclusion for calls of tools that are not concurrency-safe. Two read-modify-
 * write calls on one file must not interleave, even inside a shared batch; they are serialised
 * in arrival (FIFO) order while calls on other files proceed.
 *
 * A file is known by every name it has: its real path (so `a/./x`, `a/../a/x` and a symlink to
 * it take one lock) and, when it exists, its device and inode (so two hard links of one file take
 * one lock too). Holding both keys also covers a writer that replaced the file by rename: the
 * inode changed, the real path did not.
 */
export class PathLock {
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * Waits until every key of every path is free, holds them, and returns the release function.
   * Keys are taken in sorted order, so two calls wanting overlapping sets cannot deadlock.
   */
  async acquire(paths: readonly string[]): Promise<() => void> {
    const keys = [...new Set(paths.flatMap(lockKeys))].sort();
    const releases: Array<() => void> = [];
    for (const key of keys) {
      const previous = this.#tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.#tails.set(key, tail);
      releases.push(() => {
        release();
        // Forget the key once nobody queues behind it, so the map does not grow forever.
        if (this.#tails.get(key) === tail) this.#tails.delete(key);
      });
      await previous;
    }
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  /** Keys currently held or awaited (for diagnostics and tests). */
  get size(): number {
    return this.#tails.size;
  }
}

function lockKeys(path: string): string[] {
  let real: string;
  try {
    real = resolveRealPath(path);
  } catch {
    // A path that cannot be resolved (a symlink loop) still gets a lock, on its written name.
    return [`path:${path}`];
  }
  const info = statSync(real, { throwIfNoEntry: false, bigint: true });
  return info === undefined ? [`path:${real}`] : [`path:${real}`, `inode:${info.dev}:${info.ino}`];
}
