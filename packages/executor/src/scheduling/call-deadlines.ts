/** A call's timeout, until it is cancelled or expires. */
export interface Deadline {
  /** When it expires, on `performance.now()`'s clock. */
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The timeouts of one runner's calls on one timer. A timer of its own for each call costs more
 * than a short call's other steps: Node makes, lists and drops a timer list for the duration each
 * time, since no other timer of it is pending. Here the timer stays armed for the earliest
 * deadline; a call that ends removes its deadline, and the timer is only unreferenced (it keeps
 * the process alive while some call is pending, as a call's own timer would). When it fires, the
 * deadlines that passed expire and it is armed for the next one.
 */
export class CallDeadlines {
  readonly #pending = new Set<Deadline>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When the armed timer fires; `Infinity` when none is armed. */
  #firesAt = Number.POSITIVE_INFINITY;

  /** Calls `expire` once `ms` milliseconds have passed, unless {@link cancel} comes first. */
  start(ms: number, expire: () => void): Deadline {
    const deadline: Deadline = { at: performance.now() + ms, expire };
    this.#pending.add(deadline);
    if (this.#timer === undefined || deadline.at < this.#firesAt) this.#arm(deadline.at, ms);
    else if (this.#pending.size === 1) this.#timer.ref();
    return deadline;
  }

  /** Removes `deadline`; it never expires. */
  cancel(deadline: Deadline): void {
    if (this.#pending.delete(deadline) && this.#pending.size === 0) this.#timer?.unref();
  }

  #arm(at: number, ms: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#firesAt = at;
    this.#timer = setTimeout(() => this.#fire(), ms);
    if (this.#pending.size === 0) this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    this.#firesAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    for (const deadline of [...this.#pending]) {
      if (deadline.at > now) continue;
      this.#pending.delete(deadline);
      deadline.expire();
    }
    // Node may fire a little early (its loop clock lags): what has not passed yet waits on. An
    // expiry may have started a deadline (and armed the timer) itself.
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.#pending) if (deadline.at < next) next = deadline.at;
    if (next < this.#firesAt) this.#arm(next, Math.max(1, Math.ceil(next - performance.now())));
  }
}
