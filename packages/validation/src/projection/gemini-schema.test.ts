import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';
import type { JsonSchema } from '../schema/json-types.js';
import { projectSchema } from './project-schema.js';
import { toJsonSchema } from './to-json-schema.js';

/** The lint of a Gemini projection, one `path reason` line per issue. */
function geminiLint(parameters: JsonSchema): string[] {
  return lintToolDeclaration({ name: 'tool', description: '', parameters }, 'gemini').map(
    (issue) => `${issue.path} ${issue.reason}`,
  );
}

describe('Gemini: enums and consts on non-strings', () => {
  const typeboxSchema = Type.Object({
    level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    exact: Type.Literal(true),
    ratio: Type.Optional(Type.Union([Type.Literal(0.5), Type.Literal(2), Type.Null()])),
    mode: Type.Optional(Type.Union([Type.Literal('auto'), Type.Literal(1), Type.Null()])),
    kind: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('bytes')])),
  });

  it('keeps the type, moves the values into the description, and the lint names each change', () => {
    const projected = projectSchema(toJsonSchema(typeboxSchema), 'gemini');
    expect(projected.properties).toEqual({
      level: { type: 'integer', description: '(one of 1, 2, 3)' },
      exact: { type: 'boolean', description: '(must be true)' },
      ratio: { type: 'number', nullable: true, description: '(one of 0.5, 2)' },
      mode: {
        anyOf: [{ type: 'string', enum: ['auto'] }, { type: 'integer' }],
        nullable: true,
        description: '(one of "auto", 1)',
      },
      kind: { type: 'string', enum: ['text', 'bytes'] },
    });
    expect(geminiLint(projected)).toEqual([
      '/properties/level/anyOf Gemini accepts enum only for strings; one of 1, 2, 3 moved into the description (the parser still enforces it)',
      '/properties/exact/const Gemini accepts enum only for strings; must be true moved into the description (the parser still enforces it)',
      '/properties/ratio/anyOf Gemini accepts enum only for strings; one of 0.5, 2 moved into the description (the parser still enforces it)',
      '/properties/mode/anyOf Gemini accepts enum only for strings; one of "auto", 1 moved into the description (the parser still enforces it)',
    ]);
  });

  it('the call a model makes against that projection parses to the same params, and a spelled-out value maps back', () => {
    const call = { level: 2, exact: true, ratio: 0.5, mode: 1 };
    expect(parseToolSchema(typeboxSchema, call)).toEqual({ value: call, coercions: [] });
    const spelled = parseToolSchema(typeboxSchema, { level: '2', exact: 'true', ratio: '0.5', mode: '1' });
    expect(spelled.value).toEqual(call);
    expect(spelled.coercions.map((coercion) => `${coercion.path} ${coercion.kind}`)).toEqual([
      '/level string-to-number',
      '/exact string-to-boolean',
      '/ratio string-to-number',
      '/mode string-to-integer',
    ]);
    // "auto" is a listed string and stays one; a value outside the list is still refused.
    expect(parseToolSchema(typeboxSchema, { level: 1, exact: true, mode: 'auto' }).value.mode).toBe('auto');
    expect(() => parseToolSchema(typeboxSchema, { level: '4', exact: true })).toThrow(/\/level/);
    expect(() => parseToolSchema(typeboxSchema, { level: 1, exact: true, mode: '2' })).toThrow(/\/mode/);
    // With coercion off the projected call (real numbers) still passes unchanged.
    expect(parseToolSchema(typeboxSchema, call, { coerce: 'none' }).value).toEqual(call);
  });

  it('does the same for foreign JSON Schemas (integer enum, untyped enum, const)', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: {
        level: { type: 'integer', enum: [1, 2, 3] },
        untyped: { enum: [10, 20] },
        flag: { const: false },
        either: { enum: [0.5, 'auto', null] },
      },
    });
    const projected = projectSchema(validator.toJsonSchema(), 'gemini');
    expect(projected.properties).toEqual({
      level: { type: 'integer', description: '(one of 1, 2, 3)' },
      untyped: { type: 'integer', description: '(one of 10, 20)' },
      flag: { type: 'boolean', description: '(must be false)' },
      either: {
        anyOf: [{ type: 'number' }, { type: 'string', enum: ['auto'] }],
        nullable: true,
        description: '(one of 0.5, "auto")',
      },
    });
    expect(geminiLint(projected).every((line) => line.includes('moved into the description'))).toBe(true);
    expect(validator.parse({ level: '3', untyped: '20', flag: 'false', either: '0.5' }).value).toEqual({
      level: 3,
      untyped: 20,
      flag: false,
      either: 0.5,
    });
    expect(validator.parse({ either: 'auto' }).value).toEqual({ either: 'auto' });
  });
});

describe('Gemini: enums without a type, and shorthand schemas', () => {
  it('gives a string enum without a type `type: "string"`', () => {
    const projected = projectSchema(
      { type: 'object', properties: { color: { enum: ['red', 'green'] }, one: { const: 'x' } } },
      'gemini',
    );
    expect(projected.properties).toEqual({
      color: { type: 'string', enum: ['red', 'green'] },
      one: { type: 'string', enum: ['x'] },
    });
    expect(geminiLint(projected)).toEqual([]);
    // The lint catches the same mistake in a declaration that was not projected.
    expect(geminiLint({ type: 'object', properties: { color: { enum: ['red'] } } })).toEqual([
      '/properties/color/enum Gemini accepts an enum only with type "string"',
    ]);
  });

  it('expands a bare string shorthand ("string") into { type }, and the lint names it', () => {
    const raw = { type: 'object', properties: { name: 'string', tags: { type: 'array', items: 'string' } } };
    expect(geminiLint(raw as unknown as JsonSchema)).toEqual([
      '/properties/tags/items Gemini accepts only schema objects here, found "string"',
      '/properties/name Gemini accepts only schema objects here, found "string"',
    ]);
    const projected = projectSchema(raw as unknown as JsonSchema, 'gemini');
    expect(projected.properties).toEqual({
      name: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
    });
    expect(geminiLint(projected)).toEqual([
      '/properties/name a schema given as the bare string "string" is not accepted by Gemini; sent as { "type": "string" }',
      '/properties/tags/items a schema given as the bare string "string" is not accepted by Gemini; sent as { "type": "string" }',
    ]);
  });
});

describe('Gemini: keywords outside its Schema', () => {
  it('drops or translates every keyword Gemini rejects, naming each; title and supported formats stay', () => {
    const schema: JsonSchema = {
      type: 'object',
      title: 'Search',
      $comment: 'internal',
      properties: {
        count: { type: 'integer', format: 'int32', exclusiveMinimum: 0, exclusiveMaximum: 100, default: 10 },
        ratio: { type: 'number', format: 'float', multipleOf: 0.5 },
        email: { type: 'string', format: 'email', examples: ['a@b.c', 'd@e.f'] },
        labels: {
          type: 'object',
          propertyNames: { pattern: '^[a-z]+$' },
          patternProperties: { '^x-': { type: 'string' } },
          additionalProperties: { type: 'string' },
        },
        card: { type: 'string', not: { const: '' } },
        shape: {
          type: 'object',
          properties: { kind: { type: 'string' }, radius: { type: 'number' } },
          dependentRequired: { radius: ['kind'] },
          if: { properties: { kind: { const: 'circle' } } },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, the keyword under test.
          then: { required: ['radius'] },
          else: {},
        },
      },
      additionalProperties: false,
    };
    const projected = projectSchema(schema, 'gemini');
    expect(projected).toEqual({
      type: 'object',
      title: 'Search',
      properties: {
        count: {
          type: 'integer',
          format: 'int32',
          description: '(greater than 0; less than 100; default 10)',
        },
        ratio: { type: 'number', format: 'float', description: '(a multiple of 0.5)' },
        email: { type: 'string', example: 'a@b.c', description: '(format "email")' },
        labels: { type: 'object' },
        card: { type: 'string' },
        shape: { type: 'object', properties: { kind: { type: 'string' }, radius: { type: 'number' } } },
      },
    });
    expect(geminiLint(projected).sort()).toEqual(
      [
        '/$comment Gemini does not accept "$comment"; dropped (the parser still enforces it)',
        '/properties/count/exclusiveMinimum Gemini does not accept "exclusiveMinimum"; moved into the description as "greater than 0"',
        '/properties/count/exclusiveMaximum Gemini does not accept "exclusiveMaximum"; moved into the description as "less than 100"',
        '/properties/ratio/multipleOf Gemini does not accept "multipleOf"; moved into the description as "a multiple of 0.5"',
        '/properties/email/format Gemini accepts format only as enum/date-time for string, float/double/int32/int64 for number, int32/int64 for integer; format "email" moved into the description',
        '/properties/email/examples Gemini does not accept "examples"; the first one is sent as "example"',
        '/properties/labels/propertyNames Gemini does not accept "propertyNames"; dropped (the parser still enforces it)',
        '/properties/labels/patternProperties Gemini does not accept "patternProperties"; dropped (the parser still enforces it)',
        '/properties/labels/additionalProperties Gemini does not accept "additionalProperties"; the schema of extra keys is dropped',
        '/properties/card/not Gemini does not accept "not"; dropped (the parser still enforces it)',
        '/properties/shape/dependentRequired Gemini does not accept "dependentRequired"; dropped (the parser still enforces it)',
        '/properties/shape/if Gemini does not accept "if"; dropped (the parser still enforces it)',
        '/properties/shape/then Gemini does not accept "then"; dropped (the parser still enforces it)',
        '/properties/shape/else Gemini does not accept "else"; dropped (the parser still enforces it)',
      ].sort(),
    );
  });

  it('a default moved into words is still filled by the parser', () => {
    const schema = Type.Object({ limit: Type.Optional(Type.Integer({ default: 2000 })) });
    const projected = projectSchema(toJsonSchema(schema), 'gemini');
    expect(projected.properties).toEqual({ limit: { type: 'integer', description: '(default 2000)' } });
    expect(JSON.stringify(projected)).not.toContain('"default"');
    expect(parseToolSchema(schema, {}).value).toEqual({ limit: 2000 });
  });
});

describe('Gemini: tuples and arrays', () => {
  it('sends a tuple as one items schema (Gemini rejects arrays without one), the order in words', () => {
    const schema = toJsonSchema(Type.Object({ point: Type.Tuple([Type.String(), Type.Integer()]) }));
    const projected = projectSchema(schema, 'gemini');
    expect(projected.properties).toEqual({
      point: {
        type: 'array',
        items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        minItems: 2,
        maxItems: 2,
        description: '(a list of exactly 2 items, in this order: string, integer)',
      },
    });
    expect(geminiLint(projected)).toEqual([
      '/properties/point/items Gemini does not accept a tuple (a list of item schemas); sent as one items schema, the order in words',
      '/properties/point/additionalItems Gemini does not accept "additionalItems"; dropped (the parser still enforces it)',
    ]);
    expect(
      parseToolSchema(Type.Object({ point: Type.Tuple([Type.String(), Type.Integer()]) }), {
        point: ['a', 1],
      }).value,
    ).toEqual({ point: ['a', 1] });
  });

  it('the lint reports an array without items', () => {
    expect(geminiLint({ type: 'object', properties: { list: { type: 'array' } } })).toEqual([
      '/properties/list Gemini needs one "items" schema on every array ("items: missing field")',
    ]);
  });
});
