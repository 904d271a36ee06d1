import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from './memory-event-store.js';

describe('MemoryEventStore', () => {
  it('replays the events of one stream after an id, skipping priming events, within its bound', async () => {
    const store = new MemoryEventStore(4);
    const priming = await store.storeEvent('a', {} as never);
    await store.storeEvent('b', { jsonrpc: '2.0', method: 'other' });
    const first = await store.storeEvent('a', { jsonrpc: '2.0', method: 'one' });
    await store.storeEvent('a', { jsonrpc: '2.0', method: 'two' });
    const replayed: string[] = [];
    const stream = await store.replayEventsAfter(priming, {
      send: async (_id, message) => {
        replayed.push((message as { method: string }).method);
      },
    });
    expect(stream).toBe('a');
    expect(replayed).toEqual(['one', 'two']);
    expect(await store.getStreamIdForEventId(first)).toBe('a');
    await store.storeEvent('a', { jsonrpc: '2.0', method: 'three' });
    const after: string[] = [];
    await store.replayEventsAfter(priming, {
      send: async (_id, message) => void after.push((message as { method: string }).method),
    });
    // The bound (4) dropped the oldest event; what is left after the id still arrives.
    expect(after).toEqual(['one', 'two', 'three']);
    await expect(store.replayEventsAfter('nonsense', { send: async () => {} })).rejects.toThrow(
      /Unknown event id/,
    );
  });
});
