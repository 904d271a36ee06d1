/** How long aborted calls get to answer before their session is closed under them. */
export const ABORT_GRACE_MS = 500;

/**
 * The tool calls of one session that have not finished, so that a shutdown can let them finish,
 * and stop the ones that would not. Each call runs under a signal of its own, aborted when the
 * client cancels it (the SDK's signal) or when a drain gives up on it.
 */
export class InFlightCalls {
  readonly #calls = new Map<Promise<unknown>, AbortController>();

  /** How many calls are running. */
  get size(): number {
    return this.#calls.size;
  }

  /** Runs `work` as a tracked call whose signal also follows `cancelled`. */
  run<T>(cancelled: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const forward = (): void => controller.abort(cancelled.reason);
    if (cancelled.aborted) forward();
    else cancelled.addEventListener('abort', forward, { once: true });
    const running = work(controller.signal).finally(() => {
      cancelled.removeEventListener('abort', forward);
      this.#calls.delete(running);
    });
    this.#calls.set(running, controller);
    return running;
  }

  /**
   * Waits up to `timeoutMs` for every running call to finish; then aborts the rest with
   * `reason` and gives them {@link ABORT_GRACE_MS} to answer (an aborted result reaches the
   * client, who then knows the call did not complete). Resolves with the counts.
   */
  async drain(timeoutMs: number, reason: string): Promise<{ finished: number; aborted: number }> {
    const running = [...this.#calls.keys()];
    const settled = Promise.allSettled(running);
    if (await finishesWithin(settled, timeoutMs)) return { finished: running.length, aborted: 0 };
    const left = [...this.#calls.entries()];
    for (const [, controller] of left) controller.abort(new Error(reason));
    await finishesWithin(Promise.allSettled(left.map(([call]) => call)), ABORT_GRACE_MS);
    return { finished: running.length - left.length, aborted: left.length };
  }
}

/** True when `promise` settles within `ms`. */
async function finishesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
