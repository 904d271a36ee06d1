import type { JsonSchema, JsonValue } from '../schema/json-types.js';
import { isSchemaNode } from '../schema/schema-node.js';
import type { ProjectionNote } from './projection-notes.js';

function asSchema(value: JsonValue | undefined): JsonSchema | undefined {
  return isSchemaNode(value) ? (value as JsonSchema) : undefined;
}

/**
 * Providers that call the root "parameters object" (Anthropic's `input_schema`, OpenAI's
 * `parameters`) reject a root `anyOf`/`oneOf`/`allOf`. Merge the members into one object schema:
 * - `allOf`: properties of every member, `required` is the union;
 * - `anyOf`/`oneOf`: properties of every member (a name declared differently by several members
 *   becomes an `anyOf` of those declarations), `required` is what every member requires.
 * Members that are not objects cannot be merged; the root then becomes a bare object and the
 * loss is noted. The parser still validates against the original schema.
 */
export function mergeRootComposition(schema: JsonSchema, notes: ProjectionNote[]): JsonSchema {
  const keyword = (['anyOf', 'oneOf', 'allOf'] as const).find((name) => Array.isArray(schema[name]));
  if (keyword === undefined) return schema;
  const members = (schema[keyword] as JsonValue[]).map(asSchema);
  const properties: Record<string, JsonSchema[]> = {};
  const requiredSets: string[][] = [];
  let closed = true;
  let mergeable = true;
  for (const member of members) {
    const memberProperties = asSchema(member?.properties);
    if (member === undefined || memberProperties === undefined) {
      mergeable = false;
      continue;
    }
    for (const [name, property] of Object.entries(memberProperties)) {
      const declaration = asSchema(property);
      if (declaration === undefined) continue;
      const known = properties[name] ?? [];
      properties[name] = known;
      if (!known.some((existing) => JSON.stringify(existing) === JSON.stringify(declaration)))
        known.push(declaration);
    }
    requiredSets.push(
      Array.isArray(member.required) ? member.required.filter((name) => typeof name === 'string') : [],
    );
    if (member.additionalProperties !== false) closed = false;
  }
  const { [keyword]: _dropped, ...rest } = schema;
  if (!mergeable) {
    notes.push({
      path: `/${keyword}`,
      reason: `root ${keyword} with non-object members cannot be expressed; sent as an open object`,
    });
    return { ...rest, type: 'object' };
  }
  const required =
    keyword === 'allOf'
      ? [...new Set(requiredSets.flat())]
      : (requiredSets[0] ?? []).filter((name) => requiredSets.every((set) => set.includes(name)));
  const merged: JsonSchema = {
    ...rest,
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, declarations]) => [
        name,
        declarations.length === 1 ? declarations[0]! : { anyOf: declarations },
      ]),
    ),
    required,
  };
  if (closed) merged.additionalProperties = false;
  if (keyword !== 'allOf') {
    notes.push({
      path: `/${keyword}`,
      reason: `root ${keyword} merged into one object schema; arguments are still validated against each alternative`,
    });
  }
  return merged;
}
