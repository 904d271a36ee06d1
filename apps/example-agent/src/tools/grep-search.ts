import type { GlobMatcher } from './glob-pattern.js';
import { GrepWorkerClient } from './grep-worker-client.js';
import type { GrepFile, GrepSearchSettings, GrepWorkerResponse } from './grep-worker-protocol.js';
import type { PathAccessGate } from './path-access-gate.js';
import { createTimeSlicer } from './time-slicer.js';
import { walkFiles } from './walk-files.js';

const MAX_SCANNED_FILES = 20_000;
/** Paths per request to the worker: a few milliseconds of its work, so an answer comes back often. */
const BATCH_PATHS = 64;
/** Requests the worker may have queued: enough that it never waits for the main thread. */
const BATCHES_IN_FLIGHT = 4;

/** What one Grep searches, and where. */
export interface GrepSearchRequest {
  readonly settings: GrepSearchSettings;
  /** The searched directory, as the call named it (absolute). */
  readonly root: string;
  /** Its real path, as the permission check judged it: the walk opens exactly this. */
  readonly realRoot: string;
  readonly fileFilter: GlobMatcher | undefined;
  readonly gate: PathAccessGate;
  readonly signal: AbortSignal;
}

/** The outcome: the output lines and the total match count, or why the pattern was refused. */
export type GrepSearchOutcome =
  | {
      readonly kind: 'searched';
      readonly output: readonly string[];
      readonly matches: number;
      /** Paths skipped because they changed while being opened (a swapped link or directory). */
      readonly changed: number;
    }
  | { readonly kind: 'invalid-pattern'; readonly message: string };

/**
 * Walks the root, checks each file against the glob and the gate, and has a worker read and
 * match the admitted ones (see `grep-worker-program.ts` for why a worker). The main thread only
 * walks and checks, in time slices, so it stays responsive, and its checks overlap the worker's
 * reading. An abort terminates the worker and rejects with the signal's reason.
 */
export async function searchFiles(request: GrepSearchRequest): Promise<GrepSearchOutcome> {
  const { settings, root, realRoot, fileFilter, gate, signal } = request;
  const worker = new GrepWorkerClient(signal);
  try {
    // The worker starts (and compiles the pattern) while the tree is walked.
    const started = handled(worker.request({ kind: 'start', settings }));
    const { files, symbolicLinks, changedDirectories } = await walkFiles(realRoot, {
      limit: MAX_SCANNED_FILES,
      signal,
      includeSymlinks: gate.judgesPaths,
    });
    const answer = await started;
    if (answer.kind === 'invalid-pattern') return answer;
    const slicer = createTimeSlicer(signal);
    const inFlight: Promise<GrepWorkerResponse>[] = [];
    let batch: GrepFile[] = [];
    const send = async (): Promise<void> => {
      inFlight.push(handled(worker.request({ kind: 'search', files: batch })));
      batch = [];
      if (inFlight.length > BATCHES_IN_FLIGHT) await inFlight.shift();
    };
    for (const file of files) {
      await slicer.checkpoint();
      if (fileFilter !== undefined && !fileFilter.test(file)) continue;
      const realPath = gate.admitWalked(root, realRoot, file, symbolicLinks.has(file));
      if (realPath === undefined) continue;
      batch.push({ path: file, realPath });
      if (batch.length >= BATCH_PATHS) await send();
    }
    if (batch.length > 0) await send();
    for (const queued of inFlight.splice(0)) await queued;
    const finished = await worker.request({ kind: 'finish' });
    if (finished.kind !== 'finished')
      throw new Error(`Grep's worker answered "${finished.kind}" to "finish".`);
    return {
      kind: 'searched',
      output: finished.output,
      matches: finished.matches,
      changed: changedDirectories + finished.changed,
    };
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
