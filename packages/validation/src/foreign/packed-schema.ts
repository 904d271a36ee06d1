/**
 * A compact form of a screened foreign schema, for the many MCP tools that are listed but never
 * called. The name-keyed maps of a schema (`properties`, `$defs`, ...) have keys the server chose,
 * so each tool's map gets a hidden class of its own in V8 (a map, a descriptor array, an enum
 * cache: several hundred bytes per tool); packed, such a map is one array of keys and values.
 * Everything else is kept as it is, shared subschemas (frozen, see `shared-schema-nodes`) by
 * reference. Unpacking gives back an equal plain tree (same keys in the same order, shared nodes
 * the very same objects); the validator unpacks on first use.
 */

/** Marks an array as a packed map: `[PACKED_MAP, key, value, key, value, ...]`. JSON has no symbols. */
const PACKED_MAP = Symbol('packed map');

/** Keywords whose value maps names the schema's author chose to subschemas. */
const NAME_KEYED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** A schema packed by {@link packSchema}; opaque. */
export type PackedSchema = { readonly packed: unique symbol } | Record<string, unknown>;

/** Deepest level packed (the walks recurse; real schemas are far shallower). */
const MAX_PACKED_DEPTH = 64;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pack(node: unknown, nameKeyed: boolean, depth: number): unknown {
  // Shared nodes are frozen, small and already held once: kept. A schema admitted with raised
  // depth limits is kept as it is past this depth rather than walked recursively.
  if (typeof node !== 'object' || node === null || Object.isFrozen(node) || depth > MAX_PACKED_DEPTH)
    return node;
  if (Array.isArray(node)) return node.map((item) => pack(item, false, depth + 1));
  const record = node as Record<string, unknown>;
  if (nameKeyed) {
    const entries: unknown[] = [PACKED_MAP];
    for (const key of Object.keys(record)) entries.push(key, pack(record[key], false, depth + 1));
    return entries;
  }
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const value = record[key];
    copy[key] = pack(value, NAME_KEYED.has(key) && isPlainRecord(value), depth + 1);
  }
  return copy;
}

function unpack(node: unknown, depth: number): unknown {
  // The depth at which pack kept nodes as they were: those are returned as they are.
  if (typeof node !== 'object' || node === null || Object.isFrozen(node) || depth > MAX_PACKED_DEPTH)
    return node;
  if (Array.isArray(node)) {
    if (node[0] !== PACKED_MAP) return node.map((item) => unpack(item, depth + 1));
    const record: Record<string, unknown> = {};
    for (let index = 1; index < node.length; index += 2) {
      record[node[index] as string] = unpack(node[index + 1], depth + 1);
    }
    return record;
  }
  const record = node as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(record)) copy[key] = unpack(record[key], depth + 1);
  return copy;
}

/** Packs a screened schema (its own copy: the argument is not changed). */
export function packSchema(schema: Record<string, unknown>): PackedSchema {
  return pack(schema, false, 0) as PackedSchema;
}

/** The plain schema a {@link PackedSchema} was packed from, as a new tree sharing its shared nodes. */
export function unpackSchema(packed: PackedSchema): Record<string, unknown> {
  return unpack(packed, 0) as Record<string, unknown>;
}
