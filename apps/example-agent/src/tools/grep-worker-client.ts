import type { Worker } from 'node:worker_threads';
import { discardGrepWorker, returnGrepWorker, takeGrepWorker } from './grep-worker-pool.js';
import type { GrepWorkerRequest, GrepWorkerResponse } from './grep-worker-protocol.js';

interface PendingAnswer {
  resolve(response: GrepWorkerResponse): void;
  reject(reason: unknown): void;
}

/**
 * One search's conversation with a Grep worker. Requests are answered in order. When the
 * signal aborts, the worker is terminated at once (mid-match if need be) and every open request
 * rejects with the signal's reason; so does every later one.
 */
export class GrepWorkerClient {
  readonly #worker: Worker;
  readonly #signal: AbortSignal;
  readonly #pending: PendingAnswer[] = [];
  /** Set once the worker is gone or unusable; every request then rejects with it. */
  #failure: { reason: unknown } | undefined;
  #closed = false;

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    this.#worker = takeGrepWorker();
    this.#worker.on('message', this.#onMessage);
    this.#worker.on('error', this.#onError);
    this.#worker.on('exit', this.#onExit);
    signal.addEventListener('abort', this.#onAbort, { once: true });
    if (signal.aborted) this.#onAbort();
  }

  /**
   * Sends one request; resolves with its answer. `transfer` lists buffers handed over to the
   * worker (the caller must not use them afterwards).
   */
  request(message: GrepWorkerRequest, transfer: ArrayBuffer[] = []): Promise<GrepWorkerResponse> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure.reason);
    return new Promise((resolve, reject) => {
      this.#pending.push({ resolve, reject });
      this.#worker.postMessage(message, transfer);
    });
  }

  /**
   * Ends the conversation: a worker that answered everything goes back to the pool; one with
   * requests still open (the caller gave up on them) is terminated, since its state is unknown.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#detach();
    if (this.#failure !== undefined) return;
    if (this.#pending.length === 0) {
      returnGrepWorker(this.#worker);
    } else {
      this.#fail(new Error('The Grep worker was closed with requests still open.'));
    }
  }

  readonly #onMessage = (response: GrepWorkerResponse): void => {
    const pending = this.#pending.shift();
    if (pending === undefined) return;
    if (response.kind === 'failed')
      pending.reject(new Error(`Grep's matching worker failed: ${response.message}`));
    else pending.resolve(response);
  };

  readonly #onError = (error: Error): void => {
    this.#fail(new Error(`Grep's matching worker failed: ${error.message}`, { cause: error }));
  };

  readonly #onExit = (code: number): void => {
    this.#fail(new Error(`Grep's matching worker stopped unexpectedly (exit code ${code}).`));
  };

  readonly #onAbort = (): void => {
    this.#fail(this.#signal.reason);
  };

  /** Terminates the worker and rejects every open request with `reason`. */
  #fail(reason: unknown): void {
    if (this.#failure !== undefined) return;
    this.#failure = { reason };
    this.#detach();
    discardGrepWorker(this.#worker);
    for (const pending of this.#pending.splice(0)) pending.reject(reason);
  }

  #detach(): void {
    this.#worker.off('message', this.#onMessage);
    this.#worker.off('error', this.#onError);
    this.#worker.off('exit', this.#onExit);
    this.#signal.removeEventListener('abort', this.#onAbort);
  }
}
