import { describe, expect, it } from 'vitest';
import { DEFAULT_JSON_SCHEMA_LIMITS, resolveJsonSchemaLimits } from './json-schema-limits.js';
import { prescreenJsonSchema, screenJsonSchema } from './prescreen-json-schema.js';

describe('the foreign-schema pre-screen', () => {
  const limits = DEFAULT_JSON_SCHEMA_LIMITS;
  const rejected = (schema: unknown, custom = {}) => {
    try {
      prescreenJsonSchema(schema, { ...limits, ...custom }, 'S');
      return undefined;
    } catch (error) {
      return `${(error as { code: string }).code}: ${(error as Error).message}`;
    }
  };

  it('reports the size, nodes, properties, depth and defaults of what it accepted, and copies it', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string', default: 'x' } },
      required: ['a'],
      skipped: undefined,
    };
    const report = prescreenJsonSchema(schema, limits, 'S');
    expect({ ...report, copy: undefined }).toEqual({
      bytes: 96 + 'skipped'.length + 4,
      nodes: 4,
      properties: 1,
      depth: 3,
      hasDefaults: true,
      copy: undefined,
    });
    expect(report.copy).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'string', default: 'x' } },
      required: ['a'],
    });
    expect(report.copy.required).not.toBe(schema.required);
    expect(Array.isArray(report.copy.required)).toBe(true);
    expect(
      prescreenJsonSchema({ type: 'object', items: [{ a: [1, { b: null }] }] }, limits, 'S').copy,
    ).toStrictEqual({
      type: 'object',
      items: [{ a: [1, { b: null }] }],
    });
    expect(prescreenJsonSchema({ type: 'object' }, limits, 'S').hasDefaults).toBe(false);
    expect(prescreenJsonSchema({ type: 'object', required: [], enum: [[]] }, limits, 'S').copy).toStrictEqual(
      {
        type: 'object',
        required: [],
        enum: [[]],
      },
    );
  });

  it('counts levels and names where through arrays too (allOf, items lists)', () => {
    const schema = { allOf: [{ allOf: [{ type: 'string' }] }] };
    expect(rejected(schema, { maxDepth: 5 })).toBeUndefined();
    expect(rejected(schema, { maxDepth: 4 })).toBe(
      'schema_rejected: S: the schema nests deeper than 4 levels at /allOf/0/allOf/0; flatten it or use $defs',
    );
  });

  it('counts the properties of a properties keyword only: not a string or null of that name', () => {
    expect(rejected({ properties: null }, { maxProperties: 1 })).toBeUndefined();
    expect(rejected({ default: { properties: 'abc' } }, { maxProperties: 1 })).toBeUndefined();
    expect(
      rejected({ properties: { a: {} }, default: { properties: 'abc' } }, { maxProperties: 1 }),
    ).toBeUndefined();
  });

  it("a schema's own error (a getter that throws) is thrown as it is, not turned into a refusal", () => {
    const schema = {
      get type(): string {
        throw new RangeError('the getter failed');
      },
    };
    expect(() => screenJsonSchema(schema)).toThrow(new RangeError('the getter failed'));
  });

  it('refuses what is not an object schema, saying what it got', () => {
    expect(rejected(null)).toBe(
      'schema_rejected: S: the schema must be a JSON object, got object; pass an object schema such as { "type": "object", "properties": {...} }',
    );
    expect(rejected([])).toMatch(/got an array;/);
  });

  it('each cap at its edge: the limit passes, one more is refused with what to do', () => {
    const nested = (levels: number): Record<string, unknown> => {
      let node: Record<string, unknown> = { type: 'string' };
      for (let level = 1; level < levels; level += 1) node = { not: node };
      return node;
    };
    expect(rejected(nested(5), { maxDepth: 5 })).toBeUndefined();
    expect(rejected(nested(6), { maxDepth: 5 })).toBe(
      'schema_rejected: S: the schema nests deeper than 5 levels at /not/not/not/not/not; flatten it or use $defs',
    );
    expect(rejected({ anyOf: [{}, {}] }, { maxNodes: 4 })).toBeUndefined();
    expect(rejected({ anyOf: [{}, {}, {}] }, { maxNodes: 4 })).toBe(
      'schema_rejected: S: the schema has more than 4 objects and arrays; send a smaller schema',
    );
    expect(rejected({ properties: { a: {}, b: {} } }, { maxProperties: 2 })).toBeUndefined();
    expect(rejected({ properties: { a: {}, b: {}, c: {} } }, { maxProperties: 2 })).toBe(
      'schema_rejected: S: the schema declares more than 2 properties; split the tool or send a smaller schema',
    );
    expect(rejected({ properties: [{}, {}, {}] }, { maxProperties: 2 })).toBeUndefined();
    expect(rejected({ enum: [1, 2] }, { maxEnumValues: 2 })).toBeUndefined();
    expect(rejected({ enum: [1, 2, 3] }, { maxEnumValues: 2 })).toBe(
      'schema_rejected: S: the enum at /enum has 3 values; at most 2 are accepted',
    );
    // {"type":"string"}: 3 + (4+4) + (6+3) = 20 by the pre-screen's count.
    expect(rejected({ type: 'string' }, { maxBytes: 20 })).toBeUndefined();
    expect(rejected({ type: 'string' }, { maxBytes: 19 })).toBe(
      'schema_rejected: S: the schema is larger than 19 bytes as JSON; send a smaller schema',
    );
    expect(rejected({ a: true, b: 1.5, c: null }, { maxBytes: 3 + 3 * 5 + 8 + 8 + 5 })).toBeUndefined();
    expect(rejected({ a: true, b: 1.5, c: null }, { maxBytes: 3 + 3 * 5 + 8 + 8 + 4 })).toMatch(
      /larger than/,
    );
  });

  it('counts UTF-8 bytes, not characters: a two-byte character is two bytes of the limit', () => {
    // {"description":"éééééééééé"}: 3 + (11+4) + (20+3) = 41.
    const schema = { description: 'é'.repeat(10) };
    expect(rejected(schema, { maxBytes: 41 })).toBeUndefined();
    expect(rejected(schema, { maxBytes: 40 })).toMatch(/larger than 40 bytes/);
    expect(rejected({ ['😀'.repeat(5)]: {} }, { maxBytes: 3 + 24 + 3 })).toBeUndefined();
    expect(rejected({ ['😀'.repeat(5)]: {} }, { maxBytes: 3 + 24 + 2 })).toMatch(/larger than/);
  });

  it('screenJsonSchema names the limit a schema went past, and none for what is not a limit', () => {
    const limitOf = (schema: unknown, custom = {}) =>
      screenJsonSchema(schema, custom).refusal?.limit ?? 'none';
    expect(limitOf({ not: { not: {} } }, { maxDepth: 2 })).toBe('maxDepth');
    expect(limitOf({ anyOf: [{}, {}] }, { maxNodes: 2 })).toBe('maxNodes');
    expect(limitOf({ properties: { a: {}, b: {} } }, { maxProperties: 1 })).toBe('maxProperties');
    expect(limitOf({ enum: [1, 2] }, { maxEnumValues: 1 })).toBe('maxEnumValues');
    expect(limitOf({ type: 'string' }, { maxBytes: 19 })).toBe('maxBytes');
    expect(screenJsonSchema({ $ref: 'https://x.example/s' }).refusal).toEqual({
      limit: undefined,
      problem:
        'the $ref "https://x.example/s" at /$ref points outside the schema (remote references are never fetched)',
      accepted: 'use a local reference such as "#/$defs/Name"',
    });
    expect(screenJsonSchema({ type: 'object' })).toEqual({
      report: { bytes: 20, nodes: 1, properties: 0, depth: 1, hasDefaults: false, copy: { type: 'object' } },
    });
    expect(() => screenJsonSchema({}, { maxDepht: 3 } as never)).toThrow(/maxDepht/);
  });

  it('refuses non-JSON values, naming where', () => {
    class Shape {}
    expect(rejected({ properties: { x: new Shape() } })).toBe(
      'schema_rejected: S: a value at /properties/x is not plain JSON; pass parsed JSON',
    );
    expect(rejected({ default: () => 1 })).toBe(
      'schema_rejected: S: a function at /default is not JSON; pass parsed JSON',
    );
    expect(rejected(Object.assign(Object.create(null), { type: 'object' }))).toBeUndefined();
    expect(rejected(new Shape())).toBe(
      'schema_rejected: S: a value at / is not plain JSON; pass parsed JSON',
    );
  });

  it.each(['$ref', '$dynamicRef', '$recursiveRef'])(
    'a remote %s is refused; a local or declared one passes',
    (key) => {
      expect(rejected({ [key]: 'https://evil.example/schema.json' })).toBe(
        `schema_rejected: S: the ${'$'}ref "https://evil.example/schema.json" at /${key.replace('~', '~0')} points outside the schema (remote references are never fetched); use a local reference such as "#/$defs/Name"`,
      );
      expect(rejected({ [key]: '#/$defs/A', $defs: { A: {} } })).toBeUndefined();
      expect(rejected({ $id: 'urn:inner', [key]: 'urn:inner' })).toBeUndefined();
      expect(rejected({ $id: 5, [key]: '5' })).toMatch(/points outside the schema/);
      expect(rejected({ description: 'urn:inner', [key]: 'urn:inner' })).toMatch(/points outside the schema/);
      expect(rejected({ [key]: 5 })).toBeUndefined();
    },
  );

  it('limits: each one given by name over the defaults', () => {
    expect(resolveJsonSchemaLimits({ maxDepth: 3 })).toEqual({ ...DEFAULT_JSON_SCHEMA_LIMITS, maxDepth: 3 });
    expect(resolveJsonSchemaLimits({ maxBytes: 10, maxEnumValues: 4 })).toEqual({
      ...DEFAULT_JSON_SCHEMA_LIMITS,
      maxBytes: 10,
      maxEnumValues: 4,
    });
  });
});
