/** What a drain hands back: the queued items, oldest first, and how many were dropped since the last drain. */
export interface Drained<T> {
  items: T[];
  dropped: number;
}

/**
 * Items are copied on the way in so that a producer mutating its object afterwards cannot rewrite
 * history the consumer has not read yet. Copying happens before the queue is touched: an item
 * that cannot be copied leaves the queue exactly as it was.
 */
function copyItem<T>(item: T, queueName: string): T {
  try {
    return structuredClone(item);
  } catch (error) {
    throw new TypeError(
      `Cannot queue an item on "${queueName}": it is not structured-cloneable (${String(error)}); ` +
        'queue plain data (strings, numbers, arrays, plain objects), not functions or class instances.',
      { cause: error },
    );
  }
}

/** Both queue kinds take the same capacity: a positive integer, named in the error when it is not. */
function assertCapacity(queueName: string, capacity: number): void {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(`Queue "${queueName}" capacity must be a positive integer, received ${capacity}.`);
  }
}

/**
 * A first-in first-out queue with a fixed capacity. When full, the oldest item is dropped and
 * counted, so a producer that floods the queue (a looping server) costs its consumer a bounded
 * amount of memory and the consumer still learns that it missed something.
 */
export class BoundedQueue<T> {
  readonly #items: T[] = [];
  #dropped = 0;

  /**
   * @param name - shown in errors, e.g. `server-logs`.
   * @param capacity - the most items held at once; a positive integer.
   */
  constructor(
    readonly name: string,
    readonly capacity: number,
  ) {
    assertCapacity(name, capacity);
  }

  /** Items currently waiting. */
  get size(): number {
    return this.#items.length;
  }

  /** Items dropped since the last drain. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Stores a copy of `item`, dropping the oldest item if the queue is full. */
  enqueue(item: T): void {
    const copy = copyItem(item, this.name);
    if (this.#items.length >= this.capacity) {
      this.#items.shift();
      this.#dropped += 1;
    }
    this.#items.push(copy);
  }

  /** Returns everything queued, oldest first, with the dropped count, and empties the queue. */
  drain(): Drained<T> {
    const drained = { items: this.#items.splice(0), dropped: this.#dropped };
    this.#dropped = 0;
    return drained;
  }
}

/**
 * A bounded queue that holds at most one item per key: enqueueing a key that is already waiting
 * replaces that item in place (its position stays, its content becomes the latest). For
 * events where the consumer only needs to know that something changed, not how many times.
 */
export class KeyedBoundedQueue<T> {
  readonly #items = new Map<string, T>();
  #dropped = 0;

  /**
   * @param name - shown in errors.
   * @param capacity - the most distinct keys held at once; a positive integer.
   * @param keyOf - the deduplication key of an item.
   */
  constructor(
    readonly name: string,
    readonly capacity: number,
    private readonly keyOf: (item: T) => string,
  ) {
    assertCapacity(name, capacity);
  }

  /** Items currently waiting. */
  get size(): number {
    return this.#items.size;
  }

  /** Items dropped since the last drain (duplicates merged into a waiting item do not count). */
  get dropped(): number {
    return this.#dropped;
  }

  /** Stores a copy of `item` under its key; drops the oldest key when a new key overflows the queue. */
  enqueue(item: T): void {
    const copy = copyItem(item, this.name);
    const key = this.keyOf(copy);
    if (this.#items.has(key)) {
      this.#items.set(key, copy);
      return;
    }
    if (this.#items.size >= this.capacity) {
      const oldest = this.#items.keys().next();
      if (!oldest.done) this.#items.delete(oldest.value);
      this.#dropped += 1;
    }
    this.#items.set(key, copy);
  }

  /** Returns everything queued, oldest key first, with the dropped count, and empties the queue. */
  drain(): Drained<T> {
    const drained = { items: [...this.#items.values()], dropped: this.#dropped };
    this.#items.clear();
    this.#dropped = 0;
    return drained;
  }
}
