import { didYouMean } from '@toolwright/utils';
import { appendPointer } from '../schema/json-pointer.js';
import {
  JSON_SCHEMA_TYPES,
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from '../schema/schema-keywords.js';

/** A `type` keyword naming something that is not a JSON Schema type (`"strnig"`, `["string", "datetime"]`). */
export interface UnknownSchemaType {
  /** JSON pointer of the schema node holding the `type`; `''` is the root. */
  readonly path: string;
  /** The bad value: the unknown name, or the whole `type` when it is not a name at all. */
  readonly value: unknown;
  /** What is wrong, starting with "the schema", with a did-you-mean when a type is close. */
  readonly problem: string;
  /** What is accepted instead. */
  readonly accepted: string;
}

/** The older keyword whose value maps property names to a schema or a list of names. */
const DEPENDENCIES = 'dependencies';

function unknownType(path: string, value: unknown): UnknownSchemaType {
  const near = typeof value === 'string' ? didYouMean(value, JSON_SCHEMA_TYPES) : '';
  return {
    path,
    value,
    problem: `the schema node at ${path === '' ? '/' : path} has type ${JSON.stringify(value)}, which is not a JSON Schema type${near}`,
    accepted: `accepted types: ${JSON_SCHEMA_TYPES.join(', ')}`,
  };
}

/** True when `type` (a name or a list of names) is not made only of JSON Schema type names. */
function isUnknownType(type: unknown): boolean {
  if (typeof type === 'string') return !JSON_SCHEMA_TYPES.includes(type);
  if (!Array.isArray(type) || type.length === 0) return true;
  for (const name of type) if (typeof name !== 'string' || !JSON_SCHEMA_TYPES.includes(name)) return true;
  return false;
}

/**
 * Visits every schema position of `schema` (each node once, in no particular order) until `stop`
 * returns true. Iterative, so any nesting depth (or a cycle) is safe.
 */
function someSchemaNode(schema: unknown, stop: (record: Record<string, unknown>) => boolean): boolean {
  const stack: unknown[] = [schema];
  // A shared or cyclic object (never in parsed JSON) is looked at once.
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (stop(record)) return true;
    for (const key of Object.keys(record)) {
      const value = record[key];
      // Pushed one by one: spreading a very long array would exceed the arguments limit.
      if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value))
        for (const child of value) stack.push(child);
      else if (SINGLE_SCHEMA_KEYWORDS.has(key)) stack.push(value);
      else if (
        (SCHEMA_MAP_KEYWORDS.has(key) || key === DEPENDENCIES) &&
        typeof value === 'object' &&
        value !== null
      )
        for (const name of Object.keys(value)) stack.push((value as Record<string, unknown>)[name]);
    }
  }
  return false;
}

/**
 * The first `type` anywhere in a schema (properties, items, anyOf / oneOf / allOf branches, $defs,
 * additionalProperties, not / if / then / else...) that is not a JSON Schema type. Validators
 * disagree on such a schema (Ajv refuses it when compiling; others accept every value or none),
 * so it is refused up front. Walks only schema positions: a property named "type" is a name, not
 * the keyword. Iterative, so any nesting depth (or a cycle) is safe.
 */
export function findUnknownSchemaType(schema: unknown): UnknownSchemaType | undefined {
  // Every screened MCP tool schema comes through here, and almost none has an unknown type: the
  // quick pass builds no JSON pointer; only a schema that has one is walked again to name it.
  if (!someSchemaNode(schema, (record) => 'type' in record && isUnknownType(record.type))) return undefined;
  return locateUnknownSchemaType(schema);
}

/** The first unknown `type` in document order, with its JSON pointer. */
function locateUnknownSchemaType(schema: unknown): UnknownSchemaType | undefined {
  const stack: Array<[unknown, string]> = [[schema, '']];
  // A shared or cyclic object (never in parsed JSON) is looked at once.
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node !== 'object' || node === null || Array.isArray(node) || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if ('type' in record && isUnknownType(record.type)) {
      const { type } = record;
      const bad = Array.isArray(type)
        ? type.find((name) => typeof name !== 'string' || !JSON_SCHEMA_TYPES.includes(name))
        : type;
      return unknownType(path, bad ?? type);
    }
    const children: Array<[unknown, string]> = [];
    for (const [key, value] of Object.entries(record)) {
      const childPath = appendPointer(path, key);
      if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value))
        for (const [index, child] of value.entries()) children.push([child, `${childPath}/${index}`]);
      else if (SINGLE_SCHEMA_KEYWORDS.has(key)) children.push([value, childPath]);
      else if (
        (SCHEMA_MAP_KEYWORDS.has(key) || key === DEPENDENCIES) &&
        typeof value === 'object' &&
        value !== null
      )
        for (const [name, child] of Object.entries(value))
          children.push([child, appendPointer(childPath, name)]);
    }
    // Reversed so that the first problem in document order is found first.
    stack.push(...children.reverse());
  }
  return undefined;
}
