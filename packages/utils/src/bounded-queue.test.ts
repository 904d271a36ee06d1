import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedQueue, KeyedBoundedQueue } from './bounded-queue.js';

describe('BoundedQueue', () => {
  it('keeps the last 64 of 70 items, the first being the 7th, and counts 6 dropped', () => {
    const queue = new BoundedQueue<string>('logs', 64);
    for (let index = 1; index <= 70; index += 1) queue.enqueue(`log ${index}`);
    const drained = queue.drain();
    expect(drained.items).toHaveLength(64);
    expect(drained.items[0]).toBe('log 7');
    expect(drained.items.at(-1)).toBe('log 70');
    expect(drained.dropped).toBe(6);
    // A drain empties the queue and resets the count.
    expect(queue.drain()).toEqual({ items: [], dropped: 0 });
  });

  it('stores copies: a producer changing its object later does not change what is drained', () => {
    const queue = new BoundedQueue<{ detail: string }>('q', 4);
    const item = { detail: 'original' };
    queue.enqueue(item);
    item.detail = 'rewritten';
    const [drained] = queue.drain().items;
    expect(drained).toEqual({ detail: 'original' });
    expect(drained).not.toBe(item);
  });

  it('refuses an item that cannot be copied, naming the queue, and leaves the queue as it was', () => {
    const queue = new BoundedQueue<unknown>('server-logs', 4);
    queue.enqueue('kept');
    expect(() => queue.enqueue({ data: () => 'a function' })).toThrow(
      /Cannot queue an item on "server-logs": it is not structured-cloneable/,
    );
    expect(queue.drain()).toEqual({ items: ['kept'], dropped: 0 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the capacity %s, naming the queue', (capacity) => {
    expect(() => new BoundedQueue('changes', capacity)).toThrow(
      new RangeError(`Queue "changes" capacity must be a positive integer, received ${capacity}.`),
    );
    expect(() => new KeyedBoundedQueue('changes', capacity, String)).toThrow(RangeError);
  });

  it('for any number of items, a drain returns the newest min(n, capacity) in order and counts the rest', () => {
    fc.assert(
      fc.property(fc.nat({ max: 200 }), fc.constantFrom(1, 32, 64), (count, capacity) => {
        const queue = new BoundedQueue<number>('q', capacity);
        for (let index = 0; index < count; index += 1) queue.enqueue(index);
        expect(queue.size).toBe(Math.min(count, capacity));
        expect(queue.dropped).toBe(Math.max(0, count - capacity));
        const drained = queue.drain();
        const kept = Math.min(count, capacity);
        expect(drained.items).toEqual(Array.from({ length: kept }, (_, index) => count - kept + index));
        expect(drained.dropped).toBe(count - kept);
      }),
      { numRuns: 100 },
    );
  });
});

describe('KeyedBoundedQueue', () => {
  const byServerAndUri = (update: { server: string; uri: string }): string =>
    JSON.stringify([update.server, update.uri]);

  it('holds one item per key, the latest content in the first position', () => {
    const queue = new KeyedBoundedQueue('updates', 4, byServerAndUri);
    queue.enqueue({ server: 'a', uri: 'file:///x' });
    queue.enqueue({ server: 'b', uri: 'file:///x' });
    queue.enqueue({ server: 'a', uri: 'file:///y' });
    queue.enqueue({ server: 'a', uri: 'file:///x' });
    expect(queue.size).toBe(3);
    expect(queue.drain()).toEqual({
      items: [
        { server: 'a', uri: 'file:///x' },
        { server: 'b', uri: 'file:///x' },
        { server: 'a', uri: 'file:///y' },
      ],
      dropped: 0,
    });
  });

  it('drops the oldest key when a new key overflows it, and counts only those drops', () => {
    const queue = new KeyedBoundedQueue('updates', 32, byServerAndUri);
    for (let index = 0; index < 100; index += 1) {
      queue.enqueue({ server: 's', uri: `file:///r${index}` });
      queue.enqueue({ server: 's', uri: `file:///r${index}` });
    }
    expect(queue.dropped).toBe(68);
    const drained = queue.drain();
    expect(drained.items.map((item) => item.uri)).toEqual(
      Array.from({ length: 32 }, (_, index) => `file:///r${68 + index}`),
    );
    expect(drained.dropped).toBe(68);
    expect(queue.drain()).toEqual({ items: [], dropped: 0 });
  });
});
