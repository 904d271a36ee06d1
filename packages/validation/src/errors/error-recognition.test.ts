// The markers of validation's error classes, and what the package really throws. That every
// exported class is recognised across a second installed copy, and by no other class, is the
// workspace's error-brand test (tests/error-brands.test.ts), for every package at once.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { compileToolSchema, parseToolSchema } from '../parse/compile-tool-schema.js';
import { projectSchema } from '../projection/project-schema.js';
import { InvalidOptionError } from './invalid-option-error.js';
import { ToolSchemaError } from './tool-schema-error.js';
import { ToolValidationError } from './tool-validation-error.js';
import { ToolwrightError } from './toolwright-error.js';

type Classes = {
  ToolwrightError: typeof ToolwrightError;
  ToolValidationError: typeof ToolValidationError;
  ToolSchemaError: typeof ToolSchemaError;
  InvalidOptionError: typeof InvalidOptionError;
};

/** One error of each class, made by the given copy of the package. */
function oneOfEach(copy: Classes) {
  return {
    ToolValidationError: new copy.ToolValidationError('validation_failed', 'bad', { issues: [] }),
    ToolSchemaError: new copy.ToolSchemaError('schema_rejected', 'too deep'),
    InvalidOptionError: new copy.InvalidOptionError('ParseOptions', 'ParseOptions: unknown option "x".'),
  };
}

const SUBCLASSES = ['ToolValidationError', 'ToolSchemaError', 'InvalidOptionError'] as const;

describe('error recognition', () => {
  const here: Classes = { ToolwrightError, ToolValidationError, ToolSchemaError, InvalidOptionError };

  it('keeps each marker on the prototype under toolwright.<package>.<Class> (and its former key), none per instance', () => {
    expect(Object.getOwnPropertySymbols(ToolwrightError.prototype)).toEqual([
      Symbol.for('toolwright.utils.ToolwrightError'),
      Symbol.for('toolwright.error'),
    ]);
    expect(Object.getOwnPropertySymbols(ToolValidationError.prototype)).toEqual([
      Symbol.for('toolwright.validation.ToolValidationError'),
      Symbol.for('toolwright.tool-validation-error'),
    ]);
    expect(Object.getOwnPropertySymbols(ToolSchemaError.prototype)).toEqual([
      Symbol.for('toolwright.validation.ToolSchemaError'),
      Symbol.for('toolwright.tool-schema-error'),
    ]);
    expect(Object.getOwnPropertySymbols(InvalidOptionError.prototype)).toEqual([
      Symbol.for('toolwright.validation.InvalidOptionError'),
      Symbol.for('toolwright.invalid-option-error'),
    ]);
    for (const error of Object.values(oneOfEach(here)))
      expect(Object.getOwnPropertySymbols(error)).toEqual([]);
  });

  it('is what the package really throws: every failure is one of its typed errors, with its code', () => {
    const caught = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const classOf = (error: unknown) => [
      SUBCLASSES.filter((name) => here[name].isInstance(error)),
      (error as { code?: unknown }).code,
    ];
    const badDefault = Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1, default: 0 })) });
    const notJson = { type: 'object', default: () => 1 };
    expect(classOf(caught(() => compileToolSchema(badDefault)))).toEqual([
      ['ToolSchemaError'],
      'schema_invalid_default',
    ]);
    expect(classOf(caught(() => compileJsonSchema('not a schema')))).toEqual([
      ['ToolSchemaError'],
      'schema_rejected',
    ]);
    expect(classOf(caught(() => projectSchema(notJson as never, 'gemini')))).toEqual([
      ['ToolSchemaError'],
      'schema_rejected',
    ]);
    expect(classOf(caught(() => parseToolSchema(Type.Object({}), [])))).toEqual([
      ['ToolValidationError'],
      'arguments_not_object',
    ]);
    expect(classOf(caught(() => parseToolSchema(Type.Object({}), {}, { locale: 'fr' } as never)))).toEqual([
      ['InvalidOptionError'],
      'invalid_option',
    ]);
  });
});
