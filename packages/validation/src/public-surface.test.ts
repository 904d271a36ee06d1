import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names (a change here is a visible API change)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'ACCEPTED_SCHEMA_KINDS',
      'DEFAULT_ARGUMENT_LIMITS',
      'DEFAULT_JSON_SCHEMA_LIMITS',
      'InvalidOptionError',
      'JSON_SCHEMA_TYPES',
      'MESSAGE_LOCALES',
      'PORTABLE_TOOL_NAME',
      'PROVIDER_TARGETS',
      'StandardSchemaValidator',
      'TOOLWRIGHT_ERROR_MARKER',
      'ToolSchemaError',
      'ToolSchemas',
      'ToolValidationError',
      'ToolwrightError',
      'ValidationErrorCode',
      'compileJsonSchema',
      'compileLinearRegExp',
      'compileSchema',
      'compileScreenedJsonSchema',
      'compileToolSchema',
      'detectSensitivePath',
      'filterSensitive',
      'findUnknownSchemaType',
      'isSchemaValidator',
      'isStandardJsonSchema',
      'isStandardSchema',
      'isTypeBox034Schema',
      'isTypeBox1Schema',
      'lintToolDeclaration',
      'objectRootKnown',
      'parseToolSchema',
      'projectSchema',
      'schemaKindOf',
      'screenJsonSchema',
      'screenedJsonSchemaOf',
      'toJsonSchema',
    ]);
  });
});
