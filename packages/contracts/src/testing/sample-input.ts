import type { JsonSchema } from '@toolwright/validation';

const MAX_SAMPLE_DEPTH = 16;

/**
 * A small input the schema should accept, built from its JSON Schema projection: required
 * properties only, the first enum/const value, the lower bound of numbers, the minimum length
 * of strings and arrays. Best effort (patterns and formats are not solved); `undefined` when the
 * schema uses something it cannot satisfy at all. The tool's `build` has the final word.
 */
export function sampleInput(schema: JsonSchema): unknown {
  return sample(schema, schema, 0);
}

function sample(node: unknown, root: JsonSchema, depth: number): unknown {
  if (typeof node !== 'object' || node === null || depth > MAX_SAMPLE_DEPTH) {
    return undefined;
  }
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') {
    return sample(resolveLocalRef(schema.$ref, root), root, depth + 1);
  }
  if ('const' in schema) {
    return schema.const;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return schema.enum[0];
  }
  if ('default' in schema) {
    return schema.default;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      for (const branch of branches) {
        const value = sample(branch, root, depth + 1);
        if (value !== undefined) {
          return value;
        }
      }
    }
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object':
      return sampleObject(schema, root, depth);
    case 'array': {
      const count = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const items = Array.from({ length: count }, () => sample(schema.items, root, depth + 1));
      return items.includes(undefined) ? undefined : items;
    }
    case 'string':
      return 'a'.repeat(typeof schema.minLength === 'number' ? schema.minLength : 0);
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function sampleObject(schema: Record<string, unknown>, root: JsonSchema, depth: number): unknown {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const value: Record<string, unknown> = {};
  for (const key of required) {
    const property = sample(properties[key], root, depth + 1);
    if (property === undefined) {
      return undefined;
    }
    value[key] = property;
  }
  return value;
}

function sampleNumber(schema: Record<string, unknown>, integer: boolean): number {
  let value = 0;
  if (typeof schema.minimum === 'number') {
    value = schema.minimum;
  } else if (typeof schema.exclusiveMinimum === 'number') {
    value = integer ? Math.floor(schema.exclusiveMinimum) + 1 : schema.exclusiveMinimum + 1;
  } else if (typeof schema.maximum === 'number' && schema.maximum < 0) {
    value = schema.maximum;
  }
  return integer ? Math.ceil(value) : value;
}

function resolveLocalRef(ref: string, root: JsonSchema): unknown {
  if (!ref.startsWith('#')) {
    return undefined;
  }
  let node: unknown = root;
  for (const segment of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}
