import { setTimeout as sleep } from 'node:timers/promises';
import type { SessionArtifactStore } from '@toolwright/artifacts';
import {
  rebuildInvocation,
  type Tool,
  type ToolInvocation,
  type ToolResult,
  ToolResults,
} from '@toolwright/contracts';
import type { ToolMode } from '@toolwright/registry';
import { type ProviderTarget, ToolValidationError, ToolwrightError } from '@toolwright/validation';
import type { ModelToolCall } from '../providers/model-provider.js';
import { PathLock } from './path-lock.js';
import type { PermissionDecision, PermissionPolicy } from './permission-policy.js';
import { finaliseResult } from './render-tool-result.js';
import {
  abortableDelay,
  backoffDelay,
  DEFAULT_RETRY_POLICY,
  errorCodeOf,
  isTransientError,
  type RetryPolicy,
} from './retry-policy.js';

/** What a pre-tool hook sees. */
export interface PreToolHookInput {
  readonly call: ModelToolCall;
  readonly tool: Tool;
  readonly invocation: ToolInvocation;
}

/**
 * A pre-tool hook's answer: nothing (proceed), new params (merged over the current ones; the
 * invocation is rebuilt and validated again) or a denial.
 */
export type PreToolHookResult =
  | undefined
  | { readonly params?: Record<string, unknown>; readonly deny?: string };

/** Runs before permission checks; may rewrite params or deny the call. */
export type PreToolHook = (input: PreToolHookInput) => PreToolHookResult | Promise<PreToolHookResult>;

/** Asked when a decision is `ask`; resolve true to allow. Absent in non-interactive runs. */
export type ApprovalHandler = (request: { invocation: ToolInvocation; reason: string }) => Promise<boolean>;

/** The final state of one call. */
export type CallStatus =
  | 'success'
  | 'error'
  | 'denied'
  | 'invalid'
  | 'timeout'
  | 'aborted'
  | 'not_found'
  /** A deferred tool whose schema ToolSearch has not loaded: refused before it was built. */
  | 'not_loaded';

/** The deferred-tool state the executor consults (a registry's `deferred` manager fits). */
export interface DeferredToolState {
  /** True when the tool's schema reaches the model only after ToolSearch loaded it. */
  isDeferred(name: string): boolean;
  /** True when the tool's schema reaches the model (not deferred, or loaded). */
  isLoaded(name: string): boolean;
}

/** One executed call, in the order the model sent it. */
export interface ExecutedCall {
  readonly call: ModelToolCall;
  readonly status: CallStatus;
  /** The result as the tool (or the executor, for refusals) produced it. */
  readonly result: ToolResult;
  /** What goes back to the model: text, spilled or with stored images referenced. */
  readonly content: string;
  readonly invocation: ToolInvocation | undefined;
  readonly attempts: number;
  readonly durationMs: number;
  /** Index of the batch it ran in. */
  readonly batch: number;
  readonly spilled: boolean;
}

/** Progress events for the transcript. */
export type ExecutorEvent =
  | {
      readonly type: 'batch';
      readonly batch: number;
      readonly parallelism: 'shared' | 'exclusive';
      readonly calls: readonly ModelToolCall[];
    }
  | { readonly type: 'hook-rewrite'; readonly call: ModelToolCall; readonly params: unknown }
  | { readonly type: 'permission'; readonly call: ModelToolCall; readonly decision: PermissionDecision }
  | {
      readonly type: 'retry';
      readonly call: ModelToolCall;
      readonly attempt: number;
      readonly delayMs: number;
      readonly errorCode: string;
    }
  | { readonly type: 'call-end'; readonly executed: ExecutedCall };

/** Options of {@link ToolExecutor}. */
export interface ToolExecutorOptions {
  /** Finds a tool by name (usually `registry.get`). */
  lookup(name: string): Tool | undefined;
  /**
   * The deferred state of the registry `lookup` reads (usually `registry.deferred`). A call of
   * a deferred tool that ToolSearch has not loaded is refused with status `not_loaded`: the
   * model never saw its schema, so it could only have guessed the name and arguments. Without
   * it, every tool counts as loaded.
   */
  deferred?: DeferredToolState;
  /** The current mode, read at the moment each call runs (EnterPlanMode can change it mid-batch). */
  mode(): ToolMode;
  permissions: PermissionPolicy;
  sessionId: string;
  workspaceRoot: string;
  hooks?: readonly PreToolHook[];
  approve?: ApprovalHandler;
  artifactStore?: SessionArtifactStore;
  /** Default 32 KiB. */
  spillThresholdBytes?: number;
  /** Default timeout per call (default 120 s); `toolTimeoutsMs` overrides it per tool name. */
  timeoutMs?: number;
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  retry?: Partial<RetryPolicy>;
  /** Calls of one shared batch running at once (default 8). */
  maxParallel?: number;
  /** Extra fields for the ExecutionContext (host services for your own tools). */
  contextFields?: Readonly<Record<string, unknown>>;
  onEvent?(event: ExecutorEvent): void;
}

/** Options of one {@link ToolExecutor.executeBatch}. */
export interface BatchOptions {
  signal?: AbortSignal;
  /** Build invocations with `nullAsAbsent` (the provider is in OpenAI strict mode). */
  nullAsAbsent?: boolean;
  /** The active provider's dialect; ToolSearch returns declarations in it. */
  providerTarget?: ProviderTarget;
}

class CallTimeoutError extends Error {}

/** How long a timed-out call may take to honour its aborted signal before its locks are freed. */
const TIMEOUT_GRACE_MS = 2000;

/**
 * Runs a model's tool calls under the toolwright contract:
 * - consecutive calls of `parallelism: 'shared'` tools form a batch that runs together; an
 *   `exclusive` call is a barrier that runs alone, after everything before it (FIFO);
 * - calls of tools that are not concurrency-safe hold a lock on their affected paths, so two
 *   of them on one file never interleave, even inside a shared batch;
 * - each call is built (validated), passed through the pre-tool hooks — a changed param
 *   rebuilds the invocation and validates again — and checked for permission just before it runs;
 * - only retry-safe tools are retried, only on transient errors, with exponential backoff,
 *   stopping when the signal aborts; every call has a timeout;
 * - large text is spilled to the artifact store and images are stored as artifacts.
 * Results come back in the order of the calls.
 */
export class ToolExecutor {
  readonly #options: ToolExecutorOptions;
  readonly #locks = new PathLock();
  readonly #retry: RetryPolicy;
  #batchCounter = 0;

  constructor(options: ToolExecutorOptions) {
    this.#options = options;
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  /** Executes the calls of one assistant turn. Never throws for a tool's failure. */
  async executeBatch(calls: readonly ModelToolCall[], options: BatchOptions = {}): Promise<ExecutedCall[]> {
    const signal = options.signal ?? new AbortController().signal;
    const results: ExecutedCall[] = new Array(calls.length);
    for (const group of this.#partition(calls)) {
      const batch = this.#batchCounter++;
      this.#options.onEvent?.({
        type: 'batch',
        batch,
        parallelism: group.parallelism,
        calls: group.indices.map((index) => calls[index] as ModelToolCall),
      });
      await this.#runPool(group.indices, async (index) => {
        const executed = await this.#executeOne(calls[index] as ModelToolCall, batch, signal, options);
        results[index] = executed;
        this.#options.onEvent?.({ type: 'call-end', executed });
      });
    }
    return results;
  }

  /** Groups consecutive shared calls; each exclusive (or unknown) call stands alone. */
  #partition(
    calls: readonly ModelToolCall[],
  ): Array<{ parallelism: 'shared' | 'exclusive'; indices: number[] }> {
    const groups: Array<{ parallelism: 'shared' | 'exclusive'; indices: number[] }> = [];
    calls.forEach((call, index) => {
      const shared = this.#options.lookup(call.name)?.parallelism === 'shared';
      const last = groups.at(-1);
      if (shared && last?.parallelism === 'shared') last.indices.push(index);
      else groups.push({ parallelism: shared ? 'shared' : 'exclusive', indices: [index] });
    });
    return groups;
  }

  async #runPool(indices: readonly number[], work: (index: number) => Promise<void>): Promise<void> {
    const queue = [...indices];
    const workers = Array.from(
      { length: Math.min(this.#options.maxParallel ?? 8, queue.length) },
      async () => {
        for (let index = queue.shift(); index !== undefined; index = queue.shift()) await work(index);
      },
    );
    await Promise.all(workers);
  }

  async #executeOne(
    call: ModelToolCall,
    batch: number,
    signal: AbortSignal,
    options: BatchOptions,
  ): Promise<ExecutedCall> {
    const started = performance.now();
    const nullAsAbsent = options.nullAsAbsent === true;
    const finish = async (
      status: CallStatus,
      result: ToolResult,
      invocation: ToolInvocation | undefined,
      attempts: number,
    ): Promise<ExecutedCall> => {
      const finalised = await finaliseResult(result, {
        store: this.#options.artifactStore,
        spillThresholdBytes: this.#options.spillThresholdBytes ?? 32 * 1024,
      }).catch((error: unknown) => ({
        text: `${typeof result.llmContent === 'string' ? result.llmContent.slice(0, 2000) : ''}\n[could not store output: ${(error as Error).message}]`,
        artifacts: [],
        spilled: false,
      }));
      const stored = finalised.artifacts.length > 0 ? { ...result, artifacts: finalised.artifacts } : result;
      return {
        call,
        status,
        result: stored,
        content: finalised.text,
        invocation,
        attempts,
        durationMs: performance.now() - started,
        batch,
        spilled: finalised.spilled,
      };
    };

    const tool = this.#options.lookup(call.name);
    if (tool === undefined) {
      return finish(
        'not_found',
        ToolResults.notFound(`No tool named "${call.name}". Use ToolSearch to find tools by keyword.`),
        undefined,
        0,
      );
    }
    const deferred = this.#options.deferred;
    if (deferred?.isDeferred(call.name) && !deferred.isLoaded(call.name)) {
      // Refused before building, so not even a validation error leaks the unseen schema.
      return finish('not_loaded', ToolResults.notFound(notLoadedMessage(call.name)), undefined, 0);
    }
    let invocation: ToolInvocation;
    try {
      invocation = tool.build(call.arguments, { nullAsAbsent });
      invocation = await this.#applyHooks(call, tool, invocation, nullAsAbsent);
    } catch (error) {
      if (ToolValidationError.isInstance(error))
        return finish('invalid', ToolResults.validationError(error), undefined, 0);
      if (error instanceof HookDenial)
        return finish('denied', ToolResults.permissionDenied(error.message), undefined, 0);
      // A hook that throws (or a tool callback that fails) fails this call, not the whole batch.
      return finish('error', ToolResults.executionError(describeFailure(error)), undefined, 0);
    }

    let decision: PermissionDecision;
    try {
      decision = await this.#resolveDecision(call, invocation);
    } catch (error) {
      // The tool's affectedPaths callback (read by the policy) can throw: fail closed.
      return finish('error', ToolResults.executionError(describeFailure(error)), invocation, 0);
    }
    if (decision.behavior !== 'allow') {
      return finish('denied', ToolResults.permissionDenied(decision.reason), invocation, 0);
    }

    // Tools that are not concurrency-safe hold their paths for the whole call, retries included.
    const release = invocation.isConcurrencySafe
      ? undefined
      : await this.#locks.acquire(invocation.affectedPaths);
    try {
      return await this.#runWithRetries(call, tool, invocation, signal, options.providerTarget, finish);
    } finally {
      release?.();
    }
  }

  async #applyHooks(
    call: ModelToolCall,
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
        this.#options.onEvent?.({ type: 'hook-rewrite', call, params: invocation.params });
      }
    }
    return invocation;
  }

  async #resolveDecision(call: ModelToolCall, invocation: ToolInvocation): Promise<PermissionDecision> {
    const decision = this.#options.permissions.decide(invocation, this.#options.mode());
    let final = decision;
    if (decision.behavior === 'ask') {
      if (this.#options.approve === undefined) {
        final = {
          behavior: 'deny',
          reason: `${decision.reason} This needs approval, and this run is non-interactive, so it is denied. Add a rule such as "${invocation.permissionRule}" to permissions.allow in toolwright.config.json to permit it.`,
        };
      } else {
        const approved = await this.#options.approve({ invocation, reason: decision.reason });
        final = approved
          ? { behavior: 'allow', reason: `Approved by the user: ${decision.reason}` }
          : { behavior: 'deny', reason: `The user declined: ${decision.reason}` };
      }
    }
    this.#options.onEvent?.({ type: 'permission', call, decision: final });
    return final;
  }

  async #runWithRetries(
    call: ModelToolCall,
    tool: Tool,
    invocation: ToolInvocation,
    signal: AbortSignal,
    providerTarget: ProviderTarget | undefined,
    finish: (
      status: CallStatus,
      result: ToolResult,
      invocation: ToolInvocation,
      attempts: number,
    ) => Promise<ExecutedCall>,
  ): Promise<ExecutedCall> {
    const timeoutMs = this.#options.toolTimeoutsMs?.[tool.name] ?? this.#options.timeoutMs ?? 120_000;
    for (let attempt = 1; ; attempt += 1) {
      if (signal.aborted) return finish('aborted', ToolResults.aborted(), invocation, attempt - 1);
      try {
        const result = await this.#runOnce(invocation, signal, timeoutMs, providerTarget);
        return finish(result.error === undefined ? 'success' : 'error', result, invocation, attempt);
      } catch (error) {
        if (error instanceof CallTimeoutError)
          return finish('timeout', ToolResults.timeout(timeoutMs), invocation, attempt);
        if (signal.aborted) return finish('aborted', ToolResults.aborted(), invocation, attempt);
        const retryable =
          invocation.isRetrySafe && isTransientError(error) && attempt < this.#retry.maxAttempts;
        if (!retryable)
          return finish('error', ToolResults.executionError(describeFailure(error)), invocation, attempt);
        const delayMs = backoffDelay(this.#retry, attempt);
        this.#options.onEvent?.({
          type: 'retry',
          call,
          attempt,
          delayMs,
          errorCode: errorCodeOf(error) ?? 'unknown',
        });
        try {
          await abortableDelay(delayMs, signal);
        } catch {
          return finish('aborted', ToolResults.aborted(), invocation, attempt);
        }
      }
    }
  }

  async #runOnce(
    invocation: ToolInvocation,
    signal: AbortSignal,
    timeoutMs: number,
    providerTarget: ProviderTarget | undefined,
  ): Promise<ToolResult> {
    const controller = new AbortController();
    const forward = (): void => controller.abort(signal.reason);
    signal.addEventListener('abort', forward, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        controller.abort(new CallTimeoutError(`timed out after ${timeoutMs} ms`));
        resolve('timeout');
      }, timeoutMs);
    });
    const execution = invocation.execute({
      ...this.#options.contextFields,
      ...(providerTarget === undefined ? {} : { providerTarget }),
      signal: controller.signal,
      sessionId: this.#options.sessionId,
      workspaceRoot: this.#options.workspaceRoot,
    });
    try {
      const outcome = await Promise.race([execution, timeout]);
      if (outcome !== 'timeout') return outcome;
      // The call's signal is aborted. Give the tool a short grace period to stop, so that a
      // caller holding its path lock does not release it under a tool that is still writing.
      const grace = new AbortController();
      await Promise.race([
        execution.catch(() => undefined),
        sleep(TIMEOUT_GRACE_MS, undefined, { signal: grace.signal }).catch(() => undefined),
      ]);
      grace.abort();
      throw new CallTimeoutError(`timed out after ${timeoutMs} ms`);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', forward);
    }
  }
}

class HookDenial extends Error {}

/** What the model is told when it calls a deferred tool it has not loaded: exactly what to do. */
function notLoadedMessage(name: string): string {
  return `${name} is deferred: its schema has not been loaded. Call ToolSearch with query "select:${name}" first, then call it again.`;
}

function describeFailure(error: unknown): string {
  if (ToolwrightError.isInstance(error)) return `${error.message} (code: ${error.code})`;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  return code === undefined ? message : `${message} (${code})`;
}
