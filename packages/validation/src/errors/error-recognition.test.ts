// Each error class of @toolwright/validation carries its own Symbol.for marker on its prototype,
// so its static isInstance tells it apart from every other toolwright error, also when the error
// comes from a second installed copy of the package (where instanceof fails).
import { Type } from '@sinclair/typebox';
import { describe, expect, it, vi } from 'vitest';
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

/** For each class, which of `errors` its isInstance accepts. */
function recognition(recogniser: Classes, errors: ReturnType<typeof oneOfEach>) {
  return Object.fromEntries(
    SUBCLASSES.map((name) => [name, SUBCLASSES.filter((made) => recogniser[name].isInstance(errors[made]))]),
  );
}

const ownOnly = {
  ToolValidationError: ['ToolValidationError'],
  ToolSchemaError: ['ToolSchemaError'],
  InvalidOptionError: ['InvalidOptionError'],
};

describe('error recognition', () => {
  const here: Classes = { ToolwrightError, ToolValidationError, ToolSchemaError, InvalidOptionError };

  it('each class recognises its own errors and no other, and all are toolwright errors', () => {
    const errors = oneOfEach(here);
    expect(recognition(here, errors)).toEqual(ownOnly);
    expect(Object.values(errors).every((error) => ToolwrightError.isInstance(error))).toBe(true);
    // Another package's toolwright error is none of validation's classes.
    class OtherPackageError extends ToolwrightError {}
    const other = new OtherPackageError('invalid_option', 'not from validation');
    expect(SUBCLASSES.filter((name) => here[name].isInstance(other))).toEqual([]);
    expect(
      [null, undefined, 'invalid_option', { code: 'invalid_option' }].some((value) =>
        SUBCLASSES.some((name) => here[name].isInstance(value)),
      ),
    ).toBe(false);
  });

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

  it('tells the errors of a second installed copy apart just as well, where instanceof fails', async () => {
    vi.resetModules();
    const copy: Classes = {
      ...(await import('./toolwright-error.js')),
      ...(await import('./tool-validation-error.js')),
      ...(await import('./tool-schema-error.js')),
      ...(await import('./invalid-option-error.js')),
    };
    expect(copy.ToolValidationError).not.toBe(ToolValidationError);
    const fromCopy = oneOfEach(copy);
    expect(fromCopy.ToolSchemaError instanceof ToolSchemaError).toBe(false);
    expect(recognition(here, fromCopy)).toEqual(ownOnly);
    expect(recognition(copy, oneOfEach(here))).toEqual(ownOnly);
    expect(Object.values(fromCopy).every((error) => ToolwrightError.isInstance(error))).toBe(true);
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
