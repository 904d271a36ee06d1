/**
 * A compact form of a screened foreign schema, for the many MCP tools that are listed but never
 * called. The name-keyed maps of a schema (`properties`, `$defs`, ...) have keys the server chose,
 * so each tool's map gets a hidden class of its own in V8 (a map, a descriptor array, an enum
 * cache: several hundred bytes per tool); packed, such a map is one array of keys and values.
 * Everything else is kept as it is, shared subschemas (frozen, see `shared-schema-nodes`) by
 * reference. A name-keyed map that is itself a shared node (small enough to be shared, so frozen)
 * is packed too, into one frozen array per equal map (see {@link sharedPackedMap}): kept as the
 * shared node, a map whose names only one tool uses (`log_id`, `workspace`, ...) still held a
 * hidden class of its own. Unpacking gives back an equal plain tree (same keys in the same order,
 * the shared subschemas below the maps the very same objects); the validator unpacks on first use.
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

/** Packed shared maps by a hash of their names and scalar values, held weakly (as shared nodes are). */
const packedMaps = new Map<number, WeakRef<readonly unknown[]>>();
/** Entries of collected arrays are swept when the table has doubled since the last sweep. */
let sweepAt = 1024;

function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193) >>> 0;
}

function textHash(hash: number, text: string): number {
  let mixed = mix(hash, text.length);
  for (let index = 0; index < text.length; index += 1) mixed = mix(mixed, text.charCodeAt(index));
  return mixed;
}

function sameEntries(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 1; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/**
 * The packed form of a frozen (shared) name-keyed map, one frozen array for every equal map: its
 * values are shared nodes or scalars already, so two maps are equal when their entries are `===`.
 * The hash covers the names and scalar values; a collision only costs the later map its sharing.
 */
function sharedPackedMap(record: Record<string, unknown>): readonly unknown[] {
  const entries: unknown[] = [PACKED_MAP];
  let hash = 0x811c9dc5;
  for (const key of Object.keys(record)) {
    const value = record[key];
    entries.push(key, value);
    hash = textHash(hash, key);
    hash =
      typeof value === 'string'
        ? textHash(hash, value)
        : mix(hash, typeof value === 'number' ? value | 0 : 1);
  }
  const held = packedMaps.get(hash)?.deref();
  if (held !== undefined) return sameEntries(held, entries) ? held : Object.freeze(entries);
  Object.freeze(entries);
  packedMaps.set(hash, new WeakRef(entries));
  if (packedMaps.size >= sweepAt) {
    for (const [key, reference] of packedMaps) if (reference.deref() === undefined) packedMaps.delete(key);
    sweepAt = Math.max(1024, packedMaps.size * 2);
  }
  return entries;
}

function pack(node: unknown, nameKeyed: boolean, depth: number): unknown {
  if (nameKeyed && depth <= MAX_PACKED_DEPTH && isPlainRecord(node) && Object.isFrozen(node))
    return sharedPackedMap(node);
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
  // The depth at which pack kept nodes as they were: those are returned as they are. A packed map
  // may be frozen (shared): it is unpacked all the same.
  if (typeof node !== 'object' || node === null || depth > MAX_PACKED_DEPTH) return node;
  const packedMap = Array.isArray(node) && node[0] === PACKED_MAP;
  if (Object.isFrozen(node) && !packedMap) return node;
  if (Array.isArray(node)) {
    if (!packedMap) return node.map((item) => unpack(item, depth + 1));
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
