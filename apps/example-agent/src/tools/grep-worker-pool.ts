import { Worker } from 'node:worker_threads';
import { grepWorkerSource } from './grep-worker-program.js';

/**
 * Idle workers kept for the next Grep. Starting one costs about 70 ms (a thread, then loading
 * the engine), far more than a small search; keeping two covers a batch of parallel Greps.
 */
const MAX_IDLE_WORKERS = 2;

const idleWorkers: Worker[] = [];
let workerSource: string | undefined;

/** A worker for one search: an idle one if there is one, else a new one. */
export function takeGrepWorker(): Worker {
  const idle = idleWorkers.pop();
  if (idle !== undefined) {
    idle.ref();
    return idle;
  }
  workerSource ??= grepWorkerSource();
  const worker = new Worker(workerSource, { eval: true });
  // An idle worker that fails (out of memory, killed) must neither crash the process with an
  // unheard 'error' event nor be handed out again.
  worker.on('error', () => undefined);
  worker.once('exit', () => {
    const index = idleWorkers.indexOf(worker);
    if (index !== -1) idleWorkers.splice(index, 1);
  });
  return worker;
}

/** Gives back a worker whose search finished cleanly; it waits, without keeping the process alive. */
export function returnGrepWorker(worker: Worker): void {
  if (idleWorkers.length >= MAX_IDLE_WORKERS) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idleWorkers.push(worker);
}

/**
 * Stops a worker now, even in the middle of one call into the regex engine. Unreferenced first: a
 * worker stuck in a read (a hung network mount) cannot be stopped until the read returns, and
 * must not keep the process alive meanwhile.
 */
export function discardGrepWorker(worker: Worker): void {
  worker.unref();
  void worker.terminate();
}
