import { CallRunner, type TurnOptions } from './call-runner.js';
import { isNotLoaded } from './deferred-tool-state.js';
import type { ExecutedCall, ToolCallRequest } from './executed-call.js';
import {
  type ResolvedExecutorOptions,
  resolveExecutorOptions,
  type ToolExecutorOptions,
} from './executor-options.js';
import { ConcurrencyLimit } from './scheduling/concurrency-limit.js';
import { NEVER_ABORTED } from './scheduling/never-aborted.js';
import { partitionCalls } from './scheduling/partition-calls.js';
import { type StoppableTurn, stoppableTurn } from './scheduling/stoppable-turn.js';
import { type StreamExecution, StreamTurn, type TurnScheduler } from './streaming/stream-turn.js';
import type { ToolCallStreamEvent } from './streaming/tool-call-stream-event.js';

/**
 * Runs a model's tool calls under the toolwright contract:
 * - consecutive calls of `parallelism: 'shared'` tools form a batch that runs together (at most
 *   `maxParallel` at once); an `exclusive` call is a barrier that runs alone, after everything
 *   before it (FIFO);
 * - calls of tools that are not concurrency-safe hold a lock on their affected paths (by real
 *   path and inode), so two of them on one file never interleave, even inside a shared batch or
 *   in two executors: the lock is the process's unless `pathLock` gives another. Such a call of
 *   a `shared` tool that names no path runs alone;
 * - each call is built (validated), passed through the pre-tool hooks — a changed param
 *   rebuilds the invocation and validates again — and checked for permission just before it runs;
 * - only retry-safe tools are retried, only on transient errors, with exponential backoff,
 *   stopping when the signal aborts; every call has a timeout;
 * - large text is spilled to the artifact sink and images are stored as artifacts.
 * Results come back in the order of the calls. With {@link executeStream}, concurrency-safe
 * calls start while the model is still streaming.
 */
export class ToolExecutor {
  readonly #options: ResolvedExecutorOptions;
  readonly #runner: CallRunner;
  readonly #scheduler: TurnScheduler;
  #batchCounter = 0;

  constructor(options: ToolExecutorOptions) {
    this.#options = resolveExecutorOptions(options);
    this.#runner = new CallRunner(this.#options, this.#options.pathLock);
    this.#scheduler = {
      parallelismOf: (name) => this.#parallelismOf(name),
      mayPreStart: (name) => this.#mayPreStart(name),
      allocateBatch: () => this.#batchCounter++,
      announceBatch: (batch, parallelism, calls) => this.#announceBatch(batch, parallelism, calls),
    };
  }

  /** The session id calls run under. */
  get sessionId(): string {
    return this.#options.sessionId;
  }

  /** Executes the calls of one assistant message. Never throws for a tool's failure. */
  async executeBatch(calls: readonly ToolCallRequest[], options: TurnOptions = {}): Promise<ExecutedCall[]> {
    if (calls.length === 1) {
      // The common case, without the batching machinery: one call is one batch (and nothing
      // after it for a post-tool hook to stop).
      const single = calls[0] as ToolCallRequest;
      const batch = this.#batchCounter++;
      this.#announceBatch(batch, this.#parallelismOf(single.name), calls);
      const signal = options.signal ?? NEVER_ABORTED;
      return [await this.#runner.run(single, { batch, preStarted: false }, signal, options)];
    }
    const stoppable = (this.#options.postToolHooks?.length ?? 0) > 0;
    const turn = stoppable ? stoppableTurn(options.signal) : undefined;
    try {
      return await this.#runBatches(calls, options, turn);
    } finally {
      turn?.release();
    }
  }

  async #runBatches(
    calls: readonly ToolCallRequest[],
    options: TurnOptions,
    turn: StoppableTurn | undefined,
  ): Promise<ExecutedCall[]> {
    const signal = turn?.signal ?? options.signal ?? NEVER_ABORTED;
    const stopTurn = turn?.stop;
    const limit = new ConcurrencyLimit(this.#options.maxParallel);
    const results: ExecutedCall[] = new Array(calls.length);
    const groups = partitionCalls(calls.map((call) => this.#parallelismOf(call.name)));
    for (const group of groups) {
      const batch = this.#batchCounter++;
      this.#announceBatch(
        batch,
        group.parallelism,
        group.indices.map((index) => calls[index] as ToolCallRequest),
      );
      await Promise.all(
        group.indices.map((index) =>
          limit.run(async () => {
            results[index] = await this.#runner.run(
              calls[index] as ToolCallRequest,
              stopTurn === undefined ? { batch, preStarted: false } : { batch, preStarted: false, stopTurn },
              signal,
              options,
            );
          }),
        ),
      );
    }
    return results;
  }

  /**
   * Consumes a provider's stream of tool-call events for one assistant message and executes the
   * calls. A concurrency-safe call starts as soon as its arguments are complete, while the model
   * is still streaming, unless an exclusive call comes before it; every other call waits for
   * `message-end` and runs in order. Results come back in call order.
   *
   * If the stream throws, ends without `message-end`, or `signal` aborts: started calls are
   * aborted (and awaited), calls not started never run, and `interrupted` says why. A call whose
   * arguments never completed gets an `incomplete` result.
   */
  executeStream(
    events: AsyncIterable<ToolCallStreamEvent>,
    options: TurnOptions = {},
  ): Promise<StreamExecution> {
    return new StreamTurn(
      this.#scheduler,
      this.#runner,
      new ConcurrencyLimit(this.#options.maxParallel),
      options,
    ).consume(events);
  }

  /** How a tool's calls are batched; an unknown tool fails alone, as a barrier. */
  #parallelismOf(name: string): 'shared' | 'exclusive' {
    return this.#options.lookup(name)?.parallelism === 'shared' ? 'shared' : 'exclusive';
  }

  /**
   * True when a call of `name` may start before the message ends: only
   * concurrency-safe tools pre-start. A deferred tool not yet loaded is refused at message end.
   */
  #mayPreStart(name: string): boolean {
    const tool = this.#options.lookup(name);
    if (tool === undefined || !tool.isConcurrencySafe || tool.parallelism !== 'shared') return false;
    return !isNotLoaded(this.#options.deferred, name);
  }

  #announceBatch(
    batch: number,
    parallelism: 'shared' | 'exclusive',
    calls: readonly ToolCallRequest[],
  ): void {
    if (this.#options.onEvent === undefined) return;
    this.#options.onEvent({
      type: 'batch',
      batch,
      callIds: calls.map((call) => call.id),
      parallelism,
      calls,
    });
  }
}
