import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GlobMatcher } from './glob-pattern.js';
import { GrepWorkerClient } from './grep-worker-client.js';
import type { GrepFile, GrepSearchSettings, GrepWorkerResponse } from './grep-worker-protocol.js';
import type { PathAccessGate } from './path-access-gate.js';
import { createTimeSlicer } from './time-slicer.js';
import { walkFiles } from './walk-files.js';

const MAX_SCANNED_FILES = 20_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Files read at once: enough to keep the I/O threads busy while the worker matches. */
const READS_AHEAD = 8;
/** A batch for the worker closes at this many bytes or files, whichever comes first. */
const BATCH_BYTES = 1024 * 1024;
const BATCH_FILES = 128;
/** Batches the worker may have queued: bounds the memory held when reading outpaces matching. */
const BATCHES_IN_FLIGHT = 2;

/** What one Grep searches, and where. */
export interface GrepSearchRequest {
  readonly root: string;
  readonly settings: GrepSearchSettings;
  readonly fileFilter: GlobMatcher | undefined;
  readonly gate: PathAccessGate;
  readonly signal: AbortSignal;
}

/** The outcome: the output lines and the total match count, or why the pattern was refused. */
export type GrepSearchOutcome =
  | { readonly kind: 'searched'; readonly output: readonly string[]; readonly matches: number }
  | { readonly kind: 'invalid-pattern'; readonly message: string };

/**
 * Walks `root`, checks each file against the glob and the gate, reads the admitted ones and has a
 * worker match them (see `grep-worker-program.ts` for why a worker). The main thread only walks,
 * checks and reads, in time slices, so it stays responsive; an abort terminates the worker and
 * rejects with the signal's reason.
 */
export async function searchFiles(request: GrepSearchRequest): Promise<GrepSearchOutcome> {
  const { root, settings, fileFilter, gate, signal } = request;
  const worker = new GrepWorkerClient(signal);
  try {
    // The worker starts (and compiles) while the tree is walked.
    const started = handled(worker.request({ kind: 'start', settings }));
    const files = await walkFiles(root, {
      limit: MAX_SCANNED_FILES,
      signal,
      includeSymlinks: gate.judgesPaths,
    });
    const answer = await started;
    if (answer.kind === 'invalid-pattern') return answer;
    const slicer = createTimeSlicer(signal);
    const reads: { path: string; bytes: Promise<Buffer | undefined> }[] = [];
    const inFlight: Promise<GrepWorkerResponse>[] = [];
    let batch: GrepFile[] = [];
    let batchBytes = 0;
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      inFlight.push(handled(worker.request({ kind: 'search', files: batch }, ownedBuffers(batch))));
      batch = [];
      batchBytes = 0;
      if (inFlight.length > BATCHES_IN_FLIGHT) await inFlight.shift();
    };
    const admitOldestRead = async (): Promise<void> => {
      const read = reads.shift() as (typeof reads)[number];
      const bytes = await read.bytes;
      if (bytes === undefined || bytes.byteLength > MAX_FILE_BYTES || bytes.includes(0)) return;
      batch.push({ path: read.path, bytes });
      batchBytes += bytes.byteLength;
      if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_FILES) await flush();
    };
    for (const file of files) {
      await slicer.checkpoint();
      if (fileFilter !== undefined && !fileFilter.test(file)) continue;
      const absolute = join(root, file);
      if (!gate.allows(absolute)) continue;
      // An unreadable file (gone, a link to a directory) is skipped, as `grep -s` does.
      reads.push({ path: file, bytes: readFile(absolute, { signal }).catch(() => undefined) });
      if (reads.length >= READS_AHEAD) await admitOldestRead();
    }
    while (reads.length > 0) await admitOldestRead();
    await flush();
    signal.throwIfAborted();
    for (const queued of inFlight.splice(0)) await queued;
    const finished = await worker.request({ kind: 'finish' });
    if (finished.kind !== 'finished')
      throw new Error(`Grep's worker answered "${finished.kind}" to "finish".`);
    return { kind: 'searched', output: finished.output, matches: finished.matches };
  } finally {
    worker.close();
  }
}

/**
 * Marks a promise as handled now (it is awaited later, possibly after it rejected) without
 * changing what awaiting it gives.
 */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * The buffers that can be moved to the worker rather than copied: only those a file's bytes
 * occupy whole. A small Buffer may be a view into Node's shared pool, which must never move.
 */
function ownedBuffers(files: readonly GrepFile[]): ArrayBuffer[] {
  const owned: ArrayBuffer[] = [];
  for (const { bytes } of files) {
    const buffer = bytes.buffer;
    if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
      owned.push(buffer);
    }
  }
  return owned;
}
