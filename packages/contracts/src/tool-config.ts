import type { Static, TSchema } from '@sinclair/typebox';
import type { ParseOptions, SchemaValidator, StandardOutput } from '@toolwright/validation';
import type { ExecutionContext } from './execution-context.js';
import type { ToolDescription } from './tool-description.js';
import type { Parallelism, ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';
import type { ToolSource } from './tool-source.js';
import type { TypeBox1Static } from './typebox1-static.js';

/** The parse options a tool fixes for every call (the rest are set per call or by the tool). */
export type ToolValidationOptions = Pick<ParseOptions, 'coerce' | 'unknownArguments' | 'locale' | 'limits'>;

/**
 * The params of a tool defined with a plain JSON Schema object: nothing is inferred from a JSON
 * Schema value, so the params are a record to narrow in `execute`, unless you name their type
 * as `createTool`'s second type argument (`createTool<typeof schema, MyParams>(...)`).
 */
export type JsonSchemaParams = Record<string, unknown>;

/**
 * Every kind of schema `createTool` accepts: `@sinclair/typebox` 0.32–0.34, `typebox` 1.x, a
 * Standard Schema with Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through
 * `toStandardJsonSchema`), a plain JSON Schema object, or a `SchemaValidator`. The kind is
 * recognised at run time (see `schemaKindOf` in `@toolwright/validation`).
 */
export type ToolSchema = object;

/**
 * The parameter type a schema describes, checked in this order: `T` for a `SchemaValidator<T>`,
 * the output type (`InferOutput`) of a Standard Schema, `Static<S>` of TypeBox 0.34, `Static<S>`
 * of TypeBox 1 (its types carry `'~kind'`), and {@link JsonSchemaParams} for a plain JSON Schema.
 */
export type SchemaParams<S> =
  S extends SchemaValidator<infer Params>
    ? Params
    : S extends { readonly '~standard': { readonly version: 1 } }
      ? StandardOutput<S>
      : S extends TSchema
        ? Static<S>
        : S extends { readonly '~kind': string }
          ? TypeBox1Static<S>
          : JsonSchemaParams;

/**
 * Everything `createTool` needs to define a tool once. Behaviour flags are fail-closed: leave
 * `isConcurrencySafe` or `isRetrySafe` out and the tool is neither.
 */
export interface ToolConfig<S extends ToolSchema, P = SchemaParams<S>> {
  /** Provider-portable name: `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`. */
  name: string;
  /** Human-facing name; defaults to `name`. */
  displayName?: string;
  kind: ToolKind;
  /**
   * The params' object schema, of any {@link ToolSchema} kind: TypeBox (0.34 or 1.x), Zod,
   * Valibot (through `toStandardJsonSchema`), ArkType, a plain JSON Schema object, or a
   * `SchemaValidator` (MCP input schemas via `compileJsonSchema`).
   */
  schema: S;
  /**
   * The schema of the tool's structured output, of any {@link ToolSchema} kind `schema` accepts,
   * describing an object. A tool that declares one returns `ToolResults.structured(value, text?)`
   * on success; each successful result's `structuredContent` is checked against it when the call
   * runs, and a missing or mismatching value throws `ToolOutputValidationError` (failures are not
   * checked). Hosts that carry structured output advertise it (MCP `outputSchema`, the AI SDK's).
   */
  outputSchema?: ToolSchema;
  /** A plain string is the short description. */
  description: string | ToolDescription;
  /** Calls may run side by side on the same resources. Default `false`. */
  isConcurrencySafe?: boolean;
  /** Batching; defaults to `'shared'` when `isConcurrencySafe`, else `'exclusive'`. */
  parallelism?: Parallelism;
  /** A failed call may be repeated without harm. Default `false`; never inferred from `kind`. */
  isRetrySafe?: boolean;
  /** Declare OpenAI strict mode (optional properties become required and nullable). */
  strict?: boolean;
  version?: string;
  category?: string;
  tags?: readonly string[];
  /** Default `{ type: 'builtin' }`. */
  source?: ToolSource;
  /** Load the schema only after ToolSearch found the tool. Default: `true` for MCP, `false` for built-ins. */
  shouldDefer?: boolean;
  /** Parse options applied to every call. */
  validation?: ToolValidationOptions;
  /** The part of the params a permission decision is about (a path, a command). Default: all params. */
  extractSignatureContent?(params: P): string;
  /** The files or directories a call touches; executors lock them when the tool is not concurrency-safe. */
  affectedPaths?(params: P): readonly string[];
  /** The broader rule an "always allow" approval would record. Default: the exact signature. */
  abstractPermissionRule?(params: P): string;
  /** A one-line human description of the call. Default: display name and a params preview. */
  describeInvocation?(params: P): string;
  /** Runs the call. `params` are validated, defaulted and deeply frozen. */
  execute(params: P, context: ExecutionContext): Promise<ToolResult>;
}
