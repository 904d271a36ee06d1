import type { JsonRpcMessageV1 } from '@toolwright/spec';
import {
  type RedisServerUnderTest,
  redisTestsRun,
  rejectionOf,
  startRedisServer,
} from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpResumeError } from './mcp-resume-error.js';
import { RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store.js';
import { RedisStoreError } from './redis-store-error.js';

// A real redis-server; each RedisConnection is one replica of a fleet (its own client). What one
// replica's store keeps, another replica's store (another object, another connection) replays.
let server: RedisServerUnderTest;
const opened: RedisConnection[] = [];

async function replica(options: RedisEventStoreOptions): Promise<RedisEventStore> {
  const connection = await RedisConnection.open(server.url);
  opened.push(connection);
  return new RedisEventStore(connection, options);
}

const note = (method: string, padding = 0): JsonRpcMessageV1 => ({
  jsonrpc: '2.0',
  method,
  ...(padding === 0 ? {} : { params: { padding: 'x'.repeat(padding) } }),
});

async function replay(store: RedisEventStore, after: string): Promise<[string, string][]> {
  const sent: [string, string][] = [];
  await store.replayEventsAfter(after, {
    send: async (id, message) => void sent.push([id, String(message.method)]),
  });
  return sent;
}

describe.skipIf(!redisTestsRun())('RedisEventStore on a real redis-server', () => {
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    for (const connection of opened) await connection.close();
    await server?.stop();
  });

  it('replays exactly the events of a stream after an id, in order, from another replica', async () => {
    const storing = await replica({ scope: 'session-1', keyPrefix: 'replay:' });
    const resuming = await replica({ scope: 'session-1', keyPrefix: 'replay:' });
    const otherSession = await replica({ scope: 'session-2', keyPrefix: 'replay:' });
    const priming = await storing.storeEvent('_GET_stream', {});
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push(await storing.storeEvent('_GET_stream', note(`get-${index}`)));
      await storing.storeEvent('request-7', note(`request-${index}`));
    }
    await otherSession.storeEvent('_GET_stream', note('not this session'));
    // Ids name their stream and sort as they were given.
    expect(ids[0]).toMatch(/^_GET_stream_\d{16}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(await resuming.getStreamIdForEventId(ids[3]!)).toBe('_GET_stream');
    expect(await replay(resuming, priming)).toEqual(ids.map((id, index) => [id, `get-${index}`]));
    expect(await replay(resuming, ids[9]!)).toEqual([
      [ids[10], 'get-10'],
      [ids[11], 'get-11'],
    ]);
    expect(await replay(resuming, ids[11]!)).toEqual([]);
    expect(await resuming.resumeProblem(ids[0]!)).toBeUndefined();
    const unknown = await rejectionOf(
      resuming.replayEventsAfter('nonsense', { send: async () => {} }),
      McpResumeError,
    );
    expect(unknown.code).toBe('unknown_event');
    const noSend = await rejectionOf(resuming.replayEventsAfter(priming, {} as never), McpResumeError);
    expect([noSend.code, noSend.message]).toEqual([
      'invalid_option',
      'RedisEventStore.replayEventsAfter: send must be a function (eventId, message) => Promise<void>; got undefined.',
    ]);
    expect(await resuming.resumeProblem('nonsense')).toBeUndefined();
  });

  it('keeps a scope within its bytes and count under many streams, counting UTF-8 bytes and ids', async () => {
    const store = await replica({ scope: 's', keyPrefix: 'bytes:', maxBytes: 20_000, maxEvents: 1_000 });
    const connection = opened.at(-1)!;
    // Many streams written at once by several replicas: the bound holds whatever interleaves.
    const writers = [
      store,
      await replica({ scope: 's', keyPrefix: 'bytes:', maxBytes: 20_000, maxEvents: 1_000 }),
    ];
    await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        writers[index % 2]!.storeEvent(`stream-${index % 40}`, note(`é${index}`, 300 + (index % 7) * 100)),
      ),
    );
    const [held, counted] = await runOnConnection(connection, 'test', async (client) => [
      await client.xRange('bytes:mcp-events:{s}:log', '-', '+'),
      Number(await client.hGet('bytes:mcp-events:{s}:meta', 'bytes')),
    ]);
    const actual = (held as { id: string; message: Record<string, string> }[]).reduce(
      (total, entry) =>
        total +
        Buffer.byteLength(entry.message.m!) +
        Buffer.byteLength(`${entry.message.s}_${entry.id.split('-')[0]!.padStart(16, '0')}`),
      0,
    );
    expect(actual).toBe(counted);
    expect(counted).toBeLessThanOrEqual(20_000);
    expect(counted).toBeGreaterThan(15_000);
    // The count bound too.
    const few = await replica({ scope: 's', keyPrefix: 'count:', maxEvents: 5 });
    for (let index = 0; index < 30; index += 1) await few.storeEvent(`s${index % 3}`, note('m'));
    expect(
      await runOnConnection(connection, 'test', (client) => client.xLen('count:mcp-events:{s}:log')),
    ).toBe(5);
  });

  it('refuses a resume after which its stream lost an event, naming the bound; other streams still resume', async () => {
    const storing = await replica({ scope: 'trim', keyPrefix: 'trim:', maxBytes: 3_000 });
    const resuming = await replica({ scope: 'trim', keyPrefix: 'trim:', maxBytes: 3_000 });
    const quiet = await storing.storeEvent('quiet', note('only'));
    const first = await storing.storeEvent('busy', note('first', 500));
    for (let index = 0; index < 10; index += 1) await storing.storeEvent('busy', note(`more-${index}`, 500));
    // The quiet stream's one event was dropped, but nothing after it: its resume is complete (empty).
    expect(await resuming.resumeProblem(quiet)).toBeUndefined();
    expect(await replay(resuming, quiet)).toEqual([]);
    const problem = await resuming.resumeProblem(first);
    expect(problem).toBe(
      `Cannot resume after event ${JSON.stringify(first)}: later events of its stream were dropped to keep the server's stream events within their bounds (RedisEventStore maxBytes 3000, maxEvents 1000 per scope), so what they said cannot be replayed. Send the request again, or ask the server operator to raise the bounds.`,
    );
    const sent: string[] = [];
    const refused = await rejectionOf(
      resuming.replayEventsAfter(first, { send: async (id) => void sent.push(id) }),
      McpResumeError,
    );
    expect(refused.code).toBe('events_dropped');
    expect(refused.message).toBe(problem);
    expect(sent).toEqual([]);
    // An event larger than the bound is never kept, and a resume from before it is refused.
    const before = await storing.storeEvent('big', note('before'));
    const huge = await storing.storeEvent('big', note('huge', 5_000));
    await storing.storeEvent('big', note('after'));
    expect(await resuming.resumeProblem(before)).toMatch(/later events of its stream were dropped/);
    expect((await replay(resuming, huge)).map(([, method]) => method)).toEqual(['after']);
  });

  it('refuses a resume once the scope has expired, and a store of bad options, naming them', async () => {
    const store = await replica({ scope: 'ttl', keyPrefix: 'ttl:', ttlMs: 50 });
    const id = await store.storeEvent('s', note('soon gone'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.resumeProblem(id)).toMatch(
      /the server no longer holds the events of its session from there \(they expire 50 ms after/,
    );
    const connection = opened.at(-1)!;
    for (const [options, message] of [
      [
        { scope: 'a{b}' },
        'RedisEventStore: scope must be a string of 1 to 256 visible ASCII characters but { and }',
      ],
      [{ scope: 's', maxBytes: 0 }, 'RedisEventStore: maxBytes must be an integer from 1'],
      [{ scope: 's', maxByte: 10 }, 'maxByte'],
    ] as const) {
      expect(() => new RedisEventStore(connection, options as never)).toThrow(message);
    }
  });

  it('says which key holds something else', async () => {
    const store = await replica({ scope: 'junk', keyPrefix: 'junk:' });
    await runOnConnection(opened.at(-1)!, 'test', (client) =>
      client.set('junk:mcp-events:{junk}:log', 'not a stream'),
    );
    const error = await rejectionOf(store.storeEvent('s', note('m')), RedisStoreError);
    expect(error.code).toBe('invalid_data');
    expect(error.message).toContain(
      'Redis key junk:mcp-events:{junk}:log holds a string, not the stream this store keeps there',
    );
  });

  it('fails clearly while Redis is down, and works again once it is back', async () => {
    const store = await replica({ scope: 'restart', keyPrefix: 'restart:' });
    const id = await store.storeEvent('s', note('before'));
    await server.kill();
    for (const attempt of [store.storeEvent('s', note('m')), store.resumeProblem(id), replay(store, id)]) {
      const error = await rejectionOf(attempt, RedisStoreError);
      expect(error.code).toBe('unavailable');
      expect(error.message).toContain(`Redis at redis://127.0.0.1:${server.port} is unavailable while`);
    }
    await server.start();
    let after: string | undefined;
    while (after === undefined) {
      after = await store.storeEvent('s', note('after')).catch(() => undefined);
      if (after === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The restarted Redis is empty (nothing persisted): new ids sort after the old one and never
    // repeat it, and the old id is refused, not answered with the new events as if none were lost.
    expect(after > id).toBe(true);
    expect(await store.resumeProblem(id)).toMatch(/no longer holds the events of its session from there/);
    expect((await rejectionOf(replay(store, id), McpResumeError)).code).toBe('events_dropped');
    expect(await replay(store, after)).toEqual([]);
  }, 30_000);
});

describe.skipIf(!redisTestsRun())('RedisEventStore loss markers', () => {
  let local: RedisServerUnderTest;
  let connection: RedisConnection;
  beforeAll(async () => {
    local = await startRedisServer();
    connection = await RedisConnection.open(local.url);
  });
  afterAll(async () => {
    await connection?.close();
    await local?.stop();
  });

  it('past 64 streams with losses, a stream whose marker was forgotten is refused, never replayed with a hole', async () => {
    const store = new RedisEventStore(connection, { scope: 'many', maxEvents: 1 });
    // Each stream keeps an event the next one's push drops: 70 streams each lose one.
    const firsts: string[] = [];
    for (let index = 0; index < 70; index += 1) {
      firsts.push(await store.storeEvent(`stream-${index}`, note('first')));
      await store.storeEvent(`stream-${index}`, note('second'));
    }
    // stream-0 lost its second event; its marker is long forgotten, yet its resume is refused.
    expect(await store.resumeProblem(firsts[0]!)).toMatch(/later events of its stream were dropped/);
    expect(await store.resumeProblem(firsts[69]!)).toBeUndefined();
    expect(
      await runOnConnection(connection, 'test', (client) =>
        client.zCard('toolwright:mcp-events:{many}:lost'),
      ),
    ).toBe(64);
  });
});
