/** What the budget needs of a store: how old its oldest event is, and a way to drop it. */
export interface BudgetedStore {
  /** The stamp of the store's oldest kept event, or `undefined` when it keeps none. */
  oldestStamp(): number | undefined;
  /** Drops the store's oldest event (which releases its bytes from the budget). */
  evictOldest(): void;
}

/**
 * The bytes every session's event store keeps, together, bounded by `maxBytes`. Each store
 * bounds itself per session; this bound holds across sessions, so many sessions each within
 * their own bound still cannot exhaust the process's memory. Past it, the oldest events of the
 * whole server go first, whichever session kept them (each event carries a stamp from one
 * counter, so "oldest" is comparable between stores).
 */
export class EventBudget {
  readonly maxBytes: number;
  readonly #stores = new Set<BudgetedStore>();
  #usedBytes = 0;
  #stamp = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Bytes kept now by every store. */
  get usedBytes(): number {
    return this.#usedBytes;
  }

  /** The next stamp: larger than every earlier one. */
  nextStamp(): number {
    this.#stamp += 1;
    return this.#stamp;
  }

  /** Starts counting a store's events. */
  join(store: BudgetedStore): void {
    this.#stores.add(store);
  }

  /** Stops counting a store (it has released its bytes first). */
  leave(store: BudgetedStore): void {
    this.#stores.delete(store);
  }

  /** Counts `bytes` more (negative: fewer). */
  adjust(bytes: number): void {
    this.#usedBytes += bytes;
  }

  /** Drops the oldest events of all stores until the bound holds again. */
  enforce(): void {
    while (this.#usedBytes > this.maxBytes) {
      let oldest: BudgetedStore | undefined;
      let oldestStamp = Number.POSITIVE_INFINITY;
      for (const store of this.#stores) {
        const stamp = store.oldestStamp();
        if (stamp !== undefined && stamp < oldestStamp) {
          oldest = store;
          oldestStamp = stamp;
        }
      }
      // Nothing left to drop: the count is off only if a store released less than it charged.
      if (oldest === undefined) return;
      oldest.evictOldest();
    }
  }
}
