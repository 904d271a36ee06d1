import { performance } from 'node:perf_hooks';

/** An item of a stream with the moment it arrived, on the clock the streaming server uses. */
export interface TimedItem<T> {
  readonly item: T;
  readonly at: number;
}

/** Everything a stream yielded, and how it ended. */
export interface CapturedStream<T> {
  readonly items: TimedItem<T>[];
  /** What the iteration threw; undefined when it ended normally. */
  readonly error: unknown;
  readonly threw: boolean;
}

/**
 * Reads a stream to its end, stamping each item with `performance.now()` as it arrives, and
 * keeps a thrown error instead of rethrowing it, so a test can assert on the items that came
 * before. `onItem` runs as each arrives (e.g. to abort once a call has started).
 */
export async function captureStream<T>(
  stream: AsyncIterable<T>,
  onItem?: (item: T) => void,
): Promise<CapturedStream<T>> {
  const items: TimedItem<T>[] = [];
  try {
    for await (const item of stream) {
      items.push({ item, at: performance.now() });
      onItem?.(item);
    }
    return { items, error: undefined, threw: false };
  } catch (error) {
    return { items, error, threw: true };
  }
}
