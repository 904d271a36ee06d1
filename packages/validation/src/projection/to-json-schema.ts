import type { TSchema } from '@sinclair/typebox';
import type { JsonSchema } from '../schema/json-types.js';
import { deepFreeze, rewriteSchema } from '../schema/rewrite-schema.js';

const cache = new WeakMap<object, JsonSchema>();

/**
 * The neutral JSON Schema of a TypeBox schema, as plain JSON: runtime annotations (symbol keys,
 * `~`-prefixed keys of schema nodes) removed at every depth — a property literally named `~x`
 * survives — and every object with `properties` closed with `required: []` and
 * `additionalProperties: false` unless it sets them. Record-like objects stay open.
 *
 * Serialising a TypeBox schema directly (`JSON.stringify(schema)`) is a different contract: it
 * keeps `~` annotations and leaves objects open. Use this instead.
 *
 * Computed once per schema object; the result is deeply frozen.
 */
export function toJsonSchema(schema: TSchema): JsonSchema {
  let projected = cache.get(schema);
  if (projected === undefined) {
    projected = deepFreeze(rewriteSchema(schema, 'projection') as JsonSchema);
    cache.set(schema, projected);
  }
  return projected;
}

/** Same projection for a plain JSON Schema (foreign schemas); not cached here. */
export function toJsonSchemaFromPlain(schema: object): JsonSchema {
  return deepFreeze(rewriteSchema(schema, 'projection') as JsonSchema);
}
