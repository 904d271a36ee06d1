/**
 * Benchmarks of RedisArtifactStore against the floor measured in the same run, on a real
 * redis-server on loopback (started here, nothing persisted):
 * - store.write vs a raw SET of the same bytes through the same client (the store also hashes
 *   them and runs the quota script), and vs SHA-256 + raw SET, the floor of any content-addressed
 *   write (on small hosts SHA-256 of 1 MiB takes about as long as sending it over loopback);
 * - store.read (verified: SHA-256 of the bytes against the id) vs a raw GET of the same bytes;
 * - both against SessionArtifactStore of @toolwright/artifacts (local files, fsynced), as a ratio.
 * Run with `pnpm bench` (node --import tsx bench/index.ts) after a build of @toolwright/artifacts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESP_TYPES } from '@redis/client';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { startRedisServer } from '@toolwright/test-support';
import {
  formatBytes,
  formatNanos,
  median,
  medianRatio,
  sampleRoundsAsync,
  targetLine,
  timeBlockAsync,
} from '@toolwright/test-support/bench';
import { RedisArtifactStore, RedisConnection } from '../src/index.js';
import { runOnConnection } from '../src/redis-connection.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

/** The target: at least half the speed of a raw SET / GET of the same bytes. */
const TARGET = 0.5;
const SIZES = [
  { bytes: 4 * 1024, operations: 200, rounds: 21 },
  { bytes: 1024 * 1024, operations: 10, rounds: 15 },
] as const;

/** One contender: `prepare` and `cleanup` run outside the timing, `run` is timed `operations` times. */
interface Contender {
  readonly name: string;
  prepare(): Promise<void>;
  run(index: number): Promise<unknown>;
  cleanup(): Promise<void>;
}

/** Median nanoseconds per operation of each contender, and its median per-round speed against the first. */
async function measure(contenders: readonly Contender[], operations: number, rounds: number) {
  const samples = await sampleRoundsAsync(contenders.length, { rounds }, async (position) => {
    const contender = contenders[position]!;
    await contender.prepare();
    let index = 0;
    const nanos = await timeBlockAsync(() => contender.run(index++), operations);
    await contender.cleanup();
    return nanos;
  });
  const reference = samples[0] ?? [];
  return contenders.map((contender, position) => ({
    name: contender.name,
    nanos: median(samples[position] ?? []),
    speed: medianRatio(reference, samples[position] ?? []),
  }));
}

/** Distinct contents per operation (no accidental de-duplication), made outside the timing. */
function inputs(size: number, count: number, salt: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => {
    const bytes = Buffer.alloc(size, (index * 31 + salt) % 251);
    bytes.writeUInt32LE(index, 0);
    bytes.writeUInt32LE(salt, 4);
    return bytes;
  });
}

let connection: RedisConnection;

/** A raw command through the store's own client. */
function raw<T>(command: Parameters<typeof runOnConnection<T>>[2]): Promise<T> {
  return runOnConnection(connection, 'bench', command);
}

async function main(): Promise<void> {
  const workspace = mkdtempSync(join(tmpdir(), 'toolwright-redis-bench-'));
  const server = await startRedisServer({ directory: workspace });
  connection = await RedisConnection.open(server.url);
  console.log(
    `@toolwright/redis bench — Node ${process.version}, redis-server on loopback, median of per-round ratios (contenders interleaved); times per op are medians`,
  );
  try {
    for (const { bytes: size, operations, rounds } of SIZES) {
      const limits = {
        maxItemBytes: size,
        maxItems: operations + 1,
        maxSessionBytes: size * (operations + 1),
      };
      const redisStore = new RedisArtifactStore(connection, {
        namespace: 'bench',
        sessionId: 'bench',
        limits,
      });
      const localStore = new SessionArtifactStore({
        root: join(workspace, 'local'),
        namespace: 'bench',
        sessionId: 'bench',
        limits,
      });
      let salt = 0;
      let batch: Buffer[] = [];
      const nextBatch = async () => {
        salt += 1;
        batch = inputs(size, operations, salt);
      };
      const writes = await measure(
        [
          {
            name: 'raw SET',
            prepare: nextBatch,
            run: (index) => raw((client) => client.set(`bench:raw:${index}`, batch[index]!)),
            cleanup: async () => {
              await raw((client) =>
                client.del(Array.from({ length: operations }, (_, index) => `bench:raw:${index}`)),
              );
            },
          },
          {
            // What any content-addressed write must do at least: hash the bytes and send them.
            name: 'SHA-256 + raw SET',
            prepare: nextBatch,
            run: (index) => {
              const id = createHash('sha256').update(batch[index]!).digest('hex');
              return raw((client) => client.set(`bench:hashed:${id}`, batch[index]!));
            },
            cleanup: async () => {
              await raw(async (client) => {
                const keys = await client.keys('bench:hashed:*');
                if (keys.length > 0) await client.del(keys);
              });
            },
          },
          {
            name: 'RedisArtifactStore.write',
            prepare: nextBatch,
            run: (index) => redisStore.write({ kind: 'bench', bytes: batch[index]! }),
            cleanup: () => redisStore.removeAll(),
          },
          {
            name: 'SessionArtifactStore.write',
            // Untimed: the session directory, ledger and journal, as the first write makes them.
            prepare: async () => {
              await nextBatch();
              await localStore.write({ kind: 'bench', bytes: Buffer.from(`warm-up ${salt}`) });
            },
            run: (index) => localStore.write({ kind: 'bench', bytes: batch[index]! }),
            cleanup: () => localStore.removeAll(),
          },
        ],
        operations,
        rounds,
      );

      // Reads: one stored artifact per operation, read back in the timed block.
      const stored = inputs(size, operations, 999);
      const redisIds = await Promise.all(
        stored.map(async (bytes) => (await redisStore.write({ kind: 'bench', bytes })).id),
      );
      const localIds = await Promise.all(
        stored.map(async (bytes) => (await localStore.write({ kind: 'bench', bytes })).id),
      );
      await raw(async (client) => {
        for (const [index, bytes] of stored.entries()) await client.set(`bench:read:${index}`, bytes);
      });
      const none = async () => undefined;
      const reads = await measure(
        [
          {
            name: 'raw GET',
            prepare: none,
            // Bytes as a Buffer, as the store reads them.
            run: (index) =>
              raw((client) =>
                client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(`bench:read:${index}`),
              ),
            cleanup: none,
          },
          {
            name: 'RedisArtifactStore.read',
            prepare: none,
            run: (index) => redisStore.read(redisIds[index]!),
            cleanup: none,
          },
          {
            name: 'SessionArtifactStore.read',
            prepare: none,
            run: (index) => localStore.read(localIds[index]!),
            cleanup: none,
          },
        ],
        operations,
        rounds,
      );
      await redisStore.removeAll();
      await localStore.removeAll();

      const label = formatBytes(size);
      for (const [what, results, floor] of [
        ['write', writes, 'raw SET'],
        ['verified read', reads, 'raw GET'],
      ] as const) {
        const base = results[0]!;
        const redis = results.find((result) => result.name.startsWith('RedisArtifactStore'))!;
        const local = results.find((result) => result.name.startsWith('SessionArtifactStore'))!;
        const hashed = results.find((result) => result.name === 'SHA-256 + raw SET');
        console.log(
          targetLine(
            `${what} ${label}: RedisArtifactStore ${redis.speed.toFixed(2)}x the speed of a ${floor} of the same bytes (${floor} ${formatNanos(base.nanos)}/op, store ${formatNanos(redis.nanos)}/op)`,
            `>= ${TARGET}x`,
            redis.speed >= TARGET,
          ),
        );
        if (hashed !== undefined)
          console.log(
            `${what} ${label}: RedisArtifactStore ${(redis.speed / hashed.speed).toFixed(2)}x the speed of hashing the bytes (SHA-256) and a raw SET (${formatNanos(hashed.nanos)}/op), the floor of a content-addressed write; that floor alone is ${hashed.speed.toFixed(2)}x a raw SET`,
          );
        console.log(
          `${what} ${label}: RedisArtifactStore ${(redis.speed / local.speed).toFixed(2)}x the speed of SessionArtifactStore (local files${what === 'write' ? ', fsynced' : ''}: ${formatNanos(local.nanos)}/op)`,
        );
      }
    }
  } finally {
    await connection.close();
    await server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
}

await main();
