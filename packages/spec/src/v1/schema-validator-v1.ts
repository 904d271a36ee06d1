import type { JsonSchema } from './json-schema.js';

/** The languages issue messages are available in. */
export type MessageLocale = 'en' | 'zh-CN';

/** Size and depth caps applied to arguments before anything recursive touches them. */
export interface ArgumentLimits {
  /** Largest accepted size of the arguments serialised as JSON, in bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Deepest accepted nesting of objects and arrays (the arguments object is depth 1). Default 64, at most 1,024. */
  maxDepth?: number;
}

/** How a tool call's arguments are parsed. */
export interface ParseOptions {
  /** Names the tool in error messages. */
  toolName?: string;
  /** `'safe'` (default) repairs lossless drift (`"42"` for a number, ...) and reports it; `'none'` repairs nothing. */
  coerce?: 'safe' | 'none';
  /** What to do with arguments the schema does not declare. Default `'reject'`. */
  unknownArguments?: 'reject' | 'strip';
  /**
   * For calls made against an OpenAI strict projection: a `null` sent for an optional field
   * (which strict mode forces the model to send) means "absent", so the tool sees the same
   * params as without strict mode. Not reported as a coercion: it is the protocol, not drift.
   */
  nullAsAbsent?: boolean;
  /** Language of issue messages: `'en'` (default) or `'zh-CN'`; anything else is refused up front. */
  locale?: MessageLocale;
  /** Caps on the arguments. */
  limits?: ArgumentLimits;
}

/** One lossless repair made to the arguments, reported so it is never silent. */
export interface Coercion {
  /** JSON pointer to the repaired value. */
  path: string;
  /** Short preview of what was sent. */
  from: string;
  /** Short preview of what the tool receives (`'(absent)'` for a removed value). */
  to: string;
  /** `'string-to-number'`, `'string-to-integer'`, `'string-to-boolean'`, `'json-string-to-array'`, `'json-string-to-object'`, `'null-to-absent'`, `'strip-unknown'`. */
  kind: string;
}

/** A successful parse: the value the tool receives and every repair made on the way. */
export interface ParseResult<T> {
  /**
   * The validated arguments, with defaults filled. Parts that needed no change are shared with
   * the input (copy-on-write): the input itself is never modified, and the result should be
   * treated as read-only.
   */
  value: T;
  /** Every repair made, in the order it was made. */
  coercions: readonly Coercion[];
}

/**
 * The one interface every schema is validated through, version 1. `@toolwright/validation`
 * makes the implementations; a breaking change adds `SchemaValidatorV2` beside it.
 */
export interface SchemaValidatorV1<T = unknown> {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /**
   * Where the schema came from: `'typebox'` (`@sinclair/typebox` 0.34 or `typebox` 1.x),
   * `'json-schema'` (a plain or foreign JSON Schema) or `'standard-schema'` (Zod, Valibot,
   * ArkType and any other Standard Schema with Standard JSON Schema).
   */
  readonly source: 'typebox' | 'json-schema' | 'standard-schema';
  /** Neutral JSON Schema projection (computed once, then cached). */
  toJsonSchema(): JsonSchema;
  /**
   * Validates (and repairs, see {@link ParseOptions}). Bad arguments throw `ToolValidationError`,
   * never anything else; bad options throw `InvalidOptionError` before anything is parsed.
   */
  parse(input: unknown, options?: ParseOptions): ParseResult<T>;
}

/** The current version of the validator interface: {@link SchemaValidatorV1}. */
export type SchemaValidator<T = unknown> = SchemaValidatorV1<T>;
