import type { JsonSchema, JsonValue } from '../schema/json-types.js';
import { isSchemaNode } from '../schema/schema-node.js';

/** What a node's `const` / `enum` (or a union of literals) becomes in Gemini's dialect. */
export interface GeminiAllowedValues {
  /** Keywords to merge into the projected node (`type`, `enum`, `anyOf`). */
  readonly keywords: JsonSchema;
  /** `null` was among the values: the node becomes `nullable: true`. */
  readonly nullable: boolean;
  /** Words for the description when the values could not stay a keyword; `''` when they could. */
  readonly hint: string;
}

/** The Gemini type of a value (`integer` for whole numbers, so an integer field stays integer). */
function kindOf(value: JsonValue): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * Gemini accepts `enum` only on strings and no `const` at all ("function declaration enum only
 * allowed for STRING type"). String values stay an `enum` (with `type: 'string'` added, since
 * Gemini also rejects an `enum` without a type). Other values are dropped as a keyword and
 * described in words, while the node keeps (or gets, inferred from the values) its own type: the
 * model then sends a real number or boolean, which the parser checks against the original schema
 * — the tool's params are exactly what they would be for any other provider, with no string to
 * map back. (Projecting to a string enum instead would make the model send `"2"`, which only
 * safe coercion could turn back into 2, and not at all under `coerce: 'none'`.)
 */
export function projectAllowedValues(
  values: readonly JsonValue[],
  declaredType: JsonValue | undefined,
): GeminiAllowedValues {
  const nullable = values.includes(null);
  const present = values.filter((value) => value !== null);
  const strings = present.filter((value): value is string => typeof value === 'string');
  if (present.length === 0)
    return { keywords: declaredType === undefined ? { type: 'null' } : {}, nullable, hint: '' };
  if (strings.length === present.length) {
    const keywords: JsonSchema = { enum: strings };
    if (declaredType === undefined) keywords.type = 'string';
    return { keywords, nullable, hint: '' };
  }
  const hint =
    present.length === 1
      ? `must be ${JSON.stringify(present[0])}`
      : `one of ${present.map((value) => JSON.stringify(value)).join(', ')}`;
  if (declaredType !== undefined) return { keywords: {}, nullable, hint };
  const kinds = [...new Set(present.map(kindOf))];
  // 1 and 1.5 together are numbers; an integer member alone stays integer.
  const merged = kinds.includes('number') ? kinds.filter((kind) => kind !== 'integer') : kinds;
  if (merged.length === 1) return { keywords: { type: merged[0]! }, nullable, hint };
  return {
    keywords: {
      anyOf: merged.map(
        (kind): JsonSchema => (kind === 'string' ? { type: 'string', enum: strings } : { type: kind }),
      ),
    },
    nullable,
    hint,
  };
}

/** Keys a literal member of a union may carry (TypeBox `Literal` is `{ const, type }`). */
const LITERAL_KEYS = new Set(['const', 'enum', 'type']);

/**
 * The values of a union whose members are all literals (`const`, `enum` or `{ type: 'null' }`),
 * so that it can be projected as one set of allowed values instead of an `anyOf` of `const`s;
 * `undefined` for any other union.
 */
export function literalUnionValues(members: readonly JsonValue[]): JsonValue[] | undefined {
  const values: JsonValue[] = [];
  for (const member of members) {
    if (!isSchemaNode(member) || !Object.keys(member).every((key) => LITERAL_KEYS.has(key))) return undefined;
    const node = member as JsonSchema;
    if ('const' in node) values.push(node.const as JsonValue);
    else if (Array.isArray(node.enum)) values.push(...node.enum);
    else if (node.type === 'null') values.push(null);
    else return undefined;
  }
  return values.length > 0 ? values : undefined;
}
