// createTool asks every tool's validator whether its projection describes an object. Validation's
// own validators answer from the screened schema, without projecting: these tests hold that
// answer to what the projection says, and show where the projection alone decides.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type DescribesObjectRoot,
  objectRootKnown,
  type SchemaValidator,
} from '../schema/schema-validator.js';
import { compileSchema } from '../schema-kinds/compile-schema.js';
import { compileJsonSchema } from './compile-json-schema.js';

type KnowsObjectRoot = SchemaValidator & DescribesObjectRoot;

const rootsOf = (validator: SchemaValidator) => ({
  told: (validator as KnowsObjectRoot).describesObjectRoot(),
  projected: (validator.toJsonSchema() as { type?: unknown }).type,
});

const schemas: Record<string, unknown> = {
  object: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
  'object in 2020-12': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {},
  },
  'object with $id and annotations': { $id: 'urn:x', '~note': 1, type: 'object', description: 'd' },
  'no type': { properties: { a: { type: 'string' } } },
  empty: {},
  string: { type: 'string' },
  'type list': { type: ['object', 'null'] },
  'root $ref': { $ref: '#/$defs/A', $defs: { A: { type: 'object' } } },
  'root anyOf': { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }] },
};

describe('describesObjectRoot: what the projection says at its root, without projecting', () => {
  it.each(Object.entries(schemas))('a foreign JSON Schema: %s', (_label, schema) => {
    const validator = compileJsonSchema(schema);
    const { told, projected } = rootsOf(validator);
    // True exactly where the projection's root is an object; otherwise it leaves the answer to it.
    expect(told).toBe(projected === 'object' ? true : undefined);
    expect(objectRootKnown(validator)).toBe(projected === 'object');
  });

  it.each([
    ['a Zod object', z.object({ a: z.string() }), true],
    ['a Zod string', z.string(), undefined],
    ['a Zod array', z.array(z.string()), undefined],
  ] as const)('a Standard Schema: %s', (_label, schema, expected) => {
    const { told, projected } = rootsOf(compileSchema(schema));
    expect(told).toBe(expected);
    expect(told).toBe(projected === 'object' ? true : undefined);
  });

  it('leaves a schema screened deeper than the projection walks to the projection, which refuses it', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 300; level++) schema = { type: 'object', properties: { a: schema } };
    const validator = compileJsonSchema(
      schema,
      { maxDepth: 10_000, maxNodes: 100_000, maxProperties: 100_000 },
      { name: 'deep' },
    ) as KnowsObjectRoot;
    expect(validator.describesObjectRoot()).toBeUndefined();
    expect(() => validator.toJsonSchema()).toThrow(/nests deeper than 256 levels/);
  });

  it('is not told by an object that only shares the validator’s prototype', () => {
    const real = compileJsonSchema({ type: 'object' }) as KnowsObjectRoot;
    const lookalike = Object.assign(Object.create(Object.getPrototypeOf(real)), real) as KnowsObjectRoot;
    expect(real.describesObjectRoot()).toBe(true);
    expect(lookalike.describesObjectRoot()).toBeUndefined();
  });

  it('objectRootKnown: only a validator that says so itself, true, spares the projection', () => {
    const real = compileJsonSchema({ type: 'object' });
    const plain: SchemaValidator = {
      specificationVersion: 'v1',
      source: 'json-schema',
      toJsonSchema: () => ({ type: 'object' }),
      parse: (input) => ({ value: input, coercions: [] }),
    };
    const unsure = { ...plain, describesObjectRoot: () => undefined };
    const wrapper = { ...plain, describesObjectRoot: () => (objectRootKnown(real) ? true : undefined) };
    expect(objectRootKnown(real)).toBe(true);
    expect(objectRootKnown(plain)).toBe(false);
    expect(objectRootKnown(unsure)).toBe(false);
    expect(objectRootKnown(wrapper)).toBe(true);
  });
});
