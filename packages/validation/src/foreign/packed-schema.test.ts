// A listed tool keeps its screened schema packed until first use. Packing must be invisible: the
// unpacked tree equals the screened copy key for key and in order, shared subschemas stay the very
// same objects, and a validator built from the packed form accepts, refuses and declares exactly
// what one built from the plain schema does.

import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../schema-kinds/compile-schema.js';
import { compileJsonSchema, screenedJsonSchemaOf } from './compile-json-schema.js';
import { packSchema, unpackSchema } from './packed-schema.js';
import { screenJsonSchema } from './prescreen-json-schema.js';

function screened(schema: unknown, maxDepth?: number): Record<string, unknown> {
  const { report, refusal } = screenJsonSchema(schema, maxDepth === undefined ? undefined : { maxDepth });
  if (report === undefined) throw new Error(`refused: ${refusal.problem}`);
  return report.copy;
}

const toolSchema = {
  type: 'object',
  properties: {
    issue_id: { type: 'string', description: 'Identifier of the issue.' },
    // A property named like a keyword is a name, not a keyword.
    properties: {
      type: 'object',
      properties: { $defs: { type: 'string' }, zeta: { type: 'integer' }, alpha: { type: 'boolean' } },
    },
    filter: { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false },
  },
  $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
  required: ['issue_id'],
  default: { properties: { kept: 'as data' } },
};

describe('packed screened schemas', () => {
  it('unpack to a tree equal to the screened copy, keys in order, shared subschemas the same objects', () => {
    const copy = screened(toolSchema);
    const unpacked = unpackSchema(packSchema(copy));
    expect(unpacked).toStrictEqual(copy);
    expect(JSON.stringify(unpacked)).toBe(JSON.stringify(toolSchema));
    const issue = (tree: Record<string, unknown>) => (tree.properties as Record<string, unknown>).issue_id;
    expect(issue(unpacked)).toBe(issue(copy));
    // The packed form is not the caller's copy, and unpacking twice gives two trees.
    expect(unpackSchema(packSchema(copy))).not.toBe(unpacked);
  });

  it('round-trip any JSON schema-like tree, deep ones included', () => {
    const json = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('properties', '$defs', 'items', 'a', 'b', 'enum'), tie('node'), {
          maxKeys: 4,
        }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('properties', 'patternProperties', 'x'), json), (schema) => {
        const copy = screened({ type: 'object', ...schema });
        expect(unpackSchema(packSchema(copy))).toStrictEqual(copy);
      }),
      { numRuns: 300 },
    );
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 90; level += 1)
      deep = { type: 'object', properties: { [`p${level}`]: deep } };
    // Admitted with a raised depth limit: past the packed depth, kept as it is.
    const deepCopy = screened(deep, 500);
    expect(unpackSchema(packSchema(deepCopy))).toStrictEqual(deepCopy);
  });

  it('give a validator that accepts, refuses and declares what the plain schema does', () => {
    const validator = compileJsonSchema(toolSchema);
    expect(validator.toJsonSchema()).toMatchObject({
      type: 'object',
      properties: { issue_id: { type: 'string' }, properties: { type: 'object' } },
      required: ['issue_id'],
    });
    expect(Object.keys((validator.toJsonSchema() as { properties: object }).properties)).toEqual([
      'issue_id',
      'properties',
      'filter',
    ]);
    expect(validator.parse({ issue_id: 'A-1', properties: { zeta: 2 } }).value).toMatchObject({
      issue_id: 'A-1',
    });
    expect(() => validator.parse({ properties: { zeta: 'two' } })).toThrow(/issue_id|zeta/);
  });
});

describe('screenedJsonSchemaOf', () => {
  it('gives the screened copy back as a new plain tree, and nothing for other validators', () => {
    const copy = screened(toolSchema);
    const validator = compileJsonSchema(toolSchema);
    const schema = screenedJsonSchemaOf(validator);
    expect(schema).toStrictEqual(copy);
    expect(screenedJsonSchemaOf(validator)).not.toBe(schema);
    expect(screenedJsonSchemaOf(compileSchema(Type.Object({ a: Type.String() })))).toBeUndefined();
    expect(screenedJsonSchemaOf({} as never)).toBeUndefined();
  });
});

describe('packed shared maps', () => {
  it('pack a small (shared, frozen) properties map too, and unpack it to an equal, unfrozen map', () => {
    const small = { type: 'object', properties: { log_id: { type: 'string' } }, required: ['log_id'] };
    const copy = screened(small);
    expect(Object.isFrozen(copy.properties)).toBe(true);
    const packed = packSchema(copy) as Record<string, unknown>;
    expect(Array.isArray(packed.properties)).toBe(true);
    const unpacked = unpackSchema(packed);
    expect(unpacked).toStrictEqual(copy);
    expect(Object.isFrozen(unpacked.properties)).toBe(false);
    // The subschema under the map is the shared node itself.
    const logId = (tree: Record<string, unknown>) => (tree.properties as Record<string, unknown>).log_id;
    expect(logId(unpacked)).toBe(logId(copy));
  });

  it('share one packed map between schemas with equal small maps, and none between different ones', () => {
    const filter = (value: string) => ({
      type: 'object',
      properties: { field: { type: 'string' }, value: { type: 'string', description: value } },
    });
    const first = packSchema(screened(filter('a'))) as Record<string, unknown>;
    const second = packSchema(screened(filter('a'))) as Record<string, unknown>;
    const other = packSchema(screened(filter('b'))) as Record<string, unknown>;
    expect(second.properties).toBe(first.properties);
    expect(other.properties).not.toBe(first.properties);
    expect(unpackSchema(other)).toStrictEqual(filter('b'));
  });
});
