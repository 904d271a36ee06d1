import type { CallRunner, TurnOptions } from '../call-runner.js';
import type { ExecutedCall, ToolCallRequest } from '../executed-call.js';
import { ExecutorError, ExecutorErrorCode } from '../executor-error.js';
import type { ConcurrencyLimit } from '../scheduling/concurrency-limit.js';
import { partitionCalls } from '../scheduling/partition-calls.js';
import { type ArgumentParser, loadArgumentParser, StreamedArguments } from './streamed-arguments.js';
import type { ToolCallStreamEvent } from './tool-call-stream-event.js';

/** Why a streamed turn stopped before its message ended. */
export interface StreamInterruption {
  /** `aborted`: the turn's signal fired; `stream_failed`: the stream threw (or sent a malformed event); `stream_ended`: it ended without `message-end`. */
  readonly reason: 'aborted' | 'stream_failed' | 'stream_ended';
  readonly error?: unknown;
}

/** What `executeStream` returns: every call of the message in call order, and why it stopped early, if it did. */
export interface StreamExecution {
  readonly calls: readonly ExecutedCall[];
  readonly interrupted?: StreamInterruption;
}

/** The executor's scheduling facts a streamed turn needs. */
export interface TurnScheduler {
  parallelismOf(name: string): 'shared' | 'exclusive';
  mayPreStart(name: string): boolean;
  allocateBatch(): number;
  announceBatch(batch: number, parallelism: 'shared' | 'exclusive', calls: readonly ToolCallRequest[]): void;
}

/** One call as the stream builds it. */
interface StreamedCall {
  readonly index: number;
  readonly id: string;
  readonly name: string;
  readonly parallelism: 'shared' | 'exclusive';
  readonly arguments: StreamedArguments;
  /** Set when the provider sent the call whole. */
  explicitArguments?: { readonly value: unknown };
  complete: boolean;
  running?: Promise<ExecutedCall>;
}

/**
 * One assistant message being streamed: assembles each call's arguments, starts concurrency-safe
 * calls as soon as their arguments complete (when no exclusive call comes before them), and runs
 * the rest at `message-end` in batches, as `executeBatch` would.
 */
export class StreamTurn {
  readonly #scheduler: TurnScheduler;
  readonly #runner: CallRunner;
  readonly #limit: ConcurrencyLimit;
  readonly #options: TurnOptions;
  readonly #controller = new AbortController();
  readonly #calls: StreamedCall[] = [];
  readonly #byId = new Map<string, StreamedCall>();
  /** The batch number of the first group, taken when its first call pre-starts. */
  #preStartBatch: number | undefined;

  /** A post-tool hook's stop: every call of this message not yet finished is aborted with `reason`. */
  readonly #stopTurn = (reason: ExecutorError): void => {
    if (!this.#controller.signal.aborted) this.#controller.abort(reason);
  };

  constructor(scheduler: TurnScheduler, runner: CallRunner, limit: ConcurrencyLimit, options: TurnOptions) {
    this.#scheduler = scheduler;
    this.#runner = runner;
    this.#limit = limit;
    this.#options = options;
  }

  async consume(events: AsyncIterable<ToolCallStreamEvent>): Promise<StreamExecution> {
    const outer = this.#options.signal;
    const forwardAbort = (): void => this.#controller.abort(outer?.reason);
    outer?.addEventListener('abort', forwardAbort, { once: true });
    try {
      const interruption = await this.#read(events);
      return interruption === undefined
        ? { calls: await this.#runRest() }
        : { calls: await this.#stop(interruption), interrupted: interruption };
    } finally {
      outer?.removeEventListener('abort', forwardAbort);
    }
  }

  /** Reads events until `message-end`; returns why it stopped otherwise. */
  async #read(events: AsyncIterable<ToolCallStreamEvent>): Promise<StreamInterruption | undefined> {
    const signal = this.#controller.signal;
    // Loaded with the first streamed turn of the process (see loadArgumentParser).
    const parser = await loadArgumentParser();
    if (signal.aborted) return { reason: 'aborted', error: signal.reason };
    const iterator = events[Symbol.asyncIterator]();
    let aborted!: Promise<never>;
    const onAbort = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    aborted = onAbort;
    aborted.catch(() => undefined);
    try {
      for (;;) {
        const next = await Promise.race([iterator.next(), aborted]);
        if (next.done === true) return { reason: 'stream_ended' };
        if (next.value.type === 'message-end') return undefined;
        this.#accept(next.value, parser);
      }
    } catch (error) {
      return signal.aborted
        ? { reason: 'aborted', error: signal.reason }
        : { reason: 'stream_failed', error };
    } finally {
      // Stop the provider's stream (close the HTTP response); never wait on a stream that hangs.
      Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
  }

  #accept(event: Exclude<ToolCallStreamEvent, { type: 'message-end' }>, parser: ArgumentParser): void {
    if (event.type === 'tool-call-start') {
      if (this.#byId.has(event.callId))
        throw malformedEvent(`a second tool-call-start for call id ${JSON.stringify(event.callId)}`);
      const call: StreamedCall = {
        index: this.#calls.length,
        id: event.callId,
        name: event.toolName,
        parallelism: this.#scheduler.parallelismOf(event.toolName),
        arguments: new StreamedArguments(parser),
        complete: false,
      };
      this.#calls.push(call);
      this.#byId.set(call.id, call);
      return;
    }
    const call = this.#byId.get(event.callId);
    if (call === undefined)
      throw malformedEvent(`${event.type} for call id ${JSON.stringify(event.callId)}, which never started`);
    if (call.complete)
      throw malformedEvent(
        `${event.type} for call id ${JSON.stringify(event.callId)} after its tool-call-end`,
      );
    if (event.type === 'tool-call-delta') {
      call.arguments.write(event.argumentsDelta);
      return;
    }
    call.complete = true;
    if ('arguments' in event) call.explicitArguments = { value: event.arguments };
    if (this.#mayPreStart(call)) this.#start(call, true);
  }

  /** Concurrency-safe, loaded, shared, well-formed, and no exclusive call before it. */
  #mayPreStart(call: StreamedCall): boolean {
    if (call.explicitArguments === undefined && call.arguments.malformed !== undefined) return false;
    if (!this.#scheduler.mayPreStart(call.name)) return false;
    for (let index = 0; index < call.index; index += 1) {
      if ((this.#calls[index] as StreamedCall).parallelism !== 'shared') return false;
    }
    return true;
  }

  #start(call: StreamedCall, preStarted: boolean, batch = this.#firstBatch()): void {
    const request = requestOf(call);
    const malformed = call.explicitArguments === undefined ? call.arguments.malformed : undefined;
    call.running =
      malformed !== undefined
        ? this.#runner.notRun(
            request,
            { batch, preStarted },
            'invalid',
            `The arguments of ${call.name} are not valid JSON (${malformed}). Send the arguments as one JSON object.`,
          )
        : this.#limit.run(() =>
            this.#runner.run(
              request,
              { batch, preStarted, stopTurn: this.#stopTurn },
              this.#controller.signal,
              this.#options,
            ),
          );
  }

  #firstBatch(): number {
    this.#preStartBatch ??= this.#scheduler.allocateBatch();
    return this.#preStartBatch;
  }

  /** At `message-end`: every call not yet started runs, group by group, in call order. */
  async #runRest(): Promise<ExecutedCall[]> {
    const results: ExecutedCall[] = new Array(this.#calls.length);
    const groups = partitionCalls(this.#calls.map((call) => call.parallelism));
    for (const [position, group] of groups.entries()) {
      const batch =
        position === 0 && this.#preStartBatch !== undefined
          ? this.#preStartBatch
          : this.#scheduler.allocateBatch();
      const calls = group.indices.map((index) => this.#calls[index] as StreamedCall);
      this.#scheduler.announceBatch(batch, group.parallelism, calls.map(requestOf));
      for (const call of calls) {
        if (call.running !== undefined) continue;
        if (!call.complete) {
          call.running = this.#runner.notRun(
            requestOf(call),
            { batch, preStarted: false },
            'incomplete',
            incompleteMessage(call),
          );
        } else {
          this.#start(call, false, batch);
        }
      }
      const settled = await Promise.all(calls.map((call) => call.running as Promise<ExecutedCall>));
      settled.forEach((executed, position) => {
        results[(calls[position] as StreamedCall).index] = executed;
      });
    }
    return results;
  }

  /** The stream stopped early: abort what runs, run nothing else. */
  async #stop(interruption: StreamInterruption): Promise<ExecutedCall[]> {
    if (!this.#controller.signal.aborted)
      this.#controller.abort(interruption.error ?? new Error(interruption.reason));
    const why =
      interruption.reason === 'aborted'
        ? 'the turn was aborted'
        : interruption.reason === 'stream_failed'
          ? "the model's stream failed"
          : "the model's stream ended";
    const batch = this.#preStartBatch ?? -1;
    return Promise.all(
      this.#calls.map((call) => {
        if (call.running !== undefined) return call.running;
        const placement = { batch, preStarted: false };
        return call.complete
          ? this.#runner.notRun(
              requestOf(call),
              placement,
              'aborted',
              `Not run: ${why} before the message was complete.`,
            )
          : this.#runner.notRun(requestOf(call), placement, 'incomplete', incompleteMessage(call, why));
      }),
    );
  }
}

function requestOf(call: StreamedCall): ToolCallRequest {
  return {
    id: call.id,
    name: call.name,
    arguments: call.explicitArguments !== undefined ? call.explicitArguments.value : call.arguments.value(),
  };
}

function incompleteMessage(call: StreamedCall, why = 'the message ended'): string {
  const received = call.arguments.text.length;
  return `The arguments of ${call.name} never completed: ${why} after ${received} character${received === 1 ? '' : 's'} of them. Call ${call.name} again with the whole arguments.`;
}

function malformedEvent(what: string): ExecutorError {
  return new ExecutorError(ExecutorErrorCode.InvalidStreamEvent, `Invalid tool-call stream: ${what}.`);
}
