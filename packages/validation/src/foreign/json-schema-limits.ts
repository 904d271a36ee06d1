import { checkOptions, type NumberRule, type OptionTable } from '@toolwright/utils';
import { invalidOption } from '../options/invalid-option.js';

/**
 * Caps applied to a foreign JSON Schema before it is compiled: an MCP server's `inputSchema` is
 * untrusted, and Ajv's compile time and memory grow with its size and depth (see
 * docs/architecture.md, Hostile input and trust).
 */
export interface JsonSchemaLimits {
  /** Largest schema, in characters of JSON. Default 256 KiB. */
  maxBytes?: number;
  /** Deepest nesting of objects and arrays. Default 64 (Ajv overflows its stack near 540). */
  maxDepth?: number;
  /** Most objects and arrays in the schema. Default 10,000. */
  maxNodes?: number;
  /** Most `properties` entries across the schema (Ajv needs 0.5 s for 1,000). Default 500. */
  maxProperties?: number;
  /** Most values in one `enum`. Default 1,000. */
  maxEnumValues?: number;
}

/** The default {@link JsonSchemaLimits}. */
export const DEFAULT_JSON_SCHEMA_LIMITS: Readonly<Required<JsonSchemaLimits>> = Object.freeze({
  maxBytes: 256 * 1024,
  maxDepth: 64,
  maxNodes: 10_000,
  maxProperties: 500,
  maxEnumValues: 1000,
});

const LIMIT: NumberRule = { kind: 'number', min: 1, integer: true };
const LIMIT_OPTIONS: OptionTable<JsonSchemaLimits> = {
  maxBytes: LIMIT,
  maxDepth: LIMIT,
  maxNodes: LIMIT,
  maxProperties: LIMIT,
  maxEnumValues: LIMIT,
};

/**
 * `limits` with every default applied. Refuses, with `InvalidOptionError`, an unknown name
 * (`maxProperty` would leave the default in force) and a limit that is not a positive integer
 * (`NaN` would switch the cap off, since no count is ever greater than it).
 */
export function resolveJsonSchemaLimits(
  limits: JsonSchemaLimits | undefined,
): Readonly<Required<JsonSchemaLimits>> {
  if (limits === undefined) return DEFAULT_JSON_SCHEMA_LIMITS;
  checkOptions('JsonSchemaLimits', limits, LIMIT_OPTIONS, invalidOption);
  return {
    maxBytes: limits.maxBytes ?? DEFAULT_JSON_SCHEMA_LIMITS.maxBytes,
    maxDepth: limits.maxDepth ?? DEFAULT_JSON_SCHEMA_LIMITS.maxDepth,
    maxNodes: limits.maxNodes ?? DEFAULT_JSON_SCHEMA_LIMITS.maxNodes,
    maxProperties: limits.maxProperties ?? DEFAULT_JSON_SCHEMA_LIMITS.maxProperties,
    maxEnumValues: limits.maxEnumValues ?? DEFAULT_JSON_SCHEMA_LIMITS.maxEnumValues,
  };
}
