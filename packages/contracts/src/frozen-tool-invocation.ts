import { canonicalJson, previewText } from '@toolwright/utils';
import type { Coercion, SchemaValidator } from '@toolwright/validation';
import type { DeepReadonly } from './deep-readonly.js';
import { ContractsErrorCode, ToolInvocationError } from './errors.js';
import { assertExecutionContext, type ExecutionContext } from './execution-context.js';
import { formatValue } from './format-value.js';
import { checkToolResult } from './normalise-tool-result.js';
import { checkStructuredOutput } from './structured-output.js';
import { INVOCATION_MARKER, isInvocationSuperseded, type ToolInvocation } from './tool-invocation.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';
import { ToolResults } from './tool-results.js';

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
  /** Checks successful results' `structuredContent`, when the tool declares an output schema. */
  readonly outputValidator: SchemaValidator | undefined;
}

const DESCRIPTION_PREVIEW_LIMIT = 120;

interface DerivedValues {
  affectedPaths?: readonly string[];
  permissionSignature?: string;
  permissionRule?: string;
  description?: string;
}

/**
 * The invocation `Tool.build` returns: a frozen instance whose fields are read-only accessors.
 * Derived values (signature, paths, description) are computed on first read and remembered in a
 * private field, which stays writable after the instance is frozen: `build()` itself does no
 * more than freeze the parsed params and wrap them.
 */
export class FrozenToolInvocation<P> implements ToolInvocation<P> {
  // Everything is read through the prototype: an instance holds only private fields, so that
  // `build()` allocates and freezes as little as possible (it is the hot path).
  readonly #behaviour: InvocationBehaviour<P>;
  readonly #params: DeepReadonly<P>;
  readonly #coercions: readonly Coercion[];
  // One slot for every value derived on demand: most invocations never need them, and build()
  // should not pay to initialise four fields.
  #derived: DerivedValues | undefined;

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
    const derived = this.#cache();
    derived.affectedPaths ??= this.#computeAffectedPaths();
    return derived.affectedPaths;
  }

  get permissionSignature(): string {
    const derived = this.#cache();
    if (derived.permissionSignature === undefined) {
      const callback = this.#behaviour.extractSignatureContent;
      const content =
        callback === undefined
          ? canonicalJson(this.#params)
          : this.#stringCallback('extractSignatureContent', callback);
      derived.permissionSignature = `${this.toolName}(${content})`;
    }
    return derived.permissionSignature;
  }

  get permissionRule(): string {
    const derived = this.#cache();
    const callback = this.#behaviour.abstractPermissionRule;
    // Fail closed: without a rule of its own, "always allow" covers only this exact call.
    derived.permissionRule ??=
      callback === undefined
        ? this.permissionSignature
        : this.#stringCallback('abstractPermissionRule', callback);
    return derived.permissionRule;
  }

  getDescription(): string {
    const derived = this.#cache();
    if (derived.description === undefined) {
      const callback = this.#behaviour.describeInvocation;
      if (callback === undefined) {
        const preview = previewText(canonicalJson(this.#params), DESCRIPTION_PREVIEW_LIMIT);
        derived.description = `${this.#behaviour.displayName} ${preview}`;
      } else {
        derived.description = this.#stringCallback('describeInvocation', callback);
      }
    }
    return derived.description;
  }

  async execute(context: ExecutionContext): Promise<ToolResult> {
    if (isInvocationSuperseded(this)) {
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
    const resolved: unknown = await this.#behaviour.execute(this.#params as P, context);
    // A blade-code-style `{ success: false }` is mapped to an error here, so no host counts it a success.
    const { result, problem } = checkToolResult(resolved);
    if (result === undefined) {
      // Caught here, naming the tool, rather than as a TypeError deep inside the host's loop.
      throw new ToolInvocationError(
        ContractsErrorCode.InvalidToolResult,
        this.toolName,
        `Tool "${this.toolName}" resolved to ${formatValue(resolved)}; execute must resolve to a ToolResult ` +
          `({ llmContent: string | LlmContentPart[], ... }, e.g. ToolResults.success(text)): ${problem}.`,
      );
    }
    checkStructuredOutput(this.toolName, this.#behaviour.outputValidator, result);
    return result;
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

  #computeAffectedPaths(): readonly string[] {
    const callback = this.#behaviour.affectedPaths;
    const paths = callback === undefined ? [] : this.#callback('affectedPaths', callback);
    if (!Array.isArray(paths) || paths.some((path) => typeof path !== 'string')) {
      throw this.#badReturn('affectedPaths', 'an array of strings', paths);
    }
    return Object.freeze([...paths]);
  }

  #cache(): DerivedValues {
    this.#derived ??= {};
    return this.#derived;
  }

  #callback<R>(callbackName: string, callback: (params: P) => R): R {
    try {
      return callback(this.#params as P);
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
