import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names (a change here is a visible API change)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'DEFAULT_ARGUMENT_LIMITS',
      'DEFAULT_JSON_SCHEMA_LIMITS',
      'InvalidOptionError',
      'MESSAGE_LOCALES',
      'PORTABLE_TOOL_NAME',
      'PROVIDER_TARGETS',
      'TOOLWRIGHT_ERROR_MARKER',
      'ToolSchemaError',
      'ToolSchemas',
      'ToolValidationError',
      'ToolwrightError',
      'ValidationErrorCode',
      'compileJsonSchema',
      'compileToolSchema',
      'detectSensitivePath',
      'filterSensitive',
      'isSchemaValidator',
      'lintToolDeclaration',
      'parseToolSchema',
      'projectSchema',
      'toJsonSchema',
    ]);
  });
});
