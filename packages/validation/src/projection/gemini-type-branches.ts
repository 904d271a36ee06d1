import type { JsonSchema } from '../schema/json-types.js';
import { isSchemaNode } from '../schema/schema-node.js';

/**
 * Gemini refuses a schema node that holds `type` next to `anyOf`. JSON Schema reads the pair as
 * "this type AND one of these", so the type is pushed into each alternative instead: an
 * alternative without a type takes it, one with the same type (or `integer` under `number`) stays,
 * and one with a different type can never match and is dropped. Several lists of alternatives on
 * one node (a type list, `anyOf`, `oneOf`, an `allOf` member's `anyOf`) are all required too, so
 * they are combined pairwise the same way.
 */

/** Most alternatives combining several lists may produce before the projection gives up combining. */
export const MAX_COMBINED_BRANCHES = 256;

/** The alternatives of `branch` that can hold a value of `type`, each stating that type. */
export function narrowToType(branch: JsonSchema, type: string): JsonSchema[] {
  if (type === 'null' && branch.nullable === true) return [{ type: 'null' }];
  if (Array.isArray(branch.anyOf) && branch.type === undefined) {
    const { anyOf, ...rest } = branch;
    const narrowed = anyOf.filter(isSchemaNode).flatMap((member) => narrowToType(member as JsonSchema, type));
    if (narrowed.length === 0) return [];
    if (narrowed.length === 1) return [{ ...rest, ...narrowed[0]! }];
    return [{ ...rest, anyOf: narrowed }];
  }
  if (branch.type === undefined) return [{ type, ...branch }];
  if (branch.type === type || (type === 'number' && branch.type === 'integer')) return [branch];
  if (type === 'integer' && branch.type === 'number') return [{ ...branch, type: 'integer' }];
  return [];
}

/** Both schemas at once, or nothing when their types exclude each other. */
function intersect(first: JsonSchema, second: JsonSchema): JsonSchema[] {
  // The typed side's type is pushed into the other (into its alternatives, if it has some); a
  // `null` side goes first, since the other may admit null only through `nullable`.
  const secondLeads = second.type === 'null' || (typeof second.type === 'string' && first.type !== 'null');
  const [left, right] = secondLeads ? [first, second] : [second, first];
  const { type, ...rest } = right;
  const narrowed = typeof type === 'string' ? narrowToType(left, type) : [left];
  return narrowed.flatMap((schema) => {
    const merged: JsonSchema = { ...rest, ...schema };
    if (isSchemaNode(schema.properties) && isSchemaNode(rest.properties))
      merged.properties = { ...(rest.properties as JsonSchema), ...(schema.properties as JsonSchema) };
    if (Array.isArray(schema.required) && Array.isArray(rest.required))
      merged.required = [...new Set([...rest.required, ...schema.required])];
    if (Array.isArray(schema.anyOf) && Array.isArray(rest.anyOf)) {
      const both = combineAlternatives([schema.anyOf as JsonSchema[], rest.anyOf as JsonSchema[]]);
      if (both === undefined || both.length === 0) return [];
      merged.anyOf = both;
    }
    return [merged];
  });
}

/**
 * The alternatives that satisfy one member of every list, or `undefined` when combining them
 * would exceed {@link MAX_COMBINED_BRANCHES}.
 */
export function combineAlternatives(lists: readonly (readonly JsonSchema[])[]): JsonSchema[] | undefined {
  let combined = [...lists[0]!];
  for (const list of lists.slice(1)) {
    if (combined.length * list.length > MAX_COMBINED_BRANCHES) return undefined;
    combined = combined.flatMap((left) => list.flatMap((right) => intersect(left, right)));
  }
  return combined;
}

/** `string, number` — the types of alternatives, for an error message. */
export function describeBranchTypes(branches: readonly JsonSchema[]): string {
  return branches.map((branch) => (typeof branch.type === 'string' ? branch.type : 'any value')).join(', ');
}
