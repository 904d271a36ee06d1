/** One waiter of a {@link RunGate}, admitted in arrival order. */
interface Waiter {
  readonly alone: boolean;
  readonly admit: () => void;
}

/**
 * The gate every locking call passes: calls that name their paths pass side by side (the path
 * keys then keep two of them off one file), a call that names none passes alone. Waiters are
 * admitted in arrival (FIFO) order, so a call waiting to run alone is not starved by a stream of
 * calls arriving after it, and nobody overtakes it.
 */
export class RunGate {
  #sideBySide = 0;
  #alone = false;
  readonly #waiting: Waiter[] = [];

  /** Resolves once the caller may run: beside the others, or (`alone`) with nobody else inside. */
  enter(alone: boolean): Promise<void> {
    if (this.admitsNow(alone)) {
      this.#take(alone);
      return Promise.resolve();
    }
    return new Promise((admit) => this.#waiting.push({ alone, admit }));
  }

  /** True when {@link enter} would admit the caller at once, without waiting for anyone. */
  admitsNow(alone: boolean): boolean {
    return this.#waiting.length === 0 && this.#admits(alone);
  }

  /** Lets the caller out and admits whoever may now enter. */
  leave(alone: boolean): void {
    if (alone) this.#alone = false;
    else this.#sideBySide -= 1;
    for (
      let next = this.#waiting[0];
      next !== undefined && this.#admits(next.alone);
      next = this.#waiting[0]
    ) {
      this.#waiting.shift();
      this.#take(next.alone);
      next.admit();
    }
  }

  /** True when nobody is inside or waiting (for diagnostics and tests). */
  get idle(): boolean {
    return this.#sideBySide === 0 && !this.#alone && this.#waiting.length === 0;
  }

  #admits(alone: boolean): boolean {
    return !this.#alone && (!alone || this.#sideBySide === 0);
  }

  #take(alone: boolean): void {
    if (alone) this.#alone = true;
    else this.#sideBySide += 1;
  }
}
