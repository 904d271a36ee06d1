import type { DeepReadonly } from './deep-readonly.js';
import type { ExecutionContext } from './execution-context.js';
import type { Coercion } from './schema-validator-v1.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';

/**
 * Marks invocations made by `Tool.build`. Registered with `Symbol.for`, so that an invocation
 * built by one installed copy is recognised by another.
 */
export const INVOCATION_MARKER: unique symbol = Symbol.for('toolwright.tool_invocation') as never;

/**
 * One validated call of a tool, ready to run. Its params are validated, defaulted and deeply
 * frozen: a hook that wants different params calls `rebuildInvocation`, which builds a new
 * invocation and retires this one.
 */
export interface ToolInvocationV1<P = unknown> {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /** Cross-install recognition marker (`isToolInvocation` of `@toolwright/contracts`). */
  readonly [INVOCATION_MARKER]: true;
  /** The tool this call belongs to. */
  readonly toolName: string;
  /** Validated, defaulted, deeply frozen. */
  readonly params: DeepReadonly<P>;
  /** The tool's kind. */
  readonly kind: ToolKind;
  /** The tool's retry capability, carried to the executor that decides on retries. */
  readonly isRetrySafe: boolean;
  /** The tool's batching. */
  readonly parallelism: Parallelism;
  /** The tool's concurrency capability; `false` means lock `affectedPaths` and never pre-start. */
  readonly isConcurrencySafe: boolean;
  /** Files or directories the call touches (from the tool's `affectedPaths`, else none). */
  readonly affectedPaths: readonly string[];
  /** `Name(content)`: what a permission decision about this exact call is keyed on. */
  readonly permissionSignature: string;
  /** The broader rule an "always allow" would record; the exact signature unless the tool says otherwise. */
  readonly permissionRule: string;
  /** The lossless repairs validation made to what the model sent. */
  readonly coercions: readonly Coercion[];
  /** A one-line human description of the call. */
  getDescription(): string;
  /**
   * Runs the call. Resolves to an `aborted` result without running when the signal has already
   * fired; rejects with `invocation_superseded` when the invocation was rebuilt. Errors thrown
   * by the tool propagate unchanged so that the host can classify them.
   */
  execute(context: ExecutionContext): Promise<ToolResult>;
}

/** The current version of the invocation interface: {@link ToolInvocationV1}. */
export type ToolInvocation<P = unknown> = ToolInvocationV1<P>;
