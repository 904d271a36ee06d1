import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { EventBudget } from './event-budget.js';
import { MAX_LOSS_MARKERS, MemoryEventStore } from './memory-event-store.js';

function store(maxEvents: number, maxBytes: number, budget = new EventBudget(1 << 30)): MemoryEventStore {
  return new MemoryEventStore({ maxEvents, maxBytes, budget, boundsHint: 'the test bounds' });
}

async function replay(events: MemoryEventStore, after: string): Promise<string[]> {
  const methods: string[] = [];
  await events.replayEventsAfter(after, {
    send: async (_id, message) => void methods.push((message as { method: string }).method),
  });
  return methods;
}

const note = (method: string, padding = 0): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method,
  ...(padding === 0 ? {} : { params: { padding: 'x'.repeat(padding) } }),
});

describe('MemoryEventStore', () => {
  it('replays the events of one stream after an id, skipping priming events, within its count bound', async () => {
    const events = store(4, 1 << 20);
    const priming = await events.storeEvent('a', {} as never);
    await events.storeEvent('b', note('other'));
    const first = await events.storeEvent('a', note('one'));
    await events.storeEvent('a', note('two'));
    expect(await replay(events, priming)).toEqual(['one', 'two']);
    expect(await events.getStreamIdForEventId(first)).toBe('a');
    // The bound (4) drops the oldest event, the priming one: nothing of stream a after it is lost.
    await events.storeEvent('a', note('three'));
    expect(events.size).toBe(4);
    expect(events.resumeProblem(priming)).toBeUndefined();
    expect(await replay(events, priming)).toEqual(['one', 'two', 'three']);
    await expect(events.replayEventsAfter('nonsense', { send: async () => {} })).rejects.toThrow(
      /Unknown event id/,
    );
  });

  it('keeps at most its bytes, dropping the oldest, and counts what it keeps exactly', async () => {
    const budget = new EventBudget(1 << 30);
    const events = store(1_000, 10_000, budget);
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1)
      ids.push(await events.storeEvent('s', note(`m${index}`, 1_000)));
    expect(events.bytes).toBeLessThanOrEqual(10_000);
    expect(events.bytes).toBeGreaterThan(8_000);
    expect(budget.usedBytes).toBe(events.bytes);
    const kept = events.size;
    expect(kept).toBeLessThan(10);
    // Every kept event is counted: JSON bytes plus its id.
    const expected = ids
      .slice(-kept)
      .reduce(
        (total, id, index) =>
          total + Buffer.byteLength(JSON.stringify(note(`m${50 - kept + index}`, 1_000))) + id.length,
        0,
      );
    expect(events.bytes).toBe(expected);
    // Multi-byte text counts in UTF-8 bytes, not characters.
    const wide = store(1_000, 1_000);
    await wide.storeEvent('s', { jsonrpc: '2.0', method: 'é'.repeat(600) });
    expect(wide.size).toBe(0);
  });

  it('does not keep an event larger than its bound, and refuses a resume that would skip it', async () => {
    const events = store(1_000, 2_000);
    const before = await events.storeEvent('s', note('before'));
    const huge = await events.storeEvent('s', note('huge', 5_000));
    const after = await events.storeEvent('s', note('after'));
    expect(events.size).toBe(2);
    expect(events.resumeProblem(before)).toMatch(
      /^Cannot resume after event "s_1": later events of its stream were dropped .*\(the test bounds\)/,
    );
    await expect(replay(events, before)).rejects.toThrow(/Cannot resume after event/);
    // From the huge one on, nothing is missing.
    expect(events.resumeProblem(huge)).toBeUndefined();
    expect(await replay(events, huge)).toEqual(['after']);
    expect(events.resumeProblem(after)).toBeUndefined();
  });

  it('refuses a resume only on the stream that lost events', async () => {
    const events = store(3, 1 << 20);
    const a1 = await events.storeEvent('a', note('a1'));
    const b1 = await events.storeEvent('b', note('b1'));
    await events.storeEvent('a', note('a2'));
    await events.storeEvent('a', note('a3'));
    await events.storeEvent('a', note('a4')); // drops a1 and b1
    expect(events.resumeProblem(a1)).toBeUndefined(); // a1 itself was received; nothing after it lost
    expect(await replay(events, a1)).toEqual(['a2', 'a3', 'a4']);
    expect(events.resumeProblem(b1)).toBeUndefined();
    await events.storeEvent('a', note('a5')); // drops a2
    expect(events.resumeProblem(a1)).toMatch(/Cannot resume/);
    expect(events.resumeProblem(b1)).toBeUndefined();
  });

  it('remembers losses of a bounded number of streams, and refuses conservatively past it', async () => {
    const events = store(1, 1 << 20);
    const early = await events.storeEvent('quiet', note('kept-cursor'));
    // Each later event drops the one before it: one more stream with a loss each time.
    for (let index = 0; index <= MAX_LOSS_MARKERS + 1; index += 1)
      await events.storeEvent(`s${index}`, note('x'));
    // 'quiet' lost only the cursor event itself, but its marker was forgotten among many, and
    // so was a later loss of another stream: whether 'quiet' lost anything after its cursor is
    // unknown, so the resume is refused.
    expect(events.resumeProblem(early)).toMatch(/Cannot resume/);
    const latest = await events.storeEvent('fresh', note('y'));
    expect(events.resumeProblem(latest)).toBeUndefined();
  });

  it('shares one byte budget between sessions, dropping the oldest events of any session first', async () => {
    const budget = new EventBudget(5_000);
    const first = store(1_000, 4_000, budget);
    const second = store(1_000, 4_000, budget);
    const old = await first.storeEvent('s', note('old', 1_500));
    await first.storeEvent('s', note('newer', 1_500));
    await second.storeEvent('t', note('third', 1_500));
    expect(budget.usedBytes).toBeLessThanOrEqual(5_000);
    await second.storeEvent('t', note('fourth', 1_500));
    // Over 5,000 together: the oldest of all (first's 'old') went, not the newest.
    expect(budget.usedBytes).toBeLessThanOrEqual(5_000);
    expect(first.size).toBe(1);
    expect(second.size).toBe(2);
    expect(first.resumeProblem(old)).toBeUndefined();
    expect(budget.usedBytes).toBe(first.bytes + second.bytes);
    // A closed session gives its bytes back.
    second.dispose();
    expect(budget.usedBytes).toBe(first.bytes);
    await second.storeEvent('t', note('late'));
    expect(budget.usedBytes).toBe(first.bytes);
  });
});
