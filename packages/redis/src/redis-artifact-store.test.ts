import { createHash } from 'node:crypto';
import { ArtifactStoreError } from '@toolwright/artifacts';
import { redisTestsRun, rejectionOf, waitFor } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { RedisArtifactStore, type RedisArtifactStoreOptions } from './index.js';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError } from './redis-store-error.js';
import { type RedisFleet, redisFleet } from './test-support/redis-fleet.js';

// What the Redis store promises beyond the artifact store kit (redis-artifact-store-kit.test.ts):
// counters that equal what is stored, under concurrency and across a crash of Redis; a time to
// live per session; clear errors for keys written by something else. A real redis-server, kept
// in an append-only file synced on every write, so that a killed one comes back with its data.

let fleet: RedisFleet;
const worker = () => fleet.worker();

let sessions = 0;
async function storeOf(
  options: Partial<RedisArtifactStoreOptions> = {},
  connection?: RedisConnection,
): Promise<RedisArtifactStore> {
  sessions += 1;
  return new RedisArtifactStore(connection ?? (await worker()), {
    namespace: 'tests',
    sessionId: `session-${sessions}`,
    ...options,
  });
}

const sha256 = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const sessionKeys = (sessionId: string, namespace = 'tests', prefix = 'toolwright:') =>
  `${prefix}artifacts:{${namespace}:${sha256(sessionId)}}:`;

/** The session as Redis holds it: counters, records, and every blob key under the session. */
async function inRedis(connection: RedisConnection, sessionId: string) {
  const keys = sessionKeys(sessionId);
  return runOnConnection(connection, 'test', async (client) => {
    const [items, bytes] = await client.hmGet(`${keys}usage`, ['items', 'bytes']);
    const index = await client.hGetAll(`${keys}index`);
    const blobs: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${keys}blob:*`, COUNT: 1000 }))
      blobs.push(...batch);
    // Bytes sent ahead of a write that never ran: they expire by themselves, and count nowhere.
    const staged: string[] = [];
    for await (const batch of client.scanIterator({ MATCH: `${keys}staging:*`, COUNT: 1000 }))
      staged.push(...batch);
    const recordedBytes = Object.values(index).reduce(
      (sum, record) => sum + (JSON.parse(record) as { byteLength: number }).byteLength,
      0,
    );
    return {
      counted: { items: Number(items ?? 0), bytes: Number(bytes ?? 0) },
      recorded: { items: Object.keys(index).length, bytes: recordedBytes },
      recordIds: Object.keys(index).sort(),
      blobIds: blobs.map((key) => key.slice(key.lastIndexOf(':') + 1)).sort(),
      staged,
    };
  });
}

describe.skipIf(!redisTestsRun())('RedisArtifactStore on a real redis-server', () => {
  fleet = redisFleet({ password: 'artifacts', persistent: true });

  it('holds maxSessionBytes exactly under 50 concurrent writes from 5 workers; the counters equal what is stored', async () => {
    const sessionId = 'bytes-race';
    const workers = await Promise.all(
      Array.from({ length: 5 }, async () =>
        storeOf({ sessionId, limits: { maxSessionBytes: 10 * 1024, maxItems: 1000 } }),
      ),
    );
    // 50 distinct artifacts of 1 KiB each at a limit of 10 KiB: exactly 10 fit.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        workers[index % 5]!.write({ kind: 'race', bytes: Buffer.alloc(1024, index) }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect((outcome.reason as ArtifactStoreError).code).toBe('session_quota_exceeded');
    const held = await inRedis(await worker(), sessionId);
    expect(held.counted).toEqual({ items: 10, bytes: 10 * 1024 });
    expect(held.recorded).toEqual(held.counted);
    expect(held.blobIds).toEqual(held.recordIds);
    expect(await workers[3]!.usage()).toMatchObject({ items: 10, bytes: 10 * 1024 });
  });

  it('gives all keys of a session one deadline, at least ttlMs after its last write', async () => {
    const connection = await worker();
    const store = await storeOf({ sessionId: 'ttl', ttlMs: 60_000 }, connection);
    const keys = sessionKeys('ttl');
    const deadlines = (ids: readonly string[]) =>
      runOnConnection(connection, 'test', async (client) => {
        const [seconds, micros] = await client.time();
        const now = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
        const names = [`${keys}usage`, `${keys}index`, ...ids.map((id) => `${keys}blob:${id}`)];
        return Promise.all(names.map(async (name) => (await client.pExpireTime(name)) - now));
      });
    const first = await store.write({ kind: 'a', bytes: 'first' });
    const second = await store.write({ kind: 'a', bytes: 'second' });
    // One deadline for every key (a new blob joins the session's), 1.5 x ttlMs from the first write.
    const [left, ...others] = await deadlines([first.id, second.id]);
    expect(new Set(others)).toEqual(new Set([left]));
    expect(left).toBeGreaterThan(80_000);
    expect(left).toBeLessThanOrEqual(90_000);
    // A session with less than ttlMs left (aged here by hand) gets 1.5 x ttlMs again, all of it.
    await runOnConnection(connection, 'test', async (client) => {
      for (const key of ['usage', 'index', `blob:${first.id}`, `blob:${second.id}`])
        await client.pExpire(`${keys}${key}`, 5_000);
    });
    const third = await store.write({ kind: 'a', bytes: 'third' });
    const renewed = await deadlines([first.id, second.id, third.id]);
    expect(new Set(renewed).size).toBe(1);
    expect(renewed[0]).toBeGreaterThan(80_000);
  });

  it('writes the bytes again when they were removed by hand while the record stayed, counting them once', async () => {
    const connection = await worker();
    const store = await storeOf({ sessionId: 'lost-blob' }, connection);
    const record = await store.write({ kind: 'a', bytes: 'lost and found' });
    await runOnConnection(connection, 'test', (client) =>
      client.del(`${sessionKeys('lost-blob')}blob:${record.id}`),
    );
    const missing = await rejectionOf(store.read(record.id), ArtifactStoreError);
    expect(missing.code).toBe('verification_failed');
    expect(missing.message).toContain(
      `Redis key ${sessionKeys('lost-blob')}blob:${record.id} is missing while its record is present`,
    );
    expect(await store.write({ kind: 'a', bytes: 'lost and found' })).toMatchObject({ deduplicated: false });
    expect(Buffer.from((await store.read(record.id)).bytes).toString()).toBe('lost and found');
    expect(await store.usage()).toMatchObject({ items: 1, bytes: 14 });
  });

  it('says which key holds something it did not write (invalid_data), never a raw Redis error', async () => {
    const connection = await worker();
    const store = await storeOf({ sessionId: 'foreign' }, connection);
    const keys = sessionKeys('foreign');
    await runOnConnection(connection, 'test', (client) => client.set(`${keys}index`, 'a string, not a hash'));
    for (const attempt of [store.write({ kind: 'a', bytes: 'x' }), store.list(), store.read(sha256('x'))]) {
      const error = await rejectionOf(attempt, RedisStoreError);
      expect(error.code).toBe('invalid_data');
      expect(error.message).toContain(`${keys}index`);
    }
    await runOnConnection(connection, 'test', async (client) => {
      await client.del(`${keys}index`);
      await client.hSet(`${keys}index`, sha256('x'), 'not json');
    });
    const garbled = await rejectionOf(store.read(sha256('x')), RedisStoreError);
    expect(garbled.code).toBe('invalid_data');
    expect(garbled.message).toContain(`Redis key ${keys}index holds no artifact record for ${sha256('x')}`);
  });

  it('refuses a bad option by name, as invalid_option', async () => {
    const connection = await worker();
    const cases: Array<[unknown, string]> = [
      [{ namespace: 'Bad Name', sessionId: 's' }, 'RedisArtifactStore: namespace must be a name matching'],
      [{ namespace: 'ok', sessionId: 'has space' }, 'RedisArtifactStore: sessionId must be'],
      [{ namespace: 'ok', sessionId: 's', limit: { maxItems: 1 } }, 'limit'],
      [{ namespace: 'ok', sessionId: 's', ttlMs: 0 }, 'ttlMs'],
      [{ namespace: 'ok', sessionId: 's', readBackTool: 'no spaces allowed' }, 'readBackTool'],
    ];
    for (const [options, words] of cases) {
      let thrown: unknown;
      try {
        new RedisArtifactStore(connection, options as RedisArtifactStoreOptions);
      } catch (error) {
        thrown = error;
      }
      expect(RedisStoreError.isInstance(thrown), String(thrown)).toBe(true);
      expect((thrown as RedisStoreError).code).toBe('invalid_option');
      expect((thrown as RedisStoreError).message).toContain(words);
    }
  });

  it('fails as unavailable while Redis is killed mid-run, and after its restart the counters match the records: nothing half-written', async () => {
    const connection = await worker();
    const store = await storeOf({ sessionId: 'crash', limits: { maxItems: 100_000 } }, connection);
    let written = 0;
    let stop = false;
    const failures: unknown[] = [];
    // Four writers in a loop until told to stop; Redis is killed under them.
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let round = 0; !stop; round += 1) {
        try {
          // Half of them large enough to be sent ahead of their write script.
          const size = writer % 2 === 0 ? 64 * 1024 : 320 * 1024;
          await store.write({ kind: 'crash', bytes: Buffer.alloc(size, `${writer}:${round}`) });
          written += 1;
        } catch (error) {
          failures.push(error);
          stop = true;
        }
      }
    });
    await waitFor(() => written >= 20);
    await fleet.server.kill();
    await Promise.all(writers);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(RedisStoreError.isInstance(failure), String(failure)).toBe(true);
      expect((failure as RedisStoreError).code).toBe('unavailable');
      expect((failure as RedisStoreError).message).toContain(
        `Redis at redis://:***@127.0.0.1:${fleet.server.port}`,
      );
    }
    expect((await rejectionOf(store.usage(), RedisStoreError)).code).toBe('unavailable');

    await fleet.server.start();
    // The connection comes back by itself; until then each call fails at once.
    let usage: Awaited<ReturnType<RedisArtifactStore['usage']>> | undefined;
    while (usage === undefined) {
      usage = await store.usage().catch(() => undefined);
      if (usage === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const held = await inRedis(connection, 'crash');
    expect(held.counted.items).toBeGreaterThanOrEqual(written);
    expect(held.counted).toEqual(held.recorded);
    expect(usage).toMatchObject(held.counted);
    expect(held.blobIds).toEqual(held.recordIds);
    for (const record of await store.list())
      expect((await store.read(record.id)).bytes.byteLength).toBe(record.byteLength);
    // The restarted Redis has lost its script cache: the next write sends the script again.
    await store.write({ kind: 'crash', bytes: 'after the restart' });
    expect(await store.usage()).toMatchObject({ items: held.counted.items + 1 });
  }, 30_000);
});
