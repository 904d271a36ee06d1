import type { Parallelism } from '@toolwright/contracts';

/**
 * Runs the calls of a conversation in the order they arrive, as the toolwright contract orders
 * a batch: `shared` calls run side by side, an `exclusive` call is a FIFO barrier — it starts
 * after every call before it has settled, and every call after it waits for it.
 *
 * The AI SDK starts all the calls of a step at once (`Promise.all`), in the order the model
 * wrote them. Handed straight to the executor one by one, a Write and a Read of the same file
 * could overlap; the lane restores the ordering the executor gives a whole batch.
 */
export class CallLane {
  /** Settles when the last exclusive call has settled; `undefined` once it has. */
  #barrier: Promise<void> | undefined;
  /** Shared calls since the last exclusive call that have not settled: the next exclusive call waits for them. */
  #shared = new Set<Promise<unknown>>();

  run<T>(parallelism: Parallelism, task: () => Promise<T>): Promise<T> {
    if (parallelism === 'shared') {
      // The common case, no exclusive call pending: start at once, without a hop through the barrier.
      const running = this.#barrier === undefined ? task() : this.#barrier.then(task);
      const shared = this.#shared;
      const settled: Promise<unknown> = running.then(
        () => shared.delete(settled),
        () => shared.delete(settled),
      );
      shared.add(settled);
      return running;
    }
    const running = Promise.all([this.#barrier, ...this.#shared]).then(task);
    const barrier = running.then(ignore, ignore);
    this.#barrier = barrier;
    this.#shared = new Set();
    void barrier.then(() => {
      if (this.#barrier === barrier) this.#barrier = undefined;
    });
    return running;
  }
}

function ignore(): void {}
