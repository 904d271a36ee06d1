import { type Static, Type } from '@sinclair/typebox';
import { describe, expectTypeOf, it } from 'vitest';
import { compileJsonSchema } from './foreign/compile-json-schema.js';
import { compileToolSchema, parseToolSchema } from './parse/compile-tool-schema.js';
import type { ParseResult, SchemaValidator, SchemaValidatorV1 } from './schema/schema-validator.js';

const schema = Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer()) });

describe('SchemaValidator', () => {
  it('is the v1 interface under its current name', () => {
    expectTypeOf<SchemaValidator<{ a: string }>>().toEqualTypeOf<SchemaValidatorV1<{ a: string }>>();
    expectTypeOf<SchemaValidatorV1['specificationVersion']>().toEqualTypeOf<'v1'>();
  });

  it('carries the TypeBox static type from compile to parse', () => {
    expectTypeOf(compileToolSchema(schema)).toEqualTypeOf<SchemaValidator<Static<typeof schema>>>();
    expectTypeOf(parseToolSchema(schema, {})).toEqualTypeOf<ParseResult<{ path: string; limit?: number }>>();
  });

  it('gives a foreign JSON Schema a record of unknown values', () => {
    expectTypeOf(compileJsonSchema({ type: 'object' })).toEqualTypeOf<
      SchemaValidator<Record<string, unknown>>
    >();
  });
});
