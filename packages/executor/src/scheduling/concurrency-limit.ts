/**
 * At most `limit` tasks at once; the rest wait in FIFO order. One limit serves a whole turn, so
 * calls started while the model is still streaming and calls started at the end of the message
 * share the same `maxParallel`.
 */
export class ConcurrencyLimit {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter; only an idle slot is given back.
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }
}
