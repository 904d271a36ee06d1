import { Worker } from 'node:worker_threads';

/**
 * A real thread that repeats a few file-system calls as fast as it can, to race the store's own
 * calls. `loop` is CommonJS source run once per round with `fs`, `data` (the `data` given here)
 * and `round` in scope; errors it throws are the point of a race and are ignored.
 */
export class RacingThread {
  readonly #worker: Worker;
  readonly #shared: Int32Array;
  readonly #stopped: Promise<void>;

  private constructor(worker: Worker, shared: Int32Array, stopped: Promise<void>) {
    this.#worker = worker;
    this.#shared = shared;
    this.#stopped = stopped;
  }

  /** Starts the thread and resolves once it is racing (a thread takes a while to boot). */
  static async start(loop: string, data: Record<string, unknown>): Promise<RacingThread> {
    const shared = new Int32Array(new SharedArrayBuffer(8));
    const source = `
const { workerData, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const data = workerData.data;
const shared = new Int32Array(workerData.shared);
parentPort.postMessage('started');
for (let round = 0; Atomics.load(shared, 0) === 0; round += 1) {
  try { ${loop} } catch {}
  Atomics.store(shared, 1, round + 1);
}
parentPort.postMessage('stopped');
`;
    const worker = new Worker(source, { eval: true, workerData: { data, shared: shared.buffer } });
    const messages: string[] = [];
    const waiters = new Map<string, () => void>();
    worker.on('message', (message: string) => {
      messages.push(message);
      waiters.get(message)?.();
    });
    const failed = new Promise<never>((_, reject) => worker.once('error', reject));
    failed.catch(() => undefined);
    const message = (name: string) =>
      messages.includes(name)
        ? Promise.resolve()
        : Promise.race([new Promise<void>((resolve) => waiters.set(name, resolve)), failed]);
    await message('started');
    return new RacingThread(worker, shared, message('stopped'));
  }

  /** Rounds run so far. */
  get rounds(): number {
    return Atomics.load(this.#shared, 1);
  }

  /** Stops the thread and resolves the number of rounds it ran. */
  async stop(): Promise<number> {
    Atomics.store(this.#shared, 0, 1);
    await this.#stopped;
    await this.#worker.terminate();
    return this.rounds;
  }
}
