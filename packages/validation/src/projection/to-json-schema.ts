import type { TSchema } from '@sinclair/typebox';
import type { JsonSchema } from '../schema/json-types.js';
import { deepFreeze, MAX_SCHEMA_NESTING, rewriteSchema } from '../schema/rewrite-schema.js';

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

/**
 * Deepest schema (as JSON, the root object being level 1) that {@link toJsonSchemaFromPlain} is
 * sure to project without refusing it: its walk counts one level per nested schema, never more
 * than the JSON nesting.
 */
export const PROJECTABLE_DEPTH = MAX_SCHEMA_NESTING;

/**
 * Whether {@link toJsonSchemaFromPlain} of `schema` (screened no deeper than
 * {@link PROJECTABLE_DEPTH}) describes an object at its root, told without projecting it: the
 * projection copies the root's `type` as it is. `createTool` checks every tool's root; a catalog's
 * deferred tools, most of them never declared, so pay for no projection.
 */
export function plainRootIsObject(schema: object): boolean {
  return (schema as { type?: unknown }).type === 'object';
}
