/**
 * Benchmarks of @toolwright/artifacts against the physical limit measured in the same run:
 * - write vs node:fs + node:crypto directly (hash, temp file, write, fsync, rename, directory fsync)
 * - dedup hit vs reading the same file and hashing it with SHA-256
 * - cacache.put (npm's content-addressed cache) on the same inputs, reported as a ratio.
 * Run with `pnpm bench` (node --import tsx bench/index.ts) after `npx tsup`.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuNanos, formatBytes, formatNanos, targetLine } from '@toolwright/test-support/bench';
import * as cacache from 'cacache';
import { SessionArtifactStore } from '../dist/index.js';
import { type Contender, measure } from './measure.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

/** Sizes from the issue; many short interleaved rounds, because the disk is shared and noisy. */
const SIZES: ReadonlyArray<{
  bytes: number;
  writes: number;
  writeRounds: number;
  hits: number;
  hitRounds: number;
}> = [
  { bytes: 4 * 1024, writes: 20, writeRounds: 41, hits: 300, hitRounds: 31 },
  { bytes: 64 * 1024, writes: 15, writeRounds: 41, hits: 100, hitRounds: 31 },
  { bytes: 1024 * 1024, writes: 6, writeRounds: 21, hits: 10, hitRounds: 21 },
  { bytes: 16 * 1024 * 1024, writes: 2, writeRounds: 9, hits: 2, hitRounds: 9 },
];
const WRITE_TARGET = 0.8;
const DEDUP_TARGET = 0.8;

const workspace = mkdtempSync(join(tmpdir(), 'toolwright-artifacts-bench-'));

/** Distinct contents per operation (no accidental de-duplication), prepared outside the timing. */
function inputs(size: number, count: number, salt: number): Buffer[] {
  const template = Buffer.alloc(size);
  for (let offset = 0; offset < size; offset += 4)
    template.writeUInt32LE((offset * 2654435761) >>> 0, offset);
  return Array.from({ length: count }, (_, index) => {
    const bytes = Buffer.from(template);
    bytes.writeUInt32LE(index, 0);
    bytes.writeUInt32LE(salt, 4);
    return bytes;
  });
}

/** The physical limit: what any crash-safe content-addressed write must do, with nothing else. */
function rawWrite(directory: string, bytes: Buffer, index: number): void {
  const id = createHash('sha256').update(bytes).digest('hex');
  const tempPath = join(directory, `.tmp-${index}`);
  const descriptor = openSync(tempPath, 'wx', 0o600);
  let written = 0;
  while (written < bytes.length) written += writeSync(descriptor, bytes, written);
  fsyncSync(descriptor);
  closeSync(descriptor);
  renameSync(tempPath, join(directory, id));
  const directoryDescriptor = openSync(directory, 'r');
  fsyncSync(directoryDescriptor);
  closeSync(directoryDescriptor);
}

async function benchWrites(size: number, operations: number, rounds: number): Promise<string[]> {
  let batch: Buffer[] = [];
  let salt = 0;
  const rawDirectory = join(workspace, 'raw');
  const store = new SessionArtifactStore({
    root: join(workspace, 'store'),
    namespace: 'bench',
    sessionId: 'bench',
    // Room for the round's writes plus the untimed warm-up write.
    limits: { maxItemBytes: size, maxItems: operations + 1, maxSessionBytes: size * (operations + 1) },
  });
  const cacheDirectory = join(workspace, 'cacache');
  const nextBatch = () => {
    salt += 1;
    batch = inputs(size, operations, salt);
  };
  const contenders: Contender[] = [
    {
      name: 'raw',
      prepare: () => {
        nextBatch();
        mkdirSync(rawDirectory, { mode: 0o700 });
      },
      run: (index) => rawWrite(rawDirectory, batch[index] as Buffer, index),
      cleanup: () => rmSync(rawDirectory, { recursive: true, force: true }),
    },
    {
      name: 'store',
      // Untimed, like the raw contender's mkdir: create the session directory, ledger and journal.
      prepare: async () => {
        nextBatch();
        await store.write({ kind: 'bench', bytes: Buffer.from(`warm-up ${salt}`) });
      },
      run: async (index) => {
        await store.write({
          kind: 'bench',
          bytes: batch[index] as Buffer,
          mimeType: 'application/octet-stream',
        });
      },
      cleanup: () => store.removeAll(),
    },
    {
      name: 'cacache',
      // Untimed, like the others' setup: create the cache's directories.
      prepare: async () => {
        nextBatch();
        await cacache.put(cacheDirectory, 'warm-up', Buffer.from(`warm-up ${salt}`), {
          algorithms: ['sha256'],
        });
      },
      run: async (index) => {
        await cacache.put(cacheDirectory, `key-${index}`, batch[index] as Buffer, { algorithms: ['sha256'] });
      },
      cleanup: () => rmSync(cacheDirectory, { recursive: true, force: true }),
    },
  ];
  const { nanos, speedRatio } = await measure(contenders, rounds, operations);
  const raw = nanos.get('raw') as number;
  const ours = nanos.get('store') as number;
  const peer = nanos.get('cacache') as number;
  const oursVsRaw = speedRatio.get('store') as number;
  // store vs cacache from the same rounds: (raw/cacache) over (raw/store) = store speed / cacache speed.
  const oursVsPeer = oursVsRaw / (speedRatio.get('cacache') as number);
  const label = formatBytes(size);
  return [
    targetLine(
      `write ${label}: ${oursVsRaw.toFixed(2)}x the speed of the physical limit (node:fs+crypto hash/temp/write/fsync/rename/dir-fsync ${formatNanos(raw)}/op, store.write ${formatNanos(ours)}/op)`,
      `>= ${WRITE_TARGET}x`,
      oursVsRaw >= WRITE_TARGET,
    ),
    `write ${label} vs cacache.put: ${oursVsPeer.toFixed(2)}x, store.write speed relative to cacache.put (${formatNanos(peer)}/op; cacache does not fsync, the store does)`,
  ];
}

async function benchDedup(size: number, operations: number, rounds: number): Promise<string> {
  const bytes = inputs(size, 1, 999)[0] as Buffer;
  const store = new SessionArtifactStore({
    root: join(workspace, 'dedup'),
    namespace: 'bench',
    sessionId: 'dedup',
    limits: { maxItemBytes: size },
  });
  const record = await store.write({ kind: 'bench', bytes });
  const contenders: Contender[] = [
    {
      name: 'raw',
      prepare: () => undefined,
      run: () => {
        if (createHash('sha256').update(readFileSync(record.path)).digest('hex') !== record.id)
          throw new Error('hash');
      },
      cleanup: () => undefined,
    },
    {
      name: 'store',
      prepare: () => undefined,
      run: async () => {
        if (!(await store.write({ kind: 'bench', bytes })).deduplicated)
          throw new Error('expected a dedup hit');
      },
      cleanup: () => undefined,
    },
  ];
  const { nanos, speedRatio } = await measure(contenders, rounds, operations, cpuNanos);
  const raw = nanos.get('raw') as number;
  const ours = nanos.get('store') as number;
  const ratio = speedRatio.get('store') as number;
  await store.removeAll();
  return targetLine(
    `dedup hit ${formatBytes(size)}: ${ratio.toFixed(2)}x the speed of reading the file and SHA-256 (CPU time: ${formatNanos(raw)}/op; verified hit ${formatNanos(ours)}/op)`,
    `>= ${DEDUP_TARGET}x`,
    ratio >= DEDUP_TARGET,
  );
}

/** `BENCH_ONLY=dedup` or `BENCH_ONLY=write` runs one half. */
const only = process.env.BENCH_ONLY;

async function main(): Promise<void> {
  console.log(
    `@toolwright/artifacts bench — Node ${process.version}, ${tmpdir()}, median of per-round ratios (contenders interleaved); times per op are medians`,
  );
  try {
    for (const { bytes, writes, writeRounds } of only === 'dedup' ? [] : SIZES) {
      for (const line of await benchWrites(bytes, writes, writeRounds)) console.log(line);
    }
    for (const { bytes, hits, hitRounds } of only === 'write' ? [] : SIZES) {
      console.log(await benchDedup(bytes, hits, hitRounds));
    }
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

await main();
