// A schema screened once (as the MCP adapter's catalog screen does) and compiled from that
// screen's report: the same validator compileJsonSchema would give, and no way to slip an
// unscreened schema past the screen.
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { compileJsonSchema, compileScreenedJsonSchema } from './compile-json-schema.js';
import { screenJsonSchema } from './prescreen-json-schema.js';

const search = {
  type: 'object',
  properties: { query: { type: 'string' }, limit: { type: 'integer', default: 10 } },
  required: ['query'],
};

function screened(schema: unknown) {
  const { report, refusal } = screenJsonSchema(schema);
  if (report === undefined) throw new Error(`refused: ${refusal.problem}`);
  return report;
}

describe('compileScreenedJsonSchema', () => {
  it('validates, fills defaults and projects exactly as compileJsonSchema does', () => {
    const once = compileScreenedJsonSchema(screened(search), { name: 'search' });
    const twice = compileJsonSchema(search, undefined, { name: 'search' });

    expect(once.parse({ query: 'x' })).toEqual(twice.parse({ query: 'x' }));
    expect(once.parse({ query: 'x' }).value).toEqual({ query: 'x', limit: 10 });
    expect(once.toJsonSchema()).toEqual(twice.toJsonSchema());
  });

  it('rejects bad arguments on its first parse, naming the tool, as compileJsonSchema does', () => {
    const validator = compileScreenedJsonSchema(screened(search), { name: 'search' });
    const error = thrownBy(() => validator.parse({ limit: 3 }), ToolValidationError);
    const expected = thrownBy(
      () => compileJsonSchema(search, undefined, { name: 'search' }).parse({ limit: 3 }),
      ToolValidationError,
    );

    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(expected.message);
    expect(error.message).toContain('query');
  });

  it('compiles the screened copy: changing the schema after the screen changes nothing', () => {
    const schema = structuredClone(search);
    const report = screened(schema);
    (schema.properties.query as Record<string, unknown>).type = 'number';
    schema.required = [];

    const validator = compileScreenedJsonSchema(report);
    expect(validator.parse({ query: 'text' }).value).toEqual({ query: 'text', limit: 10 });
    expect(() => validator.parse({})).toThrow(ToolValidationError);
  });

  it('refuses a report the screen did not make, so no schema skips the screen', () => {
    const forged = { ...screened(search), copy: { type: 'object', $ref: 'https://example.com/s.json' } };

    const error = thrownBy(() => compileScreenedJsonSchema(forged), ToolwrightError);
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe(
      'compileScreenedJsonSchema: the report is not one screenJsonSchema returned; pass `screenJsonSchema(schema, limits).report`, or call compileJsonSchema(schema, limits) to screen and compile in one step',
    );
  });

  it('refuses an unknown option by name, as compileJsonSchema does', () => {
    const error = thrownBy(
      () => compileScreenedJsonSchema(screened(search), { nmae: 'x' } as never),
      ToolwrightError,
    );
    expect(error.code).toBe('invalid_option');
    expect(error.message).toContain('nmae');
  });
});
