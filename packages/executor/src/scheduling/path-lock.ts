import { statSync } from 'node:fs';
import { resolveRealPath } from '../paths/real-path.js';
import { RunGate } from './run-gate.js';

/**
 * Mutual exclusion for calls of tools that are not concurrency-safe. Two read-modify-write calls
 * on one file must not interleave, even inside a shared batch or in two executors; they are
 * serialised in arrival (FIFO) order while calls on other files proceed. A call that names no
 * path (a writer that declares no `affectedPaths`) could touch any file, so it runs alone: no
 * other locking call runs beside it.
 *
 * A file is known by every name it has: its real path (so `a/./x`, `a/../a/x` and a symlink to
 * it take one lock) and, when it exists, its device and inode (so two hard links of one file take
 * one lock too). Holding both keys also covers a writer that replaced the file by rename: the
 * inode changed, the real path did not.
 *
 * Every `ToolExecutor` and `ToolCallRunner` of a process shares one lock ({@link processPathLock})
 * unless it is given its own with the `pathLock` option: pass one `new PathLock()` to the
 * executors that should only exclude each other (one per tenant, or one per test).
 */
export class PathLock {
  readonly #tails = new Map<string, Promise<void>>();
  readonly #gate = new RunGate();

  /**
   * Waits until every key of every path is free (and no call runs alone), holds them, and
   * returns the release function. Keys are taken in sorted order, so two calls wanting
   * overlapping sets cannot deadlock. `onWait` is called (once) when the caller has to wait for
   * another holder: a trace shows the wait only when there was one.
   */
  async acquire(paths: readonly string[], onWait?: () => void): Promise<() => void> {
    // Resolved before entering, so a path that cannot be resolved leaves nothing held.
    const keys = [...new Set(paths.flatMap(lockKeys))].sort();
    // Told at the first thing found in the way: the gate, or a key another call holds or awaits.
    let untold = onWait;
    if (untold !== undefined && !this.#gate.admitsNow(false)) {
      untold();
      untold = undefined;
    }
    await this.#gate.enter(false);
    const releases: Array<() => void> = [];
    for (const key of keys) {
      const queued = this.#tails.get(key);
      if (queued !== undefined && untold !== undefined) {
        untold();
        untold = undefined;
      }
      const previous = queued ?? Promise.resolve();
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
    return once(() => {
      for (const release of releases.reverse()) release();
      this.#gate.leave(false);
    });
  }

  /**
   * Waits until no other call holds any part of this lock, holds all of it, and returns the
   * release function: for a call that could touch any path because it names none. `onWait` is
   * called when the caller has to wait for another holder.
   */
  async acquireExclusive(onWait?: () => void): Promise<() => void> {
    if (onWait !== undefined && !this.#gate.admitsNow(true)) onWait();
    await this.#gate.enter(true);
    return once(() => this.#gate.leave(true));
  }

  /** True when no call holds or awaits any part of this lock. */
  get idle(): boolean {
    return this.#gate.idle && this.#tails.size === 0;
  }
}

/** A release that does its work once however often it is called. */
function once(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/** Where the lock every executor of this process shares lives: one slot, whichever copy of the package made it. */
const PROCESS_PATH_LOCK = Symbol.for('toolwright.executor.process-path-lock.v1');

/**
 * The path lock every `ToolExecutor` and `ToolCallRunner` of this process uses unless given its
 * own. Kept on `globalThis` under a registered symbol, so that the ESM and CommonJS builds of
 * the package, loaded side by side, share it too.
 */
export function processPathLock(): PathLock {
  const slot = globalThis as { [PROCESS_PATH_LOCK]?: PathLock };
  slot[PROCESS_PATH_LOCK] ??= new PathLock();
  return slot[PROCESS_PATH_LOCK];
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
