import {
  describeToolVersionProblem,
  type ExecutionContext,
  type FailureReason,
  type ProgressUpdate,
  rebuildInvocation,
  type Tool,
  type ToolInvocation,
  type ToolResult,
  ToolResults,
} from '@toolwright/contracts';
import { didYouMean, idempotencyKey } from '@toolwright/utils';
import { type ProviderTarget, ToolValidationError, ToolwrightError } from '@toolwright/validation';
import {
  argumentsJson,
  type CallJudgement,
  type JudgementRecord,
  judgementOnly,
  recordedJudgement,
  usableJudgement,
} from './call-judgement.js';
import { CallTimeoutError, HookDenial } from './call-signals.js';
import { isNotLoaded, notLoadedMessage } from './deferred-tool-state.js';
import type {
  ApprovalHandler,
  CallStatus,
  ExecutedCall,
  PostToolHook,
  ToolCallRequest,
} from './executed-call.js';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';
import type { ResolvedExecutorOptions } from './executor-options.js';
import { lazyField } from './lazy-field.js';
import { JUDGED_PATHS_CONTEXT_FIELD, type JudgedPaths, recordJudgedPaths } from './paths/judged-paths.js';
import { PATH_ACCESS_CONTEXT_FIELD } from './paths/path-access.js';
import type { PermissionDecision } from './permission/permission-decision.js';
import type { PermissionPolicy } from './permission/permission-policy.js';
import { createPolicyPathAccess, type ReadJudge } from './permission/policy-path-access.js';
import { applyPostToolHooks, turnStopped } from './post-tool-hooks.js';
import { type FinalisedResult, finaliseResult } from './results/finalise-result.js';
import { CallDeadlines } from './scheduling/call-deadlines.js';
import { NEVER_ABORTED } from './scheduling/never-aborted.js';
import type { PathLock } from './scheduling/path-lock.js';
import { abortableDelay, backoffDelay, errorCodeOf, isTransientError } from './scheduling/retry-policy.js';
import { EXECUTOR_ACCEPTS } from './specification-version.js';
import type { CallTrace } from './telemetry/call-trace.js';
import { ExecutorTelemetry } from './telemetry/executor-telemetry.js';

/** Options of one turn (`executeBatch` or `executeStream`). */
export interface TurnOptions {
  /** Aborts every call of the turn (and, for a stream, stops reading it). */
  signal?: AbortSignal;
  /** Build invocations with `nullAsAbsent` (the provider is in OpenAI strict mode). */
  nullAsAbsent?: boolean;
  /** The active provider's dialect; ToolSearch returns declarations in it. */
  providerTarget?: ProviderTarget;
  /**
   * Fields added to the execution context of this turn's calls, over the runner's own
   * `contextFields`: per-request host values (the AI SDK 7 bridge passes a tool's `toolsContext`
   * entry here). The fields every context has (`signal`, `sessionId`, `toolCallId`, ...) keep
   * their values whatever this holds.
   */
  contextFields?: Readonly<Record<string, unknown>>;
}

/** Options of one call run on its own (`ToolCallRunner.run`). */
export interface CallOptions extends TurnOptions {
  /**
   * The invocation the host already built from this call's arguments with `tool.build` (for
   * example while validating them), so they are not parsed twice. Hooks and the permission
   * check still see it; one of another tool is ignored and the call is built as usual.
   */
  invocation?: ToolInvocation;
  /**
   * What `ToolCallRunner.judge` said of this call before it ran (the host asked whether it needs
   * approval): the call's permission check, so the policy is not asked twice. It is taken once,
   * only for the same call id, tool, arguments, mode and `nullAsAbsent`, without pre-tool hooks,
   * and never for an `ask`; otherwise the call is judged again. Validation, approval, the lock, timeouts and
   * the spill run as for any call, and the tool gets the real paths that judgement resolved.
   */
  judgement?: CallJudgement;
}

/** Where a call sits in its turn. */
export interface CallPlacement {
  readonly batch: number;
  readonly preStarted: boolean;
  /** Aborts the rest of the turn when a post-tool hook stops it (absent for a call run on its own). */
  readonly stopTurn?: (reason: ExecutorError) => void;
}

/**
 * Runs one call through the whole contract: lookup, deferred check, build (validation),
 * pre-tool hooks (a param change rebuilds and re-validates), permission (with approval),
 * the same-path lock for tools that are not concurrency-safe, retries of retry-safe tools on
 * transient errors, the timeout, and the result's spill to the artifact sink. Never throws for a
 * tool's failure: every outcome is an {@link ExecutedCall}.
 */
export class CallRunner {
  readonly #options: ResolvedExecutorOptions;
  readonly #locks: PathLock;
  /** Invocations whose `ask` the user approved; their pathAccess trusts their affected paths. */
  readonly #approvedByUser = new WeakSet<ToolInvocation>();
  /** Where the policy found each allowed invocation's paths; given to the tool as `judgedPaths`. */
  readonly #judged = new WeakMap<ToolInvocation, JudgedPaths>();
  /** Each run invocation's call id and key, so the result reuses the hash its context got. */
  readonly #keys = new WeakMap<ToolInvocation, { readonly callId: string; readonly key: string }>();
  /** The timeouts of this runner's calls, on one timer. */
  readonly #deadlines = new CallDeadlines();
  /** Absent when the host turned telemetry off. */
  readonly #telemetry: ExecutorTelemetry | undefined;

  constructor(options: ResolvedExecutorOptions, locks: PathLock) {
    this.#options = options;
    this.#locks = locks;
    const permissions = options.permissions as Partial<PermissionPolicy>;
    this.#telemetry = ExecutorTelemetry.of(options.telemetry, {
      workspaceRoot: options.workspaceRoot,
      // A PermissionPolicy knows the host's own protected paths too.
      ...(typeof permissions.protectedPathOf === 'function'
        ? { protectedPathOf: (real: string) => (permissions as PermissionPolicy).protectedPathOf(real) }
        : {}),
    });
  }

  async run(
    call: ToolCallRequest,
    placement: CallPlacement,
    signal: AbortSignal,
    turn: CallOptions,
  ): Promise<ExecutedCall> {
    // No await once the API has loaded (or is known absent): a settled call pays no extra tick.
    const telemetry = this.#telemetry;
    const trace =
      telemetry === undefined
        ? undefined
        : telemetry.ready() === undefined
          ? telemetry.startCall(call, placement.preStarted)
          : await this.#startTrace(call, placement);
    const started = performance.now();
    const finish = (
      status: CallStatus,
      result: ToolResult,
      invocation: ToolInvocation | undefined,
      attempts: number,
    ): ExecutedCall | Promise<ExecutedCall> =>
      this.#finish(call, placement, started, status, result, invocation, attempts, trace);
    this.#options.onEvent?.({ type: 'call-start', callId: call.id, call, preStarted: placement.preStarted });
    const tool = this.#options.lookup(call.name);
    if (tool === undefined) {
      return finish(
        'not_found',
        ToolResults.notFound(
          `No tool named "${call.name}"${didYouMean(call.name, this.#options.toolNames?.() ?? [])}. ` +
            'Use ToolSearch to find tools by keyword.',
        ),
        undefined,
        0,
      );
    }
    trace?.toolFound(tool);
    const versionProblem = describeToolVersionProblem(tool, EXECUTOR_ACCEPTS);
    if (versionProblem !== undefined) {
      const refusal = new ExecutorError(
        ExecutorErrorCode.UnsupportedSpecificationVersion,
        `Tool "${call.name}" cannot run here: ${versionProblem}.`,
      );
      trace?.failed(refusal);
      return finish('error', ToolResults.executionError(refusal), undefined, 0);
    }
    if (isNotLoaded(this.#options.deferred, call.name)) {
      // Refused before building, so not even a validation error leaks the unseen schema.
      return finish('not_loaded', ToolResults.notFound(notLoadedMessage(call.name)), undefined, 0);
    }
    if (signal.aborted) return finish('aborted', abortedResult(signal), undefined, 0);
    const nullAsAbsent = turn.nullAsAbsent === true;
    // The host's judgement of this very call is its permission check (see CallOptions.judgement).
    const judged =
      turn.judgement === undefined || (this.#options.hooks?.length ?? 0) > 0
        ? undefined
        : usableJudgement(
            turn.judgement,
            call,
            tool,
            this.#options.mode(),
            nullAsAbsent,
            this.#options.permissions,
          );
    let invocation: ToolInvocation;
    try {
      invocation =
        judged?.invocation ??
        (turn.invocation?.toolName === tool.name
          ? turn.invocation
          : tool.build(call.arguments, { nullAsAbsent }));
      trace?.validated(invocation);
      // Without hooks, no await: a call pays no tick for a step it does not take.
      if ((this.#options.hooks?.length ?? 0) > 0) {
        invocation = await this.#applyHooks(call, tool, invocation, nullAsAbsent);
      }
    } catch (error) {
      if (ToolValidationError.isInstance(error)) {
        trace?.validationFailed(error);
        return finish('invalid', ToolResults.validationError(error), undefined, 0);
      }
      if (error instanceof HookDenial)
        return finish('denied', ToolResults.permissionDenied(error.message), undefined, 0);
      // A hook that throws (or a tool callback that fails) fails this call, not the whole turn.
      trace?.failed(error);
      return finish('error', ToolResults.executionError(describeFailure(error)), undefined, 0);
    }

    // A call that was allowed and started: the post-tool hooks see its outcome before it is final.
    const ran = (
      status: 'success' | 'error' | 'timeout' | 'aborted',
      result: ToolResult,
      invocation: ToolInvocation,
      attempts: number,
    ): ExecutedCall | Promise<ExecutedCall> => {
      const hooks = this.#options.postToolHooks;
      if (hooks === undefined || hooks.length === 0) return finish(status, result, invocation, attempts);
      return this.#afterPostToolHooks(
        hooks,
        call,
        tool,
        placement,
        started,
        status,
        result,
        invocation,
        attempts,
        trace,
      );
    };

    let decision: Decided;
    try {
      const deciding =
        judged === undefined
          ? this.#resolveDecision(call, tool, invocation, trace)
          : this.#takeJudgement(call, invocation, judged, trace);
      decision = isPromiseLike(deciding) ? await deciding : deciding;
    } catch (error) {
      // The tool's affectedPaths callback or a needsApproval callback can throw: fail closed.
      trace?.failed(error);
      return finish('error', ToolResults.executionError(describeFailure(error)), invocation, 0);
    }
    if (decision.behavior !== 'allow')
      return this.#finish(
        call,
        placement,
        started,
        'denied',
        ToolResults.permissionDenied(decision.reason),
        invocation,
        0,
        trace,
        decision.pendingApproval === undefined ? undefined : { pendingApproval: decision.pendingApproval },
      );

    // A concurrency-safe call holds no lock: its promise is the call's, with no await here.
    if (invocation.isConcurrencySafe)
      return this.#runWithRetries(call, tool, invocation, signal, turn, ran, trace);
    // Tools that are not concurrency-safe hold their paths for the whole call, retries included.
    const release = await this.#lock(invocation, trace);
    try {
      return await this.#runWithRetries(call, tool, invocation, signal, turn, ran, trace);
    } finally {
      release();
    }
  }

  /** The outcome of a call the post-tool hooks saw, which may change it or stop the turn. */
  async #afterPostToolHooks(
    hooks: readonly PostToolHook[],
    call: ToolCallRequest,
    tool: Tool,
    placement: CallPlacement,
    started: number,
    status: 'success' | 'error' | 'timeout' | 'aborted',
    result: ToolResult,
    invocation: ToolInvocation,
    attempts: number,
    trace: CallTrace | undefined,
  ): Promise<ExecutedCall> {
    const after = await applyPostToolHooks(
      hooks,
      { call, tool, invocation, status, result },
      this.#options.onEvent,
    );
    if (after.stopTurn !== undefined) placement.stopTurn?.(turnStopped(call.name, after.stopTurn));
    return this.#finish(
      call,
      placement,
      started,
      after.status,
      after.result,
      invocation,
      attempts,
      trace,
      after.stopTurn === undefined ? undefined : { stopTurn: after.stopTurn },
    );
  }

  /**
   * Holds what a call that is not concurrency-safe may touch. A shared call that names no path
   * could write any file, beside calls of its own batch, so it runs alone: the lock cannot keep
   * anything off a file it was not told about.
   */
  #lock(invocation: ToolInvocation, trace: CallTrace | undefined): Promise<() => void> {
    const paths = invocation.affectedPaths;
    const alone = invocation.parallelism === 'shared' && paths.length === 0;
    if (trace !== undefined) return this.#tracedLock(paths, alone, trace);
    return alone ? this.#locks.acquireExclusive() : this.#locks.acquire(paths);
  }

  /** {@link #lock}, with a child span of the call's for the time it waited, when it had to. */
  async #tracedLock(paths: readonly string[], alone: boolean, trace: CallTrace): Promise<() => void> {
    const since = performance.now();
    let waited = false;
    const onWait = (): void => {
      waited = true;
    };
    const release = await (alone ? this.#locks.acquireExclusive(onWait) : this.#locks.acquire(paths, onWait));
    if (waited) trace.waitedForLock(since);
    return release;
  }

  /** The trace of a call, once `@opentelemetry/api` has loaded (or is known absent). */
  async #startTrace(call: ToolCallRequest, placement: CallPlacement): Promise<CallTrace | undefined> {
    const telemetry = this.#telemetry;
    if (telemetry === undefined) return undefined;
    const loading = telemetry.ready();
    if (loading !== undefined) await loading;
    return telemetry.startCall(call, placement.preStarted);
  }

  /** The result of a call that never ran (the stream failed, or its arguments never completed or are not JSON). */
  async notRun(
    call: ToolCallRequest,
    placement: CallPlacement,
    status: 'aborted' | 'incomplete' | 'invalid',
    message: string,
  ): Promise<ExecutedCall> {
    const trace = await this.#startTrace(call, placement);
    const result = status === 'aborted' ? ToolResults.aborted(message) : ToolResults.validationError(message);
    return this.#finish(call, placement, performance.now(), status, result, undefined, 0, trace);
  }

  /**
   * The call's {@link ExecutedCall}, announced. Synchronous when the result needs no storing
   * (nearly every call): only a result the artifact sink must take waits for it.
   */
  #finish(
    call: ToolCallRequest,
    placement: CallPlacement,
    started: number,
    status: CallStatus,
    result: ToolResult,
    invocation: ToolInvocation | undefined,
    attempts: number,
    trace: CallTrace | undefined,
    outcome?: Pick<ExecutedCall, 'stopTurn' | 'pendingApproval'>,
  ): ExecutedCall | Promise<ExecutedCall> {
    const inline = inlineText(
      result,
      this.#options.spillThresholdBytes,
      this.#options.artifactSink !== undefined,
    );
    const complete = (finalised: FinalisedResult): ExecutedCall =>
      this.#complete(
        call,
        placement,
        started,
        status,
        result,
        invocation,
        attempts,
        trace,
        outcome,
        finalised,
      );
    if (inline !== undefined) return complete({ text: inline, artifacts: NO_ARTIFACTS, spilled: false });
    return finaliseResult(result, {
      store: this.#options.artifactSink,
      spillThresholdBytes: this.#options.spillThresholdBytes,
    })
      .catch(
        (error: unknown): FinalisedResult => ({
          text: `${typeof result.llmContent === 'string' ? result.llmContent.slice(0, 2000) : ''}\n[could not store output: ${(error as Error).message}]`,
          artifacts: NO_ARTIFACTS,
          spilled: false,
        }),
      )
      .then(complete);
  }

  #complete(
    call: ToolCallRequest,
    placement: CallPlacement,
    started: number,
    status: CallStatus,
    result: ToolResult,
    invocation: ToolInvocation | undefined,
    attempts: number,
    trace: CallTrace | undefined,
    outcome: Pick<ExecutedCall, 'stopTurn' | 'pendingApproval'> | undefined,
    finalised: FinalisedResult,
  ): ExecutedCall {
    // One literal of one shape; the rare outcome fields are added after, not spread in.
    const fields: Omit<{ -readonly [Key in keyof ExecutedCall]: ExecutedCall[Key] }, 'idempotencyKey'> = {
      call,
      callId: call.id,
      status,
      result: finalised.artifacts.length > 0 ? { ...result, artifacts: finalised.artifacts } : result,
      content: finalised.text,
      invocation,
      attempts,
      durationMs: performance.now() - started,
      batch: placement.batch,
      spilled: finalised.spilled,
      preStarted: placement.preStarted,
    };
    // Hashed when first read (see #context): the same key the tool saw, from the same memo.
    const executed = IDEMPOTENCY_KEY.define(
      fields as typeof fields & { idempotencyKey: string | undefined },
      () => (invocation === undefined ? undefined : this.#keyOf(call, invocation)),
      { assignable: false },
    );
    if (outcome?.stopTurn !== undefined) executed.stopTurn = outcome.stopTurn;
    if (outcome?.pendingApproval !== undefined) executed.pendingApproval = outcome.pendingApproval;
    // What this call stored: the finalised list starts with the artifacts the result already had.
    trace?.end(
      executed,
      finalised.artifacts.slice(result.artifacts?.length ?? 0),
      invocation === undefined ? undefined : this.#judged.get(invocation),
    );
    this.#options.onEvent?.({ type: 'call-end', callId: call.id, executed });
    return executed;
  }

  async #applyHooks(
    call: ToolCallRequest,
    tool: Tool,
    initial: ToolInvocation,
    nullAsAbsent: boolean,
  ): Promise<ToolInvocation> {
    let invocation = initial;
    for (const hook of this.#options.hooks ?? []) {
      const outcome = await hook({ call, tool, invocation });
      if (outcome === undefined) continue;
      if (outcome.deny !== undefined)
        throw new HookDenial(`A pre-tool hook refused ${call.name}: ${outcome.deny}`);
      if (outcome.params !== undefined) {
        // Params are frozen: a change means a new, re-validated invocation; the old one is retired.
        invocation = rebuildInvocation(tool, invocation, outcome.params, { nullAsAbsent });
        this.#options.onEvent?.({ type: 'hook-rewrite', callId: call.id, call, params: invocation.params });
      }
    }
    return invocation;
  }

  /**
   * What the policy says of `call` before it runs, without running it or asking for approval:
   * the lookup, deferred and version checks and the build come first, as in {@link run}, and a
   * call that fails one of them is not judged. See `ToolCallRunner.judge`.
   */
  judge(call: ToolCallRequest, turn: TurnOptions): CallJudgement | Promise<CallJudgement> {
    const tool = this.#options.lookup(call.name);
    if (
      tool === undefined ||
      describeToolVersionProblem(tool, EXECUTOR_ACCEPTS) !== undefined ||
      isNotLoaded(this.#options.deferred, call.name)
    )
      return UNJUDGED;
    const nullAsAbsent = turn.nullAsAbsent === true;
    const mode = this.#options.mode();
    let invocation: ToolInvocation;
    let recorded: ReturnType<typeof recordJudgedPaths<PermissionDecision | Promise<PermissionDecision>>>;
    try {
      invocation = tool.build(call.arguments, { nullAsAbsent });
      const judging = invocation;
      recorded = recordJudgedPaths(() =>
        this.#options.permissions.decide({ invocation: judging, tool, mode }),
      );
    } catch {
      // Invalid arguments, or a callback that throws: the run answers with its message, fail-closed.
      return UNJUDGED;
    }
    const decision = recorded.value;
    // A decision that awaited something is the host's answer only; the run judges the call again.
    if (isPromiseLike(decision))
      return Promise.resolve(decision).then(
        (settled) => judgementOnly(settled.behavior),
        () => UNJUDGED,
      );
    // Pre-tool hooks run only when the call does, and may change what the policy would see.
    const json = (this.#options.hooks?.length ?? 0) > 0 ? undefined : argumentsJson(call.arguments);
    if (json === undefined) return judgementOnly(decision.behavior);
    return recordedJudgement({
      call,
      argumentsJson: json,
      tool,
      invocation,
      mode,
      nullAsAbsent,
      decision,
      judged: recorded.judged,
      policy: this.#options.permissions,
    });
  }

  /** The decision of a judgement taken as the call's permission check (never an `ask`). */
  #takeJudgement(
    call: ToolCallRequest,
    invocation: ToolInvocation,
    judged: JudgementRecord,
    trace: CallTrace | undefined,
  ): Decided | Promise<Decided> {
    this.#judged.set(invocation, judged.judged);
    return this.#settleDecision(call, invocation, judged.decision, trace);
  }

  /**
   * The decision on a call, with the `ask` settled: by the approval handler, or denied when the
   * run has none. Synchronous when the policy is and no handler is asked (nearly every call),
   * so such a call waits for no tick here.
   */
  #resolveDecision(
    call: ToolCallRequest,
    tool: Tool,
    invocation: ToolInvocation,
    trace: CallTrace | undefined,
  ): Decided | Promise<Decided> {
    // The tool gets the real paths this decision judged, so that it opens exactly those.
    const recorded = recordJudgedPaths(() =>
      this.#options.permissions.decide({ invocation, tool, mode: this.#options.mode() }),
    );
    this.#judged.set(invocation, recorded.judged);
    const decision = recorded.value;
    return isPromiseLike(decision)
      ? Promise.resolve(decision).then((settled) => this.#settleDecision(call, invocation, settled, trace))
      : this.#settleDecision(call, invocation, decision, trace);
  }

  #settleDecision(
    call: ToolCallRequest,
    invocation: ToolInvocation,
    decision: PermissionDecision,
    trace: CallTrace | undefined,
  ): Decided | Promise<Decided> {
    if (decision.behavior !== 'ask') {
      trace?.permission(decision);
      return this.#announceDecision(call, decision);
    }
    if (this.#options.approve !== undefined) return this.#askForApproval(call, invocation, decision, trace);
    trace?.permission(decision, 'unattended');
    return this.#announceDecision(call, {
      behavior: 'deny',
      reason: `${decision.reason} This needs approval, and this run is non-interactive, so it is denied. ${decision.remedy ?? `To permit it, add a rule such as "${decision.suggestedRule ?? invocation.permissionRule}" to permissions.allow.`}`,
    });
  }

  async #askForApproval(
    call: ToolCallRequest,
    invocation: ToolInvocation,
    decision: PermissionDecision,
    trace: CallTrace | undefined,
  ): Promise<Decided> {
    const approve = this.#options.approve as ApprovalHandler;
    trace?.permission(decision);
    const request = { invocation, reason: decision.reason, toolCallId: call.id };
    // The handler runs in the approval-wait span's context, so spans it makes are its children.
    const answer =
      trace === undefined
        ? await approve(request)
        : await trace.awaitApproval(() => approve(request), approvalOutcomeOf);
    const approved = answer === true;
    if (approved) this.#approvedByUser.add(invocation);
    return this.#announceDecision(
      call,
      approved
        ? { behavior: 'allow', reason: `Approved by the user: ${decision.reason}` }
        : typeof answer === 'object'
          ? {
              behavior: 'deny',
              reason: `${decision.reason} It waits for approval ${answer.pendingApproval}; it runs once that is approved.`,
              pendingApproval: answer.pendingApproval,
            }
          : { behavior: 'deny', reason: `The user declined: ${decision.reason}` },
    );
  }

  /** The `permission` event of the final decision, for a host that listens. */
  #announceDecision(call: ToolCallRequest, final: Decided): Decided {
    const onEvent = this.#options.onEvent;
    if (onEvent !== undefined) {
      const { pendingApproval, ...decided } = final;
      onEvent({
        type: 'permission',
        callId: call.id,
        call,
        decision: decided,
        ...(pendingApproval === undefined ? {} : { pendingApproval }),
      });
    }
    return final;
  }

  /**
   * The call's attempts. The first one is a promise chain (no async function around it, so a
   * call that succeeds pays no extra step); a failure goes to {@link #afterFailure}, which retries.
   */
  #runWithRetries(
    call: ToolCallRequest,
    tool: Tool,
    invocation: ToolInvocation,
    signal: AbortSignal,
    turn: TurnOptions,
    finish: Finish,
    trace: CallTrace | undefined,
  ): Promise<ExecutedCall> {
    const timeoutMs = this.#options.toolTimeoutsMs?.[tool.name] ?? this.#options.timeoutMs;
    if (signal.aborted) return Promise.resolve(finish('aborted', abortedResult(signal), invocation, 0));
    return this.#runOnce(call, invocation, signal, timeoutMs, turn, trace).then(
      (result) => finish(result.error === undefined ? 'success' : 'error', result, invocation, 1),
      (error: unknown) =>
        this.#afterFailure({ call, invocation, signal, timeoutMs, turn, finish, trace }, error, 1),
    );
  }

  /** What follows a failed attempt: the call's outcome, or, for a transient error of a retry-safe tool, more attempts. */
  async #afterFailure(attempt: Attempt, failure: unknown, failed: number): Promise<ExecutedCall> {
    const { call, invocation, signal, timeoutMs, turn, finish, trace } = attempt;
    const retry = this.#options.retryPolicy;
    let error = failure;
    for (let number = failed; ; number += 1) {
      if (error instanceof CallTimeoutError)
        return finish('timeout', ToolResults.timeout(timeoutMs), invocation, number);
      if (signal.aborted) return finish('aborted', abortedResult(signal), invocation, number);
      const retryable = invocation.isRetrySafe && isTransientError(error) && number < retry.maxAttempts;
      if (!retryable) {
        trace?.failed(error);
        return finish('error', ToolResults.executionError(describeFailure(error)), invocation, number);
      }
      const delayMs = backoffDelay(retry, number);
      const errorCode = errorCodeOf(error) ?? 'unknown';
      trace?.retry(number, delayMs, errorCode);
      this.#options.onEvent?.({ type: 'retry', callId: call.id, call, attempt: number, delayMs, errorCode });
      try {
        await abortableDelay(delayMs, signal);
      } catch {
        return finish('aborted', abortedResult(signal), invocation, number);
      }
      if (signal.aborted) return finish('aborted', abortedResult(signal), invocation, number);
      try {
        const result = await this.#runOnce(call, invocation, signal, timeoutMs, turn, trace);
        return finish(result.error === undefined ? 'success' : 'error', result, invocation, number + 1);
      } catch (next) {
        error = next;
      }
    }
  }

  /**
   * One attempt, bounded by the timeout: on timeout the call's signal aborts and the tool gets
   * `timeoutGraceMs` to stop, so that a caller holding its path lock does not release it under a
   * tool that is still writing; then the attempt fails with {@link CallTimeoutError}.
   */
  #runOnce(
    call: ToolCallRequest,
    invocation: ToolInvocation,
    signal: AbortSignal,
    timeoutMs: number,
    turn: TurnOptions,
    trace: CallTrace | undefined,
  ): Promise<ToolResult> {
    const controller = new AbortController();
    // The turn's shared never-aborted signal needs no listener (adding one costs microseconds).
    const forward = signal === NEVER_ABORTED ? undefined : (): void => controller.abort(signal.reason);
    if (forward !== undefined) signal.addEventListener('abort', forward, { once: true });
    // Progress reported after the attempt ended (a tool that ignores its signal) is not passed on.
    let running = true;
    const hostProgress = turn.contextFields?.onProgress ?? this.#options.contextFields?.onProgress;
    const onProgress = (progress: ProgressUpdate): void => {
      if (!running) return;
      this.#options.onEvent?.({ type: 'call-progress', callId: call.id, call, progress });
      if (typeof hostProgress === 'function') (hostProgress as (update: ProgressUpdate) => void)(progress);
    };
    const context = this.#context(call, invocation, controller.signal, turn, onProgress);
    const execution =
      trace === undefined ? invocation.execute(context) : trace.within(() => invocation.execute(context));
    return new Promise<ToolResult>((resolve, reject) => {
      let timedOut = false;
      const settle = (): void => {
        running = false;
        this.#deadlines.cancel(deadline);
        if (forward !== undefined) signal.removeEventListener('abort', forward);
      };
      const deadline = this.#deadlines.start(timeoutMs, () => {
        timedOut = true;
        running = false;
        controller.abort(new CallTimeoutError(timeoutMs));
        const giveUp = setTimeout(
          () => reject(new CallTimeoutError(timeoutMs)),
          this.#options.timeoutGraceMs,
        );
        const stopped = (): void => {
          clearTimeout(giveUp);
          reject(new CallTimeoutError(timeoutMs));
        };
        execution.then(stopped, stopped);
      });
      execution.then(
        (result) => {
          settle();
          if (!timedOut) resolve(result);
        },
        (error: unknown) => {
          settle();
          if (!timedOut) reject(error);
        },
      );
    });
  }

  /**
   * The key of a call: the caller's own when it passed one, else derived from the model's id and
   * the arguments the tool runs with (validated, defaulted and after any hook's rewrite), so that
   * a retry of the call with the same arguments gets the same key.
   */
  #keyOf(call: ToolCallRequest, invocation: ToolInvocation): string {
    const known = this.#keys.get(invocation);
    if (known !== undefined && known.callId === call.id) return known.key;
    const key = call.idempotencyKey ?? idempotencyKey(call.id, invocation.params);
    this.#keys.set(invocation, { callId: call.id, key });
    return key;
  }

  /**
   * The tool's execution context. `idempotencyKey` (a SHA-256 of the arguments) and `pathAccess`
   * are made when the tool first reads them, not for every call: most tools read neither, and
   * each costs about as much as the rest of the context. Reading gives what making them up front
   * gave, and a tool may still assign them, as plain fields.
   */
  #context(
    call: ToolCallRequest,
    invocation: ToolInvocation,
    signal: AbortSignal,
    turn: TurnOptions,
    onProgress: (progress: ProgressUpdate) => void,
  ): ExecutionContext {
    const { providerTarget, contextFields } = turn;
    const fields = {
      [JUDGED_PATHS_CONTEXT_FIELD]: this.#judged.get(invocation),
      signal,
      sessionId: this.#options.sessionId,
      workspaceRoot: this.#options.workspaceRoot,
      toolCallId: call.id,
      onProgress,
    };
    const own = IDEMPOTENCY_KEY.define(
      fields as typeof fields & { idempotencyKey: string },
      () => this.#keyOf(call, invocation),
      { assignable: true },
    );
    const hostFields = this.#options.contextFields;
    let context: ExecutionContext;
    if (hostFields === undefined && contextFields === undefined) {
      // Nearly every call: the literal itself, not a copy of spread objects (a copy would also
      // read the accessors, which stay accessors).
      context = own;
      if (providerTarget !== undefined) context.providerTarget = providerTarget;
    } else {
      // The fields every context has keep their values, whatever the host's hold.
      const merged = {
        ...hostFields,
        ...contextFields,
        ...(providerTarget === undefined ? {} : { providerTarget }),
      };
      // `own` adds signal, sessionId and workspaceRoot.
      context = Object.defineProperties(merged as ExecutionContext, Object.getOwnPropertyDescriptors(own));
    }
    const permissions = this.#options.permissions;
    if (permissions.judgeRead !== undefined) {
      // The user approved a search pointed outside the workspace: its files may be read.
      const approved = this.#approvedByUser.has(invocation);
      PATH_ACCESS.define(
        context,
        () =>
          createPolicyPathAccess(
            permissions as ReadJudge,
            invocation.toolName,
            approved ? { approvedDirectories: invocation.affectedPaths } : {},
          ),
        { assignable: true },
      );
    }
    return context;
  }
}

/** A call's key, hashed when first read; its tool context's, assignable by the tool. */
const IDEMPOTENCY_KEY = lazyField<string | undefined>('idempotencyKey');

/** A tool context's `pathAccess`, made when the tool first reads it. */
const PATH_ACCESS = lazyField<unknown>(PATH_ACCESS_CONTEXT_FIELD);

/** The judgement of a call that could not be judged: the run answers it. */
const UNJUDGED: CallJudgement = Object.freeze(judgementOnly(undefined));

/** The artifacts of a result that needed no storing: none, shared by every such call. */
const NO_ARTIFACTS: FinalisedResult['artifacts'] = Object.freeze([]);

/** Makes a started call's ExecutedCall (through the post-tool hooks, when there are any). */
type Finish = (
  status: 'success' | 'error' | 'timeout' | 'aborted',
  result: ToolResult,
  invocation: ToolInvocation,
  attempts: number,
) => ExecutedCall | Promise<ExecutedCall>;

/** What every attempt of one call shares. */
interface Attempt {
  readonly call: ToolCallRequest;
  readonly invocation: ToolInvocation;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly turn: TurnOptions;
  readonly finish: Finish;
  readonly trace: CallTrace | undefined;
}

/** A permission decision with the `ask` settled, naming the pending approval record when it was deferred. */
type Decided = PermissionDecision & { readonly pendingApproval?: string };

/** True for a promise or any thenable (a host's own `decide` may return one). */
function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * The text of a result that needs no storing (a string small enough, or no sink to store in),
 * so the common case skips the finalising step; `undefined` otherwise.
 */
function inlineText(result: ToolResult, spillThresholdBytes: number, hasSink: boolean): string | undefined {
  if (typeof result.llmContent !== 'string') return undefined;
  // Three bytes per UTF-16 unit is the most UTF-8 can take, so short strings skip the count.
  if (!hasSink || result.llmContent.length * 3 <= spillThresholdBytes) return result.llmContent;
  return Buffer.byteLength(result.llmContent) <= spillThresholdBytes ? result.llmContent : undefined;
}

/** How an approval handler's answer settled the `ask`, for the approval-wait span. */
function approvalOutcomeOf(answer: boolean | { readonly pendingApproval: string }): string {
  return answer === true ? 'approved' : typeof answer === 'object' ? 'pending' : 'declined';
}

/**
 * What a thrown value tells the model: a toolwright error as it is (`ToolResults` adds its code),
 * anything else by its message, with its Node error code when it has one.
 */
/** The result of a call its turn's signal ended: one a post-tool hook stopped names the stop. */
function abortedResult(signal: AbortSignal): ToolResult {
  const reason: unknown = signal.reason;
  return ExecutorError.isInstance(reason) && reason.code === ExecutorErrorCode.TurnStopped
    ? ToolResults.aborted(reason)
    : ToolResults.aborted();
}

function describeFailure(error: unknown): FailureReason {
  if (ToolwrightError.isInstance(error)) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return code === undefined ? message : `${message} (${code})`;
}
