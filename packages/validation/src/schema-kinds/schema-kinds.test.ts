import { Type as Type034 } from '@sinclair/typebox';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type from 'typebox';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { compileToolSchema } from '../parse/compile-tool-schema.js';
import type { SchemaValidator } from '../schema/schema-validator.js';
import { compileSchema } from './compile-schema.js';
import { schemaKindOf } from './schema-kind.js';

/** The same tool params written with every library: path (non-empty), limit (integer >= 1, default 10), mode. */
const kinds = {
  'typebox 0.34': Type034.Object({
    path: Type034.String({ minLength: 1 }),
    limit: Type034.Optional(Type034.Integer({ minimum: 1, default: 10 })),
    mode: Type034.Optional(Type034.Union([Type034.Literal('fast'), Type034.Literal('full')])),
  }),
  'typebox 1': Type.Object({
    path: Type.String({ minLength: 1 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 10 })),
    mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('full')])),
  }),
  zod: z.object({
    path: z.string().min(1),
    limit: z.number().int().min(1).default(10),
    mode: z.enum(['fast', 'full']).optional(),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      path: v.pipe(v.string(), v.minLength(1)),
      limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 10),
      mode: v.optional(v.picklist(['fast', 'full'])),
    }),
  ),
  arktype: type({ path: 'string > 0', limit: 'number.integer >= 1 = 10', 'mode?': "'fast' | 'full'" }),
  'json schema': {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1 },
      limit: { type: 'integer', minimum: 1, default: 10 },
      mode: { type: 'string', enum: ['fast', 'full'] },
    },
    required: ['path'],
  },
} as const;

const expectedKind = {
  'typebox 0.34': 'typebox',
  'typebox 1': 'typebox-1',
  zod: 'standard-schema',
  valibot: 'standard-schema',
  arktype: 'standard-schema',
  'json schema': 'json-schema',
} as const;

function rejection(validator: SchemaValidator, input: unknown, options?: object): ToolValidationError {
  try {
    validator.parse(input, { toolName: 'Read', ...options });
  } catch (error) {
    if (ToolValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('parse accepted the input');
}

describe.each(Object.entries(kinds))('schema kind: %s', (label, schema) => {
  const validator = compileSchema(schema, { name: 'Read' });

  it('is recognised by duck typing', () => {
    expect(schemaKindOf(schema)).toBe(expectedKind[label as keyof typeof expectedKind]);
  });

  it('accepts valid input and fills defaults without touching the input', () => {
    const input = Object.freeze({ path: 'a.txt' });
    expect(validator.parse(input)).toEqual({ value: { path: 'a.txt', limit: 10 }, coercions: [] });
  });

  it('coerces lossless drift and reports it', () => {
    const result = validator.parse({ path: 'a.txt', limit: '5' });
    expect(result.value).toEqual({ path: 'a.txt', limit: 5 });
    expect(result.coercions).toEqual([
      { path: '/limit', from: 'string "5"', to: 'integer 5', kind: 'string-to-integer' },
    ]);
  });

  it('refuses unknown arguments with a did-you-mean, or strips them when asked', () => {
    const error = rejection(validator, { path: 'a.txt', limt: 5 });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: '/limt', keyword: 'additionalProperties', received: 'integer 5' }),
    ]);
    expect(error.message).toContain('did you mean "limit"?');
    const stripped = validator.parse({ path: 'a.txt', limt: 5 }, { unknownArguments: 'strip' });
    expect(stripped.value).toEqual({ path: 'a.txt', limit: 10 });
    expect(stripped.coercions).toEqual([expect.objectContaining({ path: '/limt', kind: 'strip-unknown' })]);
  });

  it('reports every issue in one shape: pointer, keyword, expected, capped preview', () => {
    const error = rejection(validator, { path: '', limit: 0, mode: 'slow' });
    expect(error.code).toBe('validation_failed');
    const byPath = Object.fromEntries(error.issues.map((issue) => [issue.path, issue]));
    expect(Object.keys(byPath).sort()).toEqual(['/limit', '/mode', '/path']);
    expect(byPath['/path']).toMatchObject({ keyword: 'minLength', received: 'string ""' });
    expect(byPath['/limit']).toMatchObject({ keyword: 'minimum', received: 'integer 0' });
    expect(byPath['/limit']?.expected).toContain('1');
    expect(byPath['/mode']?.expected).toContain('fast');
    expect(error.message).toContain('Invalid arguments for tool "Read"');
  });

  it('reports a missing required argument', () => {
    const error = rejection(validator, {});
    expect(error.issues).toEqual([expect.objectContaining({ path: '/path', keyword: 'required' })]);
  });

  it('caps the preview of what was received', () => {
    const error = rejection(validator, { path: 'a', mode: 'x'.repeat(5000) });
    expect(error.issues[0]!.received.length).toBeLessThan(200);
  });

  it('guards the arguments before the vendor sees them', () => {
    const hostile = JSON.parse('{"path":"a","__proto__":{"polluted":true}}');
    expect(rejection(validator, hostile).code).toBe('arguments_forbidden_key');
    expect(rejection(validator, { path: 'x'.repeat(2_000_000) }).code).toBe('arguments_too_large');
  });

  it('maps null to absent for an optional field under nullAsAbsent', () => {
    expect(validator.parse({ path: 'a', mode: null }, { nullAsAbsent: true }).value).toEqual({
      path: 'a',
      limit: 10,
    });
  });

  it('declares the JSON Schema of the schema itself (closed, defaults as the library writes them)', () => {
    const projected = validator.toJsonSchema();
    expect(projected).toMatchObject({
      type: 'object',
      required: ['path'],
      additionalProperties: false,
      properties: { path: { type: 'string', minLength: 1 }, limit: { minimum: 1 } },
    });
    // ArkType's own JSON Schema leaves defaults out (it still applies them when validating).
    const defaultDeclared = (projected.properties as Record<string, Record<string, unknown>>).limit;
    expect(defaultDeclared?.default).toBe(label === 'arktype' ? undefined : 10);
  });
});

describe('Standard Schema specifics', () => {
  it('keeps a refinement message, the only place its rule is written', () => {
    const schema = z
      .object({ password: z.string(), confirm: z.string() })
      .refine((value) => value.password === value.confirm, {
        message: 'passwords must match',
        path: ['confirm'],
      });
    const error = rejection(compileSchema(schema), { password: 'a', confirm: 'b' });
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: '/confirm',
        keyword: 'custom',
        message: 'passwords must match',
        received: 'string "b"',
      }),
    ]);
  });

  it('returns the vendor output (transforms show through)', () => {
    const schema = z.object({ name: z.string().transform((name) => name.toUpperCase()) });
    expect(compileSchema(schema).parse({ name: 'ada' }).value).toEqual({ name: 'ADA' });
  });

  it('builds JSON-pointer paths from PathSegment objects (Valibot) in nested arrays', () => {
    const schema = toStandardJsonSchema(
      v.object({ edits: v.array(v.object({ old: v.pipe(v.string(), v.minLength(1)) })) }),
    );
    const error = rejection(compileSchema(schema), { edits: [{ old: 'a' }, { old: '' }] });
    expect(error.issues).toEqual([expect.objectContaining({ path: '/edits/1/old', keyword: 'minLength' })]);
  });

  it('turns Zod strict objects unknown keys into did-you-mean issues', () => {
    const schema = z.strictObject({ path: z.string() });
    const error = rejection(compileSchema(schema), { path: 'a', pth: 'b' });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: '/pth', keyword: 'additionalProperties' }),
    ]);
    expect(error.message).toContain('did you mean "path"?');
  });

  it('refuses an asynchronous validator when compiled, and guards parse too', () => {
    const asyncZod = z.object({ path: z.string().refine(async () => true) });
    expect(() => compileSchema(asyncZod)).toThrow(/returned a Promise/);
    try {
      compileSchema(asyncZod);
    } catch (error) {
      expect(ToolSchemaError.isInstance(error) && error.code).toBe('schema_rejected');
    }
    // A validator that turns asynchronous only later: parse refuses with an error that says so.
    let calls = 0;
    const sneaky = {
      '~standard': {
        version: 1,
        vendor: 'sneaky',
        validate: (value: unknown) => (++calls > 2 ? Promise.resolve({ value }) : { value }),
        jsonSchema: {
          input: () => ({ type: 'object', properties: { a: { type: 'string' } } }),
          output: () => ({}),
        },
      },
    } as const;
    const validator = compileSchema(sneaky);
    const error = rejection(validator, { a: 'x' });
    expect(error.code).toBe('schema_compile_failed');
    expect(error.message).toContain('returned a Promise');
  });

  it('turns a refinement that throws into a ToolValidationError naming the validator', () => {
    const throwing = {
      '~standard': {
        version: 1,
        vendor: 'custom',
        validate: (value: unknown) => {
          if ((value as { path?: unknown } | undefined)?.path === 'boom')
            throw new TypeError('cannot read the disk');
          return { value };
        },
        jsonSchema: {
          input: () => ({ type: 'object', properties: { path: { type: 'string' } } }),
          output: () => ({}),
        },
      },
    } as const;
    const error = rejection(compileSchema(throwing, { name: 'Read' }), { path: 'boom' });
    expect(error.code).toBe('schema_compile_failed');
    expect(error.message).toContain('(custom) threw while validating: cannot read the disk');
    // Zod catches the throw itself and answers with a (rejected) Promise: refused as asynchronous.
    const zod = z.object({ path: z.string() }).refine((value) => {
      if (value.path === 'boom') throw new TypeError('cannot read the disk');
      return true;
    });
    const zodError = rejection(compileSchema(zod, { name: 'Read' }), { path: 'boom' });
    expect(zodError.message).toContain('returned a Promise');
  });

  it('reports an unknown key of a tagged union against the member its tag names', () => {
    const schema = z.object({
      change: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('add'), text: z.string() }),
        z.object({ kind: z.literal('remove'), line: z.number() }),
      ]),
    });
    const error = rejection(compileSchema(schema), { change: { kind: 'remove', lines: 2 } });
    expect(error.issues[0]).toMatchObject({ path: '/change/lines', keyword: 'additionalProperties' });
    expect(error.message).toContain('did you mean "line"?');
    // A rule broken inside the member: what was expected comes from that member's schema.
    const inside = rejection(compileSchema(schema), { change: { kind: 'remove', line: 'two' } });
    expect(inside.issues).toEqual([
      expect.objectContaining({
        path: '/change/line',
        keyword: 'type',
        expected: 'number',
        message: 'expected number, received string "two"',
      }),
    ]);
  });

  it('refuses a schema its vendor cannot express as JSON Schema', () => {
    expect(() => compileSchema(z.object({ when: z.date() }))).toThrow(/cannot be expressed as JSON Schema/);
  });

  it('refuses a Standard Schema without Standard JSON Schema, naming the fix', () => {
    const bare = v.object({ a: v.string() });
    expect(() => compileSchema(bare)).toThrow(/toStandardJsonSchema/);
  });
});

describe('recognition', () => {
  it('refuses a value of no accepted kind, naming the kinds', () => {
    for (const value of [null, 5, 'object', [], { properties: 5 }, new Map()]) {
      expect(() => compileSchema(value)).toThrow(
        /expected a TypeBox schema .*Standard Schema.*plain JSON Schema/,
      );
    }
  });

  it('passes a SchemaValidator through and keeps the TypeBox 0.34 compiled path', () => {
    const validator = compileJsonSchema({ type: 'object' });
    expect(compileSchema(validator)).toBe(validator);
    const schema = Type034.Object({ a: Type034.String() });
    expect(compileSchema(schema)).toBe(compileToolSchema(schema));
  });

  it('refuses TypeBox 1 kinds and refinements a JSON Schema check cannot honour', () => {
    expect(() => compileSchema(Type.Object({ a: Type.BigInt() }))).toThrow(/Type.BigInt .* has no JSON form/);
    const refined = Type.Object({ a: Type.Refine(Type.String(), (value) => value.length > 2) });
    expect(() => compileSchema(refined)).toThrow(/Type.Refine/);
  });
});
