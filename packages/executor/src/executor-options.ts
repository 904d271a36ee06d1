import type { Tool } from '@toolwright/contracts';
import type { ToolMode } from '@toolwright/spec';
import {
  checkOption,
  checkOptions,
  describeRenamedOptionProblem,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  POSITIVE_TIMER_MS,
  refusedOption,
  renamedOptionValue,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
  TIMER_MS,
} from '@toolwright/utils';
import type { DeferredToolState } from './deferred-tool-state.js';
import type { ApprovalHandler, ExecutorEvent, PostToolHook, PreToolHook } from './executed-call.js';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';
import { invalidOption } from './invalid-option.js';
import type { PermissionDecision } from './permission/permission-decision.js';
import type { PermissionRequest } from './permission/permission-policy.js';
import type { ArtifactSink } from './results/artifact-sink.js';
import { PathLock, processPathLock } from './scheduling/path-lock.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './scheduling/retry-policy.js';
import { assertSessionId } from './session-id.js';
import { adaptArtifactSink } from './specification-version.js';

/**
 * What decides permissions: a `PermissionPolicy`, or your own object of the same shape.
 * `judgeRead` (optional) judges each path a multi-path tool reads; without it such tools get no
 * `pathAccess` and only their affected paths are checked.
 */
export interface PermissionChecker {
  decide(request: PermissionRequest): PermissionDecision | Promise<PermissionDecision>;
  judgeRead?(path: string, toolName: string): PermissionDecision;
}

/**
 * Options of `ToolCallRunner`: how each call runs. Every key is checked: an unknown or misspelt
 * one is refused. `ToolExecutorOptions` adds the scheduling of a turn and makes `permissions`
 * required.
 */
export interface ToolCallRunnerOptions {
  /** Finds a tool by name (usually `registry.get`). */
  lookup(name: string): Tool | undefined;
  /**
   * Every name `lookup` can find (e.g. `() => registry.getAll().map((tool) => tool.name)`). Read
   * only when a call names a tool that does not exist, so the refusal can suggest the nearest
   * name: a model that misspells a tool repairs its call from "did you mean" at once.
   */
  toolNames?(): Iterable<string>;
  /**
   * The deferred state of the registry `lookup` reads (usually `registry.deferred`). A call of a
   * deferred tool that ToolSearch has not loaded is refused with status `not_loaded`: the model
   * never saw its schema, so it could only have guessed the name and arguments.
   */
  deferred?: DeferredToolState;
  /** The current mode, read when each call runs (EnterPlanMode can change it mid-batch). Default `'default'`. */
  mode?: () => ToolMode;
  /**
   * Decides whether each call may run. Without it every call runs as asked: the host checks
   * nothing, so give one whenever a model's call can reach files, the shell or the network.
   */
  permissions?: PermissionChecker;
  /** Checked against `SESSION_ID_PATTERN`: hosts make directories from it. */
  sessionId: string;
  /** The workspace the tools work in; the execution context carries it. */
  workspaceRoot: string;
  /** Run in order before the permission check; each may deny the call or change its params. */
  hooks?: readonly PreToolHook[];
  /**
   * Run in order after each call that was allowed and started (success or failure), before its
   * output is spilled; each may replace or redact the result, add a note, or stop the turn.
   */
  postToolHooks?: readonly PostToolHook[];
  /** Settles `ask` decisions. Without it (a run nobody watches) every `ask` is denied, with the rule that would permit it. */
  approve?: ApprovalHandler;
  /** Where large text and images go (a `SessionArtifactStore` fits). Without it, text is passed through whole. */
  artifactSink?: ArtifactSink;
  /** Text over this many bytes is spilled to the sink (default 32 KiB). */
  spillThresholdBytes?: number;
  /** Timeout of one call in ms (default 120 s); `toolTimeoutsMs` overrides it per tool name. */
  timeoutMs?: number;
  /** Per-tool timeouts in ms, by tool name, over `timeoutMs`. */
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  /** How long a timed-out call may take to honour its aborted signal before its locks are freed (default 2 s). */
  timeoutGraceMs?: number;
  /** How retry-safe tools are retried on transient errors (default {@link DEFAULT_RETRY_POLICY}). */
  retry?: Partial<RetryPolicy>;
  /**
   * Extra fields for the execution context (host services for your own tools). They are read
   * when each call's context is built, so a getter may yield a per-request value.
   */
  contextFields?: Readonly<Record<string, unknown>>;
  /** Progress events of every call (batches, starts, permission decisions, retries, ends). */
  onEvent?(event: ExecutorEvent): void;
  /**
   * The lock that keeps calls of tools that are not concurrency-safe off each other's files.
   * Default: the one lock of the process ({@link processPathLock}), shared by every executor and
   * runner given none, so two sessions editing one file never interleave. Give one
   * `new PathLock()` to the executors that should exclude only each other.
   */
  pathLock?: PathLock;
  /**
   * OpenTelemetry spans and metrics of every call (an `execute_tool {name}` span with the steps
   * it went through), on the globally registered providers; nothing is loaded or paid without
   * `@opentelemetry/api` installed. On by default; arguments and results are recorded only with
   * `recordContent`, and never for a call that touches a sensitive or protected path. See the
   * README's Telemetry section.
   */
  telemetry?: TelemetryOptions;
}

/** Options of `ToolExecutor`. Every key is checked: an unknown or misspelt one is refused. */
export interface ToolExecutorOptions extends ToolCallRunnerOptions {
  /** Decides whether each call may run: a `PermissionPolicy`, or your own checker. */
  permissions: PermissionChecker;
  /** Calls running at once within one turn (default 8). */
  maxParallel?: number;
}

// `baseDelayMs` is the deprecated former name of `initialDelayMs`; both are checked here, and
// a host that sets both to different values is refused in `resolveCallOptions`.
const RETRY_OPTIONS: OptionTable<Partial<RetryPolicy>> = {
  maxAttempts: { kind: 'number', min: 1, max: 100, integer: true },
  initialDelayMs: TIMER_MS,
  maxDelayMs: TIMER_MS,
  baseDelayMs: TIMER_MS,
};

/** Every option of a runner and what it accepts; the shapes no kind says are checked in `resolveCallOptions`. */
const RUNNER_OPTIONS: OptionTable<ToolCallRunnerOptions> = {
  lookup: { kind: 'function', required: true },
  deferred: { kind: 'custom' },
  mode: { kind: 'function' },
  permissions: { kind: 'custom' },
  sessionId: { kind: 'custom' },
  workspaceRoot: { kind: 'string', nonEmpty: true, required: true, accepts: 'a non-empty path' },
  hooks: { kind: 'array', items: { kind: 'function' } },
  postToolHooks: { kind: 'array', items: { kind: 'function' } },
  approve: { kind: 'function' },
  artifactSink: { kind: 'custom' },
  spillThresholdBytes: POSITIVE_SAFE_INTEGER,
  timeoutMs: POSITIVE_TIMER_MS,
  toolTimeoutsMs: { kind: 'object' },
  timeoutGraceMs: TIMER_MS,
  retry: { kind: 'object', options: RETRY_OPTIONS },
  contextFields: { kind: 'custom' },
  onEvent: { kind: 'function' },
  pathLock: { kind: 'custom' },
  telemetry: TELEMETRY_OPTION_RULE,
  toolNames: { kind: 'function' },
};

const EXECUTOR_OPTIONS: OptionTable<ToolExecutorOptions> = {
  ...RUNNER_OPTIONS,
  permissions: {
    kind: 'custom',
    required: true,
    accepts: 'a PermissionPolicy (or an object with a decide(request) method)',
  },
  maxParallel: { kind: 'number', min: 1, max: 1024, integer: true },
};

/** The options with every default applied. */
export interface ResolvedExecutorOptions extends ToolExecutorOptions {
  readonly permissions: PermissionChecker;
  readonly mode: () => ToolMode;
  readonly spillThresholdBytes: number;
  readonly timeoutMs: number;
  readonly timeoutGraceMs: number;
  readonly maxParallel: number;
  readonly retryPolicy: RetryPolicy;
  readonly pathLock: PathLock;
}

/**
 * The checker of a runner given no `permissions`: every call is allowed, and the decision says
 * why, for whoever reads the `permission` events.
 */
const NO_PERMISSION_CHECK: PermissionChecker = Object.freeze({
  decide: (): PermissionDecision => ({
    behavior: 'allow',
    reason: 'No permission policy was given: every call runs as asked.',
  }),
});

/** Checks every option of a `ToolExecutor` by name and range, and applies the defaults. */
export function resolveExecutorOptions(options: ToolExecutorOptions): ResolvedExecutorOptions {
  const owner = 'ToolExecutor';
  checkOptions(owner, options, EXECUTOR_OPTIONS, invalidOption);
  return { ...resolveCallOptions(owner, options), maxParallel: options.maxParallel ?? 8 };
}

/** Checks every option of a `ToolCallRunner` by name and range, and applies the defaults. */
export function resolveRunnerOptions(options: ToolCallRunnerOptions): ResolvedExecutorOptions {
  const owner = 'ToolCallRunner';
  checkOptions(owner, options, RUNNER_OPTIONS, invalidOption);
  // One call at a time: the runner schedules nothing, so its limit is never reached.
  return { ...resolveCallOptions(owner, options), maxParallel: 1 };
}

/** The checks and defaults of what every call reads, whichever of the two runs it. */
function resolveCallOptions(
  owner: string,
  options: ToolCallRunnerOptions,
): Omit<ResolvedExecutorOptions, 'maxParallel'> {
  if (options.permissions !== undefined && typeof options.permissions?.decide !== 'function') {
    throw invalidOption(
      refusedOption(
        owner,
        'permissions',
        'a PermissionPolicy (or an object with a decide(request) method)',
        options.permissions,
      ),
    );
  }
  if (options.pathLock !== undefined && !isPathLock(options.pathLock)) {
    throw invalidOption(refusedOption(owner, 'pathLock', 'a PathLock (new PathLock())', options.pathLock));
  }
  const artifactSink = adaptArtifactSink(owner, options.artifactSink);
  assertSessionId(options.sessionId);
  for (const [tool, timeout] of Object.entries(options.toolTimeoutsMs ?? {})) {
    checkOption(owner, `toolTimeoutsMs.${tool}`, timeout, POSITIVE_TIMER_MS, invalidOption);
  }
  if (options.retry !== undefined) {
    const renamed = describeRenamedOptionProblem(
      `${owner} retry`,
      options.retry,
      'initialDelayMs',
      'baseDelayMs',
    );
    if (renamed !== undefined) throw new ExecutorError(ExecutorErrorCode.InvalidOption, renamed);
  }
  return {
    ...options,
    permissions: options.permissions ?? NO_PERMISSION_CHECK,
    // The host's sink as a v1 sink, wrapped when it said no version.
    ...(artifactSink === undefined ? {} : { artifactSink }),
    mode: options.mode ?? (() => 'default'),
    pathLock: options.pathLock ?? processPathLock(),
    spillThresholdBytes: options.spillThresholdBytes ?? 32 * 1024,
    timeoutMs: options.timeoutMs ?? 120_000,
    timeoutGraceMs: options.timeoutGraceMs ?? 2_000,
    retryPolicy: {
      maxAttempts: options.retry?.maxAttempts ?? DEFAULT_RETRY_POLICY.maxAttempts,
      initialDelayMs: initialDelayOf(options.retry ?? {}) ?? DEFAULT_RETRY_POLICY.initialDelayMs,
      maxDelayMs: options.retry?.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
    },
  };
}

/** `retry.initialDelayMs`, or its deprecated former name `baseDelayMs`. */
function initialDelayOf(retry: Partial<RetryPolicy>): number | undefined {
  return renamedOptionValue(retry, 'initialDelayMs', 'baseDelayMs') as number | undefined;
}

/** A `PathLock`, of this copy of the package or of another one loaded beside it (ESM and CommonJS). */
function isPathLock(value: unknown): value is PathLock {
  if (value instanceof PathLock) return true;
  const candidate = value as Partial<PathLock> | null;
  return typeof candidate?.acquire === 'function' && typeof candidate.acquireExclusive === 'function';
}
