import { describeSpecificationVersionProblem } from '@toolwright/utils';
import type { Coercion } from '@toolwright/validation';
import type { DeepReadonly } from './deep-readonly.js';
import type { ExecutionContext } from './execution-context.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';

/**
 * Marks invocations made by `Tool.build`, registered with `Symbol.for` so that another installed
 * copy of this package recognises them.
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
  /** Cross-install recognition marker (see {@link isToolInvocation}). */
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

// Invocations a hook replaced. Module state, not a property: the invocation itself is frozen.
const retiredInvocations = new WeakSet<object>();

/** Marks `invocation` as replaced, so that executing it fails instead of running stale params. */
export function retireInvocation(invocation: object): void {
  retiredInvocations.add(invocation);
}

/** True once `rebuildInvocation` has replaced `invocation` (in this installed copy). */
export function isInvocationSuperseded(invocation: object): boolean {
  return retiredInvocations.has(invocation);
}

/** True when `value` is an invocation made by `Tool.build` of any installed copy. */
export function isToolInvocation(value: unknown): value is ToolInvocation {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [INVOCATION_MARKER]?: unknown })[INVOCATION_MARKER] === true &&
    (value as { specificationVersion?: unknown }).specificationVersion === 'v1'
  );
}

/**
 * Why `value`, an invocation built by a tool of another version of this package, is refused for
 * its interface version (naming both versions), or `undefined` when it is no such invocation.
 */
export function describeInvocationVersionProblem(value: unknown, acceptedBy: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as { [INVOCATION_MARKER]?: unknown })[INVOCATION_MARKER] !== true) return undefined;
  return describeSpecificationVersionProblem('ToolInvocation', value, acceptedBy);
}
