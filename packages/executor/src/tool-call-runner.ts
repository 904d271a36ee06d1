import type { CallJudgement } from './call-judgement.js';
import { type CallOptions, CallRunner, type TurnOptions } from './call-runner.js';
import type { ExecutedCall, ToolCallRequest } from './executed-call.js';
import {
  type ResolvedExecutorOptions,
  resolveRunnerOptions,
  type ToolCallRunnerOptions,
} from './executor-options.js';
import { NEVER_ABORTED } from './scheduling/never-aborted.js';

/**
 * Runs one call at a time through the same steps as a `ToolExecutor` — lookup, the refusal of a
 * deferred tool ToolSearch has not loaded, build (a validation failure is a repairable result
 * naming its code), pre-tool hooks, the permission check when there is a policy, the same-path
 * lock, retries, the timeout, the abort signal and the spill of large output — for hosts whose
 * protocol hands them one call at a time (an AI SDK tool's `execute`, an MCP `tools/call`).
 * Such a host keeps only the translation of the {@link ExecutedCall} into its protocol, so a
 * model reads the same words whichever host it reaches the tool through.
 *
 * Never throws for a tool's failure: every outcome is an {@link ExecutedCall}.
 */
export class ToolCallRunner {
  readonly #options: ResolvedExecutorOptions;
  readonly #runner: CallRunner;
  #calls = 0;

  /** @throws ExecutorError `invalid_option` or `invalid_session_id` when the options are wrong. */
  constructor(options: ToolCallRunnerOptions) {
    this.#options = resolveRunnerOptions(options);
    this.#runner = new CallRunner(this.#options, this.#options.pathLock);
  }

  /** The session id calls run under. */
  get sessionId(): string {
    return this.#options.sessionId;
  }

  /**
   * What the permission policy says of a call before it runs, for a host whose protocol asks
   * first whether a call needs approval (an Agents JS tool's `needsApproval`): `behavior` is
   * `'ask'` when it does. Runs nothing, emits no event and asks no approval handler; a call
   * that is not found, not loaded or invalid, or whose callback throws, is not judged
   * (`behavior` undefined) and the run answers it. Hand the judgement to {@link run} as
   * `judgement` with the same options: it is then that call's permission check, and the policy
   * is asked once. Synchronous unless the policy's decision is a promise.
   */
  judge(call: ToolCallRequest, options: TurnOptions = {}): CallJudgement | Promise<CallJudgement> {
    return this.#runner.judge(call, options);
  }

  /**
   * Runs one call. Calls run side by side unless they write the same path (here or in any
   * executor on the same path lock), or one of them is a shared writer that names no path.
   */
  run(call: ToolCallRequest, options: CallOptions = {}): Promise<ExecutedCall> {
    // Each call is a batch of its own, so the events read as the executor's do.
    const batch = this.#calls++;
    this.#options.onEvent?.({
      type: 'batch',
      batch,
      callIds: [call.id],
      parallelism: this.#options.lookup(call.name)?.parallelism === 'shared' ? 'shared' : 'exclusive',
      calls: [call],
    });
    return this.#runner.run(call, { batch, preStarted: false }, options.signal ?? NEVER_ABORTED, options);
  }
}
