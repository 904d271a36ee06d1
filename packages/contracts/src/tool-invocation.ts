import type { Coercion } from '@toolwright/validation';
import { canonicalJson } from './canonical-json.js';
import type { DeepReadonly } from './deep-readonly.js';
import { ContractsErrorCode, formatValue, ToolInvocationError } from './errors.js';
import type { ExecutionContext } from './execution-context.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';
import { ToolResults } from './tool-results.js';

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
export interface ToolInvocation<P = unknown> {
  readonly specificationVersion: 'v1';
  readonly [INVOCATION_MARKER]: true;
  readonly toolName: string;
  /** Validated, defaulted, deeply frozen. */
  readonly params: DeepReadonly<P>;
  readonly kind: ToolKind;
  readonly isRetrySafe: boolean;
  readonly parallelism: Parallelism;
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

/** What every invocation of one tool shares; held once per tool. */
export interface InvocationBehaviour<P> {
  readonly toolName: string;
  readonly displayName: string;
  readonly kind: ToolKind;
  readonly isRetrySafe: boolean;
  readonly parallelism: Parallelism;
  readonly isConcurrencySafe: boolean;
  readonly extractSignatureContent: ((params: P) => string) | undefined;
  readonly affectedPaths: ((params: P) => readonly string[]) | undefined;
  readonly abstractPermissionRule: ((params: P) => string) | undefined;
  readonly describeInvocation: ((params: P) => string) | undefined;
  readonly execute: (params: P, context: ExecutionContext) => Promise<ToolResult>;
}

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

const DESCRIPTION_PREVIEW_LIMIT = 120;

/**
 * The invocation `Tool.build` returns: a frozen instance whose fields are read-only accessors.
 * Derived values (signature, paths, description) are computed on first read and remembered in
 * private fields, which stay writable after the instance is frozen: `build()` itself does no
 * more than copy-freeze and wrap the parsed params.
 */
export class FrozenToolInvocation<P> implements ToolInvocation<P> {
  // Everything is read through the prototype: an instance holds only private fields, so that
  // `build()` allocates and freezes as little as possible (it is the hot path).
  readonly #behaviour: InvocationBehaviour<P>;
  readonly #params: DeepReadonly<P>;
  readonly #coercions: readonly Coercion[];
  #affectedPaths: readonly string[] | undefined;
  #permissionSignature: string | undefined;
  #permissionRule: string | undefined;
  #description: string | undefined;

  constructor(behaviour: InvocationBehaviour<P>, params: DeepReadonly<P>, coercions: readonly Coercion[]) {
    this.#behaviour = behaviour;
    this.#params = params;
    this.#coercions = coercions;
    Object.freeze(this);
  }

  get specificationVersion(): 'v1' {
    return 'v1';
  }

  get [INVOCATION_MARKER](): true {
    return true;
  }

  get toolName(): string {
    return this.#behaviour.toolName;
  }

  get params(): DeepReadonly<P> {
    return this.#params;
  }

  get kind(): ToolKind {
    return this.#behaviour.kind;
  }

  get isRetrySafe(): boolean {
    return this.#behaviour.isRetrySafe;
  }

  get parallelism(): Parallelism {
    return this.#behaviour.parallelism;
  }

  get isConcurrencySafe(): boolean {
    return this.#behaviour.isConcurrencySafe;
  }

  get coercions(): readonly Coercion[] {
    return this.#coercions;
  }

  get affectedPaths(): readonly string[] {
    if (this.#affectedPaths === undefined) {
      const callback = this.#behaviour.affectedPaths;
      const paths = callback === undefined ? [] : this.#callback('affectedPaths', callback);
      if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
        throw this.#badReturn('affectedPaths', 'an array of strings', paths);
      }
      this.#affectedPaths = Object.freeze([...paths]);
    }
    return this.#affectedPaths;
  }

  get permissionSignature(): string {
    if (this.#permissionSignature === undefined) {
      const callback = this.#behaviour.extractSignatureContent;
      const content =
        callback === undefined
          ? canonicalJson(this.params)
          : this.#stringCallback('extractSignatureContent', callback);
      this.#permissionSignature = `${this.toolName}(${content})`;
    }
    return this.#permissionSignature;
  }

  get permissionRule(): string {
    if (this.#permissionRule === undefined) {
      const callback = this.#behaviour.abstractPermissionRule;
      // Fail closed: without a rule of its own, "always allow" covers only this exact call.
      this.#permissionRule =
        callback === undefined
          ? this.permissionSignature
          : this.#stringCallback('abstractPermissionRule', callback);
    }
    return this.#permissionRule;
  }

  getDescription(): string {
    if (this.#description === undefined) {
      const callback = this.#behaviour.describeInvocation;
      if (callback === undefined) {
        const preview = canonicalJson(this.params);
        const capped =
          preview.length > DESCRIPTION_PREVIEW_LIMIT
            ? `${preview.slice(0, DESCRIPTION_PREVIEW_LIMIT - 1)}…`
            : preview;
        this.#description = `${this.#behaviour.displayName} ${capped}`;
      } else {
        this.#description = this.#stringCallback('describeInvocation', callback);
      }
    }
    return this.#description;
  }

  async execute(context: ExecutionContext): Promise<ToolResult> {
    if (retiredInvocations.has(this)) {
      throw new ToolInvocationError(
        ContractsErrorCode.InvocationSuperseded,
        this.toolName,
        `This invocation of "${this.toolName}" was superseded by rebuildInvocation (a hook changed its params); ` +
          'execute the rebuilt invocation instead.',
      );
    }
    assertExecutionContext(this.toolName, context);
    if (context.signal.aborted) {
      return ToolResults.aborted(`The call to "${this.toolName}" was aborted before it started.`);
    }
    return this.#behaviour.execute(this.params as P, context);
  }

  /** A plain snapshot for logs: the getters are not own properties, so spell them out. */
  toJSON(): Record<string, unknown> {
    return {
      specificationVersion: this.specificationVersion,
      toolName: this.toolName,
      params: this.params,
      kind: this.kind,
      isRetrySafe: this.isRetrySafe,
      parallelism: this.parallelism,
      isConcurrencySafe: this.isConcurrencySafe,
      affectedPaths: this.affectedPaths,
      permissionSignature: this.permissionSignature,
      permissionRule: this.permissionRule,
      coercions: this.coercions,
    };
  }

  #callback<R>(callbackName: string, callback: (params: P) => R): R {
    try {
      return callback(this.params as P);
    } catch (error) {
      throw new ToolInvocationError(
        ContractsErrorCode.InvocationCallbackFailed,
        this.toolName,
        `Tool "${this.toolName}": ${callbackName}(params) threw: ${error instanceof Error ? error.message : formatValue(error)}`,
        { cause: error },
      );
    }
  }

  #stringCallback(callbackName: string, callback: (params: P) => string): string {
    const text = this.#callback(callbackName, callback);
    if (typeof text !== 'string') {
      throw this.#badReturn(callbackName, 'a string', text);
    }
    return text;
  }

  #badReturn(callbackName: string, expected: string, received: unknown): ToolInvocationError {
    return new ToolInvocationError(
      ContractsErrorCode.InvocationCallbackFailed,
      this.toolName,
      `Tool "${this.toolName}": ${callbackName}(params) must return ${expected}, got ${formatValue(received)}.`,
    );
  }
}

function assertExecutionContext(toolName: string, context: unknown): asserts context is ExecutionContext {
  const candidate = context as Partial<ExecutionContext> | null | undefined;
  const problems: string[] = [];
  if (typeof candidate !== 'object' || candidate === null) {
    problems.push(`the context is ${formatValue(context)}, not an object`);
  } else {
    if (typeof candidate.signal !== 'object' || typeof candidate.signal?.aborted !== 'boolean') {
      problems.push(`signal is ${formatValue(candidate.signal)}, expected an AbortSignal`);
    }
    if (typeof candidate.sessionId !== 'string') {
      problems.push(`sessionId is ${formatValue(candidate.sessionId)}, expected a string`);
    }
    if (typeof candidate.workspaceRoot !== 'string') {
      problems.push(`workspaceRoot is ${formatValue(candidate.workspaceRoot)}, expected a string`);
    }
  }
  if (problems.length > 0) {
    throw new ToolInvocationError(
      ContractsErrorCode.InvalidExecutionContext,
      toolName,
      `Cannot execute "${toolName}": ${problems.join('; ')}.`,
    );
  }
}
