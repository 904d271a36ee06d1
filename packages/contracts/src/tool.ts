import type { JsonSchema, ProviderTarget, SchemaValidator } from '@toolwright/validation';
import type { FunctionDeclaration } from './function-declaration.js';
import type { ToolDescription } from './tool-description.js';
import type { ToolInvocation } from './tool-invocation.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolSource } from './tool-source.js';

/**
 * Marks objects made by `createTool`. Registered with `Symbol.for` so that a tool made by one
 * installed copy of this package is recognised by another.
 */
export const TOOL_MARKER: unique symbol = Symbol.for('toolwright.tool') as never;

/** Per-call options of `Tool.build`. */
export interface BuildOptions {
  /**
   * Treat `null` for an optional property as absent. Set it for calls made under OpenAI strict
   * mode, where optional properties were declared required and nullable.
   */
  readonly nullAsAbsent?: boolean;
}

/** The catalog view of a tool, with its behaviour flags normalised to explicit values. */
export interface ToolMetadata {
  readonly specificationVersion: 'v1';
  readonly name: string;
  readonly displayName: string;
  readonly kind: ToolKind;
  readonly version: string | undefined;
  readonly category: string | undefined;
  readonly tags: readonly string[];
  readonly description: ToolDescription;
  readonly isConcurrencySafe: boolean;
  readonly parallelism: Parallelism;
  readonly isRetrySafe: boolean;
  readonly strict: boolean;
  readonly source: ToolSource;
  readonly shouldDefer: boolean;
  /** The neutral JSON Schema projection of the tool's input schema. */
  readonly inputSchema: JsonSchema;
}

/**
 * A tool defined once: its identity, behaviour flags, validator and `execute`, frozen.
 * Made by `createTool`; recognised by `isTool`.
 */
export interface Tool<P = unknown> {
  readonly specificationVersion: 'v1';
  readonly [TOOL_MARKER]: true;
  readonly name: string;
  readonly displayName: string;
  readonly kind: ToolKind;
  readonly description: ToolDescription;
  readonly isConcurrencySafe: boolean;
  readonly parallelism: Parallelism;
  readonly isRetrySafe: boolean;
  readonly strict: boolean;
  readonly version: string | undefined;
  readonly category: string | undefined;
  readonly tags: readonly string[];
  readonly source: ToolSource;
  readonly shouldDefer: boolean;
  readonly validator: SchemaValidator<P>;
  /**
   * Validates `params` (coercion, defaults, unknown-argument policy) and returns an invocation
   * whose params are deeply frozen. Throws `ToolValidationError`, never anything else for bad input.
   */
  build(params: unknown, options?: BuildOptions): ToolInvocation<P>;
  /** The declaration for `target` (default `'json-schema'`), computed once per target and cached. */
  getFunctionDeclaration(target?: ProviderTarget): FunctionDeclaration;
  /** The catalog view (computed once and cached). */
  getMetadata(): ToolMetadata;
}

/**
 * True when `value` is a tool made by `createTool` (of any installed copy of this package) that
 * speaks specification `v1`.
 */
export function isTool(value: unknown): value is Tool {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const candidate = value as Partial<Record<string | symbol, unknown>>;
  return (
    candidate[TOOL_MARKER] === true &&
    candidate.specificationVersion === 'v1' &&
    typeof candidate.name === 'string' &&
    typeof candidate.build === 'function' &&
    typeof candidate.getFunctionDeclaration === 'function' &&
    typeof candidate.getMetadata === 'function'
  );
}
