import { inspect } from 'node:util';
import { Type } from '@sinclair/typebox';
import { thrownBy } from '@toolwright/test-support';
import { ToolwrightError as UtilsToolwrightError } from '@toolwright/utils';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';
import { compileSchema } from '../schema-kinds/compile-schema.js';
import { ToolValidationError } from './tool-validation-error.js';
import { TOOLWRIGHT_ERROR_MARKER, ToolwrightError } from './toolwright-error.js';

describe('ToolwrightError', () => {
  it('is the root of @toolwright/utils itself, not a copy: one class, one isInstance', () => {
    expect(ToolwrightError).toBe(UtilsToolwrightError);
    expect(
      UtilsToolwrightError.isInstance(new ToolValidationError('validation_failed', 'bad', { issues: [] })),
    ).toBe(true);
  });

  it('keeps the deprecated TOOLWRIGHT_ERROR_MARKER set on every toolwright error', () => {
    expect(TOOLWRIGHT_ERROR_MARKER).toBe(Symbol.for('toolwright.error'));
    const error = new ToolValidationError('validation_failed', 'bad', { issues: [] });
    expect((error as unknown as Record<symbol, unknown>)[TOOLWRIGHT_ERROR_MARKER]).toBe(true);
  });
});

describe('ToolValidationError', () => {
  it('is a ToolwrightError with a tool name and frozen issues', () => {
    const issues = [
      { path: '/a', keyword: 'type', message: 'expected string', expected: 'string', received: 'integer 1' },
    ];
    const error = new ToolValidationError('validation_failed', 'bad', { toolName: 'Read', issues });
    issues[0]!.path = '/changed';
    expect(error.issues[0]?.path).toBe('/a');
    expect(Object.isFrozen(error.issues)).toBe(true);
    expect(Object.isFrozen(error.issues[0])).toBe(true);
    expect(error.toolName).toBe('Read');
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(ToolValidationError.isInstance(error)).toBe(true);
    expect(error.name).toBe('ToolValidationError');
  });
});

describe('the issues of a refused call', () => {
  const refusals: Record<string, () => unknown> = {
    'a Standard Schema library (Valibot)': () =>
      compileSchema(
        toStandardJsonSchema(v.object({ name: v.pipe(v.string(), v.minLength(1)), count: v.number() })),
      ).parse({ name: '', count: 'x', extra: 1 }),
    'a TypeBox schema': () =>
      parseToolSchema(Type.Object({ name: Type.String({ minLength: 1 }) }), { name: '', extra: 1 }),
    'a foreign JSON Schema': () =>
      compileJsonSchema({
        type: 'object',
        properties: { name: { type: 'string', minLength: 1 } },
        additionalProperties: false,
      }).parse({ name: '', extra: 1 }),
    'the argument guard': () => parseToolSchema(Type.Object({}), []),
  };

  for (const [source, refuse] of Object.entries(refusals)) {
    it(`are frozen, each with the five fields in order, refusing through ${source}`, () => {
      const error = thrownBy(refuse, ToolValidationError);
      expect(error.issues.length).toBeGreaterThan(0);
      expect(Object.isFrozen(error.issues)).toBe(true);
      for (const issue of error.issues) {
        expect(Object.isFrozen(issue)).toBe(true);
        expect(Object.keys(issue)).toEqual(['path', 'keyword', 'message', 'expected', 'received']);
      }
    });
  }

  // The message is made before the error is: a message computed on first read (an accessor)
  // would be lost by structuredClone, which a worker's postMessage uses, and would show as a
  // getter to anything reading the property's descriptor.
  it('carries the whole message as a plain property, wherever the error is read or copied', () => {
    const error = thrownBy(refusals['a Standard Schema library (Valibot)']!, ToolValidationError);
    expect(error.message).toBe(
      [
        'Invalid arguments (3 problems); fix and call again:',
        '- /extra: unknown argument "extra"; accepted arguments: name, count',
        '- /name: expected string of at least 1 character, received string ""',
        '- /count: expected number, received string "x"',
      ].join('\n'),
    );
    expect(Object.getOwnPropertyDescriptor(error, 'message')).toMatchObject({
      value: error.message,
      enumerable: false,
    });
    expect(error.stack?.startsWith(`ToolValidationError: ${error.message}`)).toBe(true);
    expect(String(error)).toBe(`ToolValidationError: ${error.message}`);
    expect(inspect(error)).toContain(error.message);
    expect(structuredClone(error).message).toBe(error.message);
    expect(JSON.parse(JSON.stringify(error)).issues).toEqual(error.issues);
  });
});
