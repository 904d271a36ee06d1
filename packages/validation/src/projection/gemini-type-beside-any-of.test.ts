import { Type } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import type { JsonSchema, JsonValue } from '../schema/json-types.js';
import { compileSchema } from '../schema-kinds/compile-schema.js';
import { projectSchema } from './project-schema.js';
import { toJsonSchema } from './to-json-schema.js';

/** Every JSON pointer of a node holding both `type` and `anyOf`. */
function typeBesideAnyOf(node: JsonValue, path = ''): string[] {
  if (node === null || typeof node !== 'object') return [];
  const here = !Array.isArray(node) && 'type' in node && 'anyOf' in node ? [path || '/'] : [];
  return [
    ...here,
    ...Object.entries(node).flatMap(([key, child]) => typeBesideAnyOf(child as JsonValue, `${path}/${key}`)),
  ];
}

function geminiLint(parameters: JsonSchema): string[] {
  return lintToolDeclaration({ name: 'tool', description: '', parameters }, 'gemini').map(
    (issue) => `${issue.path} ${issue.reason}`,
  );
}

describe('Gemini: never a type beside anyOf', () => {
  it('pushes a JSON Schema type into each anyOf / oneOf alternative and drops the ones it excludes', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: {
        id: { type: 'string', anyOf: [{ format: 'uuid' }, { pattern: '^[a-z]+$' }] },
        size: {
          type: 'number',
          oneOf: [{ type: 'integer', minimum: 1 }, { type: 'string' }, { maximum: 0 }],
        },
        name: { type: 'string', anyOf: [{ type: 'string', minLength: 2 }, { type: 'boolean' }] },
      },
    });
    const projected = projectSchema(validator.toJsonSchema(), 'gemini');
    expect(typeBesideAnyOf(projected)).toEqual([]);
    expect(projected.properties).toEqual({
      id: {
        anyOf: [
          { type: 'string', description: '(format "uuid")' },
          { type: 'string', pattern: '^[a-z]+$' },
        ],
      },
      size: {
        anyOf: [
          { type: 'integer', minimum: 1 },
          { type: 'number', maximum: 0 },
        ],
      },
      name: { type: 'string', minLength: 2 },
    });
    expect(geminiLint(projected)).toContain(
      '/properties/size/anyOf alternatives of type string can never match type "number"; dropped',
    );
    // What the projection dropped could never have been accepted: the parser agrees.
    expect(() => validator.parse({ size: 'big' })).toThrow(/size/);
  });

  it('a type list beside anyOf keeps only the alternatives of a listed type', () => {
    const projected = projectSchema(
      {
        type: 'object',
        properties: {
          value: {
            type: ['string', 'integer', 'null'],
            anyOf: [{ type: 'string' }, { type: 'boolean' }, {}],
          },
        },
      },
      'gemini',
    );
    expect(typeBesideAnyOf(projected)).toEqual([]);
    expect(projected.properties).toEqual({
      value: { anyOf: [{ type: 'string' }, { type: 'string' }, { type: 'integer' }], nullable: true },
    });
  });

  it('a TypeBox intersection of a string with a union of strings projects without a type beside anyOf', () => {
    const schema = Type.Object({
      code: Type.Intersect([Type.String(), Type.Union([Type.String({ minLength: 3 }), Type.Number()])]),
    });
    const projected = projectSchema(toJsonSchema(schema), 'gemini');
    expect(typeBesideAnyOf(projected)).toEqual([]);
    expect(projected.properties).toEqual({ code: { type: 'string', minLength: 3 } });
  });

  it('a Zod schema with a typed union projects without a type beside anyOf', () => {
    const schema = z.object({ when: z.string().and(z.union([z.string().min(1), z.number()])) });
    const projected = projectSchema(compileSchema(schema).toJsonSchema(), 'gemini');
    expect(typeBesideAnyOf(projected)).toEqual([]);
    expect(projected.properties).toEqual({ when: { type: 'string', minLength: 1 } });
  });

  it('refuses a node whose type fits none of its alternatives, naming the path and the types', () => {
    const schema = {
      type: 'object',
      properties: { port: { type: 'string', anyOf: [{ type: 'integer' }, { type: 'boolean' }] } },
    };
    let thrown: unknown;
    try {
      projectSchema(schema, 'gemini');
    } catch (error) {
      thrown = error;
    }
    expect(ToolSchemaError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(
      'cannot project to Gemini: the schema at /properties/port accepts no value (type "string" fits none of its alternatives (integer, boolean))',
    );
    // Other targets send the schema as it is.
    expect(projectSchema(schema, 'json-schema').properties).toEqual(schema.properties);
  });

  it('the lint names a type beside anyOf in a declaration that was not projected', () => {
    expect(
      geminiLint({ type: 'object', properties: { a: { type: 'string', anyOf: [{ minLength: 1 }] } } }),
    ).toEqual([
      '/properties/a/type Gemini refuses "type" next to "anyOf"; put the type into each alternative',
    ]);
  });
});

describe('Gemini: a type beside alternatives (property)', () => {
  const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
  /** One value of every JSON type: enough to tell apart schemas that constrain only types. */
  const SAMPLES: JsonValue[] = ['a', 1, 1.5, true, null, {}, []];
  const ajv = new Ajv({ strict: false });
  const acceptsOf = (schema: JsonSchema) => {
    const validate = ajv.compile(structuredClone(schema));
    return SAMPLES.map((value) => validate(value) === true);
  };
  /** Gemini's `nullable: true` read as JSON Schema, so that Ajv can check a projection. */
  const asJsonSchema = (node: JsonValue): JsonValue => {
    if (Array.isArray(node)) return node.map(asJsonSchema);
    if (node === null || typeof node !== 'object') return node;
    const { nullable, ...rest } = node as JsonSchema;
    const output = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, asJsonSchema(value)]));
    return nullable === true ? { anyOf: [output, { type: 'null' }] } : output;
  };
  const branch = fc.oneof(
    fc.constant({}),
    fc.constantFrom(...TYPES).map((type) => ({ type })),
    fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }).map((type) => ({ type })),
  );
  const node = fc.record({
    type: fc.oneof(
      fc.constantFrom(...TYPES),
      fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
    ),
    keyword: fc.constantFrom('anyOf', 'oneOf'),
    branches: fc.array(branch, { minLength: 1, maxLength: 4 }),
  });

  it('never leaves type beside anyOf, never refuses a value the schema accepts, and refuses only a schema that accepts nothing', () => {
    fc.assert(
      fc.property(node, ({ type, keyword, branches }) => {
        // oneOf's "exactly one" is not kept (Gemini has only anyOf): compare with anyOf's meaning.
        const original = { type, anyOf: branches } as JsonSchema;
        const schema = { type: 'object', properties: { v: { type, [keyword]: branches } } } as JsonSchema;
        const accepted = acceptsOf(original);
        let projected: JsonSchema;
        try {
          projected = projectSchema(schema, 'gemini');
        } catch (error) {
          expect(ToolSchemaError.isInstance(error)).toBe(true);
          expect(accepted).toEqual(SAMPLES.map(() => false));
          return;
        }
        expect(typeBesideAnyOf(projected)).toEqual([]);
        const projectedAccepts = acceptsOf(
          asJsonSchema((projected.properties as JsonSchema).v!) as JsonSchema,
        );
        accepted.forEach((yes, index) => {
          if (yes) expect(projectedAccepts[index]).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
