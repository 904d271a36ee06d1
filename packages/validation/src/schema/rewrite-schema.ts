import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { appendPointer } from './json-pointer.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS, SINGLE_SCHEMA_KEYWORDS } from './schema-keywords.js';
import { isSchemaNode, type SchemaNode } from './schema-node.js';

/** Deepest schema nesting accepted from a developer (foreign schemas are capped lower, earlier). */
export const MAX_SCHEMA_NESTING = 256;

/**
 * - `'projection'`: plain JSON for a model. Symbol keys and `~`-prefixed keys of schema nodes
 *   (runtime annotations) are dropped; data keywords (`default`, `const`, `enum`, ...) are copied
 *   as JSON; closed objects also get `required: []`.
 * - `'validation'`: the same schema, every key (symbols too, TypeBox needs them) kept, with closed
 *   objects made explicit, so that the compiled check rejects what the projection forbids.
 */
export type RewriteMode = 'projection' | 'validation';

/** A value JSON keeps exactly as it is (so a list of them is copied without a JSON round trip). */
function isExactJsonScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    default:
      return value === null;
  }
}

// Indexed, not `every`: a hole (which `every` skips) must take the JSON path and become null.
function isListOfExactScalars(list: readonly unknown[]): boolean {
  for (let index = 0; index < list.length; index += 1) if (!isExactJsonScalar(list[index])) return false;
  return true;
}

function copyJsonData(value: unknown): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' && !Number.isFinite(value)
      ? undefined
      : typeof value === 'bigint'
        ? undefined
        : value;
  }
  // `required`, `enum`, `examples` are mostly lists of names: the same copy, without stringifying.
  if (Array.isArray(value) && isListOfExactScalars(value)) return value.slice();
  try {
    // Data inside a schema is small and written by a developer (or pre-screened when foreign).
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return undefined;
  }
}

function isClosable(node: SchemaNode): boolean {
  return isSchemaNode(node.properties);
}

/**
 * Rewrites a schema tree (see {@link RewriteMode}). Every object node with `properties` is closed
 * — `additionalProperties: false` unless it says otherwise — because that is what the projection
 * tells the model. Record-like objects (only `patternProperties`/`additionalProperties`) stay
 * open, and direct members of `allOf` are left open, since closing them would make the
 * intersection reject every property declared by a sibling.
 */
export function rewriteSchema(node: unknown, mode: RewriteMode): unknown {
  const seen = new Set<object>();
  // Projection only: `$id`s become JSON pointers, so that every `$ref` a provider sees is local
  // ("#..."), and nested `$id`s (which would change how "#..." resolves below them) disappear.
  const idPointers = new Map<string, string>();
  const idReferences: SchemaNode[] = [];
  const visit = (current: unknown, depth: number, insideAllOf: boolean, pointer: string): unknown => {
    if (!isSchemaNode(current)) return Array.isArray(current) ? copyJsonData(current) : current;
    if (depth > MAX_SCHEMA_NESTING || seen.has(current)) {
      throw new ToolSchemaError(
        ValidationErrorCode.SchemaRejected,
        `schema nests deeper than ${MAX_SCHEMA_NESTING} levels or contains an object cycle; use $ref with $defs for recursion`,
      );
    }
    seen.add(current);
    const output: SchemaNode = mode === 'validation' ? { ...current } : {};
    for (const key of Object.keys(current)) {
      const value = current[key];
      if (mode === 'projection' && key.startsWith('~')) continue;
      if (value === undefined) {
        delete output[key];
        continue;
      }
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        const map: SchemaNode = {};
        for (const name of Object.keys(value)) {
          map[name] = visit(value[name], depth + 1, false, appendPointer(appendPointer(pointer, key), name));
        }
        output[key] = map;
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        output[key] = value.map((member, index) =>
          visit(member, depth + 1, key === 'allOf', `${pointer}/${key}/${index}`),
        );
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key) && isSchemaNode(value)) {
        output[key] = visit(value, depth + 1, false, `${pointer}/${key}`);
      } else if (mode === 'projection') {
        if (key === '$id' && typeof value === 'string') {
          idPointers.set(value, pointer);
          if (depth > 0) continue;
        }
        const copied = copyJsonData(value);
        if (copied !== undefined) output[key] = copied;
      }
    }
    seen.delete(current);
    if (mode === 'projection' && typeof output.$ref === 'string' && !output.$ref.startsWith('#'))
      idReferences.push(output);
    if (isClosable(current) && !insideAllOf) {
      if (mode === 'projection' && !Array.isArray(output.required)) output.required = [];
      if (output.additionalProperties === undefined && output.unevaluatedProperties === undefined) {
        output.additionalProperties = false;
      }
    }
    return output;
  };
  const result = visit(node, 0, false, '');
  for (const holder of idReferences) {
    const target = idPointers.get(holder.$ref as string);
    if (target !== undefined) holder.$ref = `#${target}`;
  }
  return result;
}

/** Freezes a plain JSON tree iteratively (cached projections are shared; nobody may edit them). */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
    Object.freeze(current);
    for (const child of Object.values(current)) stack.push(child);
  }
  return value;
}
