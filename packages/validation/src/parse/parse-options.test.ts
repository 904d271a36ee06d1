import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import type { ParseOptions } from '../schema/schema-validator.js';
import { parseToolSchema } from './compile-tool-schema.js';

const schema = Type.Object({ count: Type.Integer() });

/** What parse throws for `options` (as an untyped caller would pass them) on an invalid call. */
function thrown(options: unknown, input: unknown = { count: 'many' }): unknown {
  try {
    parseToolSchema(schema, input, options as ParseOptions);
  } catch (error) {
    return error;
  }
  throw new Error('parse accepted the call');
}

function optionError(options: unknown): InvalidOptionError {
  const error = thrown(options, { count: 1 });
  if (InvalidOptionError.isInstance(error)) return error;
  throw error;
}

describe('ParseOptions are checked before anything is parsed', () => {
  it("refuses locale 'fr' up front, naming it and the accepted locales, instead of a TypeError on the first issue", () => {
    const error = thrown({ locale: 'fr' });
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect(ToolValidationError.isInstance(error)).toBe(false);
    expect(error).toMatchObject({
      code: 'invalid_option',
      owner: 'ParseOptions',
      message: 'ParseOptions: locale must be one of "en", "zh-CN"; got string "fr".',
    });
    // Refused also for a valid call: the option is wrong whatever the arguments are.
    expect(optionError({ locale: 'fr' }).code).toBe('invalid_option');
  });

  it('refuses it for a foreign JSON Schema too (same options, same check)', () => {
    const validator = compileJsonSchema({ type: 'object', properties: { count: { type: 'integer' } } });
    expect(() => validator.parse({ count: 'x' }, { locale: 'fr' } as unknown as ParseOptions)).toThrow(
      'ParseOptions: locale must be one of "en", "zh-CN"; got string "fr".',
    );
  });

  it('still speaks both accepted locales', () => {
    expect((thrown({ locale: 'zh-CN' }) as ToolValidationError).message).toMatch(/^参数无效（1 个问题）/);
    expect((thrown({ locale: 'en' }) as ToolValidationError).message).toMatch(
      /^Invalid arguments \(1 problem\)/,
    );
  });

  it('refuses an unknown option by name, with the nearest known name (the shared wording)', () => {
    expect(optionError({ localle: 'zh-CN' }).message).toBe(
      'ParseOptions: unknown option "localle" (did you mean "locale"?); accepted: toolName, coerce, unknownArguments, nullAsAbsent, locale, limits.',
    );
    expect(optionError({ limits: { maxByte: 10 } }).message).toBe(
      'ParseOptions: unknown option "limits.maxByte" (did you mean "limits.maxBytes"?); accepted: limits.maxBytes, limits.maxDepth.',
    );
  });

  it('refuses values that would otherwise be misread: a coerce or policy typo, a non-boolean, a limit that switched the cap off', () => {
    expect(optionError({ coerce: 'unsafe' }).message).toBe(
      'ParseOptions: coerce must be one of "safe", "none"; got string "unsafe" (did you mean "safe"?).',
    );
    expect(optionError({ unknownArguments: 'ignore' }).message).toBe(
      'ParseOptions: unknownArguments must be one of "reject", "strip"; got string "ignore".',
    );
    expect(optionError({ nullAsAbsent: 'yes' }).message).toBe(
      'ParseOptions: nullAsAbsent must be true or false; got string "yes".',
    );
    expect(optionError({ toolName: 42 }).message).toBe(
      'ParseOptions: toolName must be a string; got integer 42.',
    );
    expect(optionError({ limits: { maxBytes: Number.NaN } }).message).toBe(
      'ParseOptions: limits.maxBytes must be an integer from 1 up; got number NaN.',
    );
    expect(optionError({ limits: { maxDepth: 0 } }).message).toBe(
      'ParseOptions: limits.maxDepth must be an integer from 1 up; got integer 0.',
    );
  });

  it('refuses options that are not an object', () => {
    expect(optionError(null).message).toBe('ParseOptions: options must be an object; got null.');
    expect(optionError('strict').message).toBe(
      'ParseOptions: options must be an object; got string "strict".',
    );
  });

  it('accepts every documented option, and a frozen options object is reused as checked', () => {
    const options: ParseOptions = Object.freeze({
      toolName: 'Count',
      coerce: 'none',
      unknownArguments: 'strip',
      nullAsAbsent: true,
      locale: 'en',
      limits: Object.freeze({ maxBytes: 1024, maxDepth: 4 }),
    });
    expect(parseToolSchema(schema, { count: 1, extra: true }, options).value).toEqual({ count: 1 });
    expect(parseToolSchema(schema, { count: 2 }, options).value).toEqual({ count: 2 });
    expect(thrown(options, { count: '3' })).toMatchObject({ code: 'validation_failed', toolName: 'Count' });
  });

  it('checks an unfrozen options object on every call, so a later typo is still caught', () => {
    const options: Record<string, unknown> = { toolName: 'Count' };
    expect(parseToolSchema(schema, { count: 1 }, options).value).toEqual({ count: 1 });
    options.localle = 'zh-CN';
    expect(optionError(options).message).toContain('unknown option "localle"');
  });
});
