import { ToolwrightError as UtilsToolwrightError } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
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
