import { describe, expect, it } from 'vitest';
import { ToolValidationError } from './tool-validation-error.js';
import { TOOLWRIGHT_ERROR_MARKER, ToolwrightError } from './toolwright-error.js';

describe('ToolwrightError', () => {
  it('carries a code, a name per class and the cause', () => {
    const cause = new Error('underlying');
    const error = new ToolwrightError('schema_rejected', 'schema too deep', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('schema_rejected');
    expect(error.name).toBe('ToolwrightError');
    expect(error.cause).toBe(cause);
    expect('cause' in new ToolwrightError('x', 'y')).toBe(false);
  });

  it('recognises errors from another installed copy by the Symbol.for marker', () => {
    // What a second copy of this package produces: a different class with the same registered marker.
    const foreignMarker: unique symbol = Symbol.for('toolwright.error') as never;
    class ForeignCopyError extends Error {
      readonly code = 'validation_failed';
      readonly [foreignMarker] = true;
    }
    expect(TOOLWRIGHT_ERROR_MARKER).toBe(Symbol.for('toolwright.error'));
    expect(ToolwrightError.isInstance(new ForeignCopyError())).toBe(true);
    expect(ToolwrightError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolwrightError.isInstance({ code: 'x' })).toBe(false);
    expect(ToolwrightError.isInstance(null)).toBe(false);
  });

  it('gives subclasses of other packages their own name', () => {
    class RegistryProblem extends ToolwrightError {}
    const error = new RegistryProblem('duplicate_tool', 'duplicate');
    expect(error.name).toBe('RegistryProblem');
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(ToolValidationError.isInstance(error)).toBe(false);
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
