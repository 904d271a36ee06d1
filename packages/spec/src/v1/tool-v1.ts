import type { FunctionDeclaration } from './function-declaration.js';
import type { JsonSchema, ProviderTarget } from './json-schema.js';
import type { SchemaValidator } from './schema-validator-v1.js';
import type { ToolDescription } from './tool-description.js';
import type { ToolInvocationV1 } from './tool-invocation-v1.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolSource } from './tool-source.js';

/**
 * Marks tools made by `createTool` of `@toolwright/contracts`. Registered with `Symbol.for`, so
 * that a tool made by one installed copy is recognised by another.
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
export interface ToolMetadataV1 {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /** As on the tool. */
  readonly name: string;
  /** As on the tool. */
  readonly displayName: string;
  /** As on the tool. */
  readonly kind: ToolKind;
  /** As on the tool. */
  readonly version: string | undefined;
  /** As on the tool. */
  readonly category: string | undefined;
  /** As on the tool. */
  readonly tags: readonly string[];
  /** As on the tool. */
  readonly description: ToolDescription;
  /** Explicit `true` or `false`, never absent. */
  readonly isConcurrencySafe: boolean;
  /** Explicit `'shared'` or `'exclusive'`, never absent. */
  readonly parallelism: Parallelism;
  /** Explicit `true` or `false`, never absent. */
  readonly isRetrySafe: boolean;
  /** As on the tool. */
  readonly strict: boolean;
  /** As on the tool. */
  readonly source: ToolSource;
  /** As on the tool. */
  readonly shouldDefer: boolean;
  /** The neutral JSON Schema projection of the tool's input schema. */
  readonly inputSchema: JsonSchema;
  /** The neutral JSON Schema projection of the tool's output schema, when it declares one. */
  readonly outputSchema?: JsonSchema;
}

/**
 * A tool defined once: its identity, behaviour flags, validator and `execute`, frozen.
 * Made by `createTool` of `@toolwright/contracts`, recognised by its `isTool`. Version 1 of the
 * interface: a breaking change adds `ToolV2` beside it, and `Tool` names the current version.
 */
export interface ToolV1<P = unknown> {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /** Cross-install recognition marker (`isTool` of `@toolwright/contracts`). */
  readonly [TOOL_MARKER]: true;
  /** The name the model calls the tool by; provider-portable. */
  readonly name: string;
  /** The name shown to people (defaults to `name`). */
  readonly displayName: string;
  /** Where the tool is allowed; says nothing about retries. */
  readonly kind: ToolKind;
  /** The description parts, frozen. */
  readonly description: ToolDescription;
  /** Calls may run side by side on the same resources (default `false`). */
  readonly isConcurrencySafe: boolean;
  /** Batching: `'shared'` or `'exclusive'` (follows `isConcurrencySafe` unless set). */
  readonly parallelism: Parallelism;
  /**
   * The tool says which paths a call touches (its config has `affectedPaths`). A `'shared'` tool
   * that is not concurrency-safe and names no path can only be run alone: the executor cannot
   * lock a file it was not told about.
   */
  readonly declaresAffectedPaths: boolean;
  /** A failed call may be repeated (default `false`, never inferred from `kind`). */
  readonly isRetrySafe: boolean;
  /** Declared in OpenAI strict mode. */
  readonly strict: boolean;
  /** The tool's own version string, if it has one. */
  readonly version: string | undefined;
  /** A catalog grouping, if any. */
  readonly category: string | undefined;
  /** Search tags, frozen. */
  readonly tags: readonly string[];
  /** Built-in or MCP (with server, original name and fingerprint). */
  readonly source: ToolSource;
  /** The schema reaches the model only after ToolSearch loaded the tool. */
  readonly shouldDefer: boolean;
  /** The validator `build` parses with (TypeBox compiled, or a foreign JSON Schema). */
  readonly validator: SchemaValidator<P>;
  /**
   * The validator a successful result's `structuredContent` is checked with, when the tool
   * declares an output schema; `undefined` otherwise.
   */
  readonly outputValidator?: SchemaValidator | undefined;
  /**
   * Validates `params` (coercion, defaults, unknown-argument policy) and returns an invocation
   * whose params are deeply frozen. Throws `ToolValidationError`, never anything else for bad input.
   */
  build(params: unknown, options?: BuildOptions): ToolInvocationV1<P>;
  /** The declaration for `target` (default `'json-schema'`), computed once per target and cached. */
  getFunctionDeclaration(target?: ProviderTarget): FunctionDeclaration;
  /** The catalog view (computed once and cached). */
  getMetadata(): ToolMetadataV1;
}

/** The current version of the tool interface: {@link ToolV1}. */
export type Tool<P = unknown> = ToolV1<P>;

/** The current version of the catalog view: {@link ToolMetadataV1}. */
export type ToolMetadata = ToolMetadataV1;
