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
  /** Settles when the last exclusive call (and everything before it) has settled. */
  #barrier: Promise<unknown> = Promise.resolve();
  /** Shared calls started since the last barrier: the next exclusive call waits for them. */
  readonly #sinceBarrier = new Set<Promise<unknown>>();

  run<T>(parallelism: Parallelism, task: () => Promise<T>): Promise<T> {
    if (parallelism === 'shared') {
      const running = this.#barrier.then(task);
      const settled = running.then(ignore, ignore);
      this.#sinceBarrier.add(settled);
      void settled.then(() => this.#sinceBarrier.delete(settled));
      return running;
    }
    const before = Promise.all([this.#barrier, ...this.#sinceBarrier]);
    const running = before.then(task);
    this.#barrier = running.then(ignore, ignore);
    this.#sinceBarrier.clear();
    return running;
  }
}

function ignore(): void {}
