/**
 * Per-path mutual exclusion for calls of tools that are not concurrency-safe. A tool may set
 * `parallelism: 'shared'` so its calls join a shared batch, but two read-modify-write calls on
 * the same file must still not interleave; this lock serialises them in arrival (FIFO) order
 * while calls on other paths proceed.
 */
export class PathLock {
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * Waits until every path is free, holds them, and returns the release function. Paths are
   * taken in sorted order so that two calls wanting overlapping sets cannot deadlock.
   */
  async acquire(paths: readonly string[]): Promise<() => void> {
    const unique = [...new Set(paths)].sort();
    const releases: Array<() => void> = [];
    for (const path of unique) {
      const previous = this.#tails.get(path) ?? Promise.resolve();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const tail = previous.then(() => held);
      this.#tails.set(path, tail);
      releases.push(() => {
        release();
        // Forget the path once nobody queues behind us, so the map does not grow forever.
        if (this.#tails.get(path) === tail) this.#tails.delete(path);
      });
      await previous;
    }
    return () => {
      for (const release of releases.reverse()) release();
    };
  }

  /** Paths currently held or awaited (for diagnostics and tests). */
  get size(): number {
    return this.#tails.size;
  }
}
