/** The names JSON Schema accepts in `type`. */
export const JSON_SCHEMA_TYPES: readonly string[] = Object.freeze([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/** Keywords whose value is a single subschema. */
export const SINGLE_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
]);

/** Keywords whose value is an array of subschemas. */
export const SCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set([
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
  'items',
]);

/** Keywords whose value maps names (user data, never keywords) to subschemas. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** The JSON types a schema can name in `type`. */
export type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** The JSON type of a value as a schema would name it (`integer` for whole numbers). */
export function jsonTypeOf(value: unknown): JsonTypeName | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}
