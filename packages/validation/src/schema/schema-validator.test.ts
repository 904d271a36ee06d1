import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { compileToolSchema } from '../parse/compile-tool-schema.js';
import { isSchemaValidator } from './schema-validator.js';

describe('isSchemaValidator', () => {
  it('recognises both validator kinds, and look-alikes from another installed copy', () => {
    expect(isSchemaValidator(compileToolSchema(Type.Object({})))).toBe(true);
    expect(isSchemaValidator(compileJsonSchema({ type: 'object' }))).toBe(true);
    const fromAnotherCopy = {
      specificationVersion: 'v1',
      source: 'json-schema',
      toJsonSchema: () => ({}),
      parse: () => ({}),
    };
    expect(isSchemaValidator(fromAnotherCopy)).toBe(true);
  });

  it('rejects other versions, TypeBox schemas and non-objects', () => {
    expect(
      isSchemaValidator({
        specificationVersion: 'v2',
        source: 'typebox',
        toJsonSchema: () => ({}),
        parse: () => ({}),
      }),
    ).toBe(false);
    expect(
      isSchemaValidator({
        specificationVersion: 'v1',
        source: 'zod',
        toJsonSchema: () => ({}),
        parse: () => ({}),
      }),
    ).toBe(false);
    expect(isSchemaValidator(Type.Object({}))).toBe(false);
    expect(isSchemaValidator(null)).toBe(false);
    expect(isSchemaValidator('validator')).toBe(false);
  });
});
