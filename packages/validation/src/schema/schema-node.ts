import { splitPointer } from './json-pointer.js';
import { type JsonTypeName, jsonTypeOf } from './schema-keywords.js';

/** A schema node seen structurally: a TypeBox schema or a plain JSON Schema object. */
export type SchemaNode = Record<string, unknown>;

/** True for a schema object (boolean schemas are handled by callers). */
export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Resolves local `$ref`s (`#`, `#/json/pointer`, or an `$id` declared inside the schema). */
export interface RefResolver {
  /** The node a `$ref` points at, or `undefined` when it is not local or not found. */
  lookup(reference: string): SchemaNode | undefined;
  /** Follows `$ref` chains from `node` (at most 32 hops, so a ref cycle cannot loop forever). */
  resolve(node: SchemaNode): SchemaNode;
}

const MAX_REF_HOPS = 32;

/** Builds a resolver over `root`; the `$id` index is collected iteratively. */
export function createRefResolver(root: SchemaNode): RefResolver {
  let ids: Map<string, SchemaNode> | undefined;
  const collectIds = (): Map<string, SchemaNode> => {
    const found = new Map<string, SchemaNode>();
    const stack: unknown[] = [root];
    const seen = new Set<unknown>();
    while (stack.length > 0) {
      const current = stack.pop();
      if (typeof current !== 'object' || current === null || seen.has(current)) continue;
      seen.add(current);
      if (!Array.isArray(current) && typeof (current as SchemaNode).$id === 'string') {
        found.set((current as SchemaNode).$id as string, current as SchemaNode);
      }
      for (const child of Object.values(current)) stack.push(child);
    }
    return found;
  };
  const lookup = (reference: string): SchemaNode | undefined => {
    if (reference === '#') return root;
    if (reference.startsWith('#/')) {
      let current: unknown = root;
      for (const token of splitPointer(decodeURIComponent(reference.slice(1)))) {
        if (typeof current !== 'object' || current === null) return undefined;
        current = (current as Record<string, unknown>)[token];
      }
      return isSchemaNode(current) ? current : undefined;
    }
    ids ??= collectIds();
    return ids.get(reference);
  };
  return {
    lookup,
    resolve(node) {
      let current = node;
      for (let hop = 0; hop < MAX_REF_HOPS && typeof current.$ref === 'string'; hop++) {
        const target = lookup(current.$ref);
        if (target === undefined) return current;
        current = target;
      }
      return current;
    },
  };
}

/**
 * The JSON types a node accepts, or `'any'` when it does not constrain the type. Unions give the
 * union of their members; `integer` is reported as such (a number type accepts integers too).
 */
export function acceptedTypes(node: SchemaNode, resolver: RefResolver, depth = 0): Set<JsonTypeName> | 'any' {
  const resolved = resolver.resolve(node);
  const types = new Set<JsonTypeName>();
  const declared = resolved.type;
  if (typeof declared === 'string') types.add(declared as JsonTypeName);
  else if (Array.isArray(declared)) for (const type of declared) types.add(type as JsonTypeName);
  else if ('const' in resolved) {
    const type = jsonTypeOf(resolved.const);
    if (type !== undefined) types.add(type);
  } else if (Array.isArray(resolved.enum)) {
    for (const member of resolved.enum) {
      const type = jsonTypeOf(member);
      if (type !== undefined) types.add(type);
    }
  } else {
    const members = Array.isArray(resolved.anyOf)
      ? resolved.anyOf
      : Array.isArray(resolved.oneOf)
        ? resolved.oneOf
        : undefined;
    if (members === undefined || depth > 8) return 'any';
    for (const member of members) {
      if (!isSchemaNode(member)) return 'any';
      const memberTypes = acceptedTypes(member, resolver, depth + 1);
      if (memberTypes === 'any') return 'any';
      for (const type of memberTypes) types.add(type);
    }
  }
  return types;
}

/** True when a value of JSON type `type` is accepted by a node accepting `types`. */
export function typeAccepted(types: Set<JsonTypeName> | 'any', type: JsonTypeName): boolean {
  if (types === 'any') return true;
  if (types.has(type)) return true;
  return type === 'integer' && types.has('number');
}
