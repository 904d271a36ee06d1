import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { projectSchema } from '../projection/project-schema.js';
import { compileJsonSchema } from './compile-json-schema.js';

const DIALECTS = {
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
} as const;

/** A tree whose children point back at the root, the way MCP servers send nested filters. */
function treeSchema($schema: string): Record<string, unknown> {
  return {
    $schema,
    type: 'object',
    properties: {
      name: { type: 'string' },
      weight: { type: 'number' },
      children: { type: 'array', items: { $ref: '#' } },
    },
    required: ['name'],
  };
}

function validationError(run: () => unknown): ToolValidationError {
  try {
    run();
  } catch (error) {
    if (ToolValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolValidationError, nothing was thrown');
}

describe('compileJsonSchema: references into the schema itself', () => {
  for (const [dialect, $schema] of Object.entries(DIALECTS)) {
    it(`${dialect}: a root reference "$ref": "#" validates, repairs and reports at every level`, () => {
      const validator = compileJsonSchema(treeSchema($schema), undefined, { name: 'tree' });
      const call = { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] };
      expect(validator.parse(call).value).toEqual(call);

      const repaired = validator.parse({ name: 'a', children: [{ name: 'b', weight: '2.5' }] });
      expect(repaired.value).toEqual({ name: 'a', children: [{ name: 'b', weight: 2.5 }] });
      expect(repaired.coercions.map((coercion) => coercion.path)).toEqual(['/children/0/weight']);

      const error = validationError(() =>
        validator.parse({ name: 'a', children: [{ name: 'b', children: [{ nam: 'c' }] }] }),
      );
      expect(error.code).toBe('validation_failed');
      expect(error.issues.map((issue) => `${issue.path} ${issue.keyword}`).sort()).toEqual([
        '/children/0/children/0/nam additionalProperties',
        '/children/0/children/0/name required',
      ]);
    });

    it(`${dialect}: JSON-pointer references into properties, $defs and definitions resolve`, () => {
      const validator = compileJsonSchema({
        $schema,
        type: 'object',
        properties: {
          start: { type: 'integer', minimum: 0 },
          end: { $ref: '#/properties/start' },
          filter: { $ref: '#/$defs/Filter' },
          legacy: { $ref: '#/definitions/Legacy' },
        },
        $defs: {
          Filter: {
            type: 'object',
            properties: {
              field: { type: 'string' },
              and: { type: 'array', items: { $ref: '#/$defs/Filter' } },
            },
          },
        },
        definitions: { Legacy: { type: 'boolean' } },
      });
      expect(
        validator.parse({
          start: 1,
          end: '5',
          filter: { field: 'a', and: [{ field: 'b' }] },
          legacy: 'true',
        }).value,
      ).toEqual({ start: 1, end: 5, filter: { field: 'a', and: [{ field: 'b' }] }, legacy: true });
      const error = validationError(() =>
        validator.parse({ start: 1, end: -1, filter: { and: [{ field: 2 }] } }),
      );
      expect(error.issues.map((issue) => `${issue.path} ${issue.keyword}`).sort()).toEqual([
        '/end minimum',
        '/filter/and/0/field type',
      ]);
    });

    it(`${dialect}: references that leave the schema stay refused`, () => {
      for (const reference of [
        'other.json#',
        'https://example.com/tree.json',
        'urn:toolwright:input-schema',
      ]) {
        let refused: unknown;
        try {
          compileJsonSchema({ $schema, type: 'object', properties: { a: { $ref: reference } } });
        } catch (error) {
          refused = error;
        }
        expect(ToolwrightError.isInstance(refused) && refused.code).toBe('schema_rejected');
      }
    });
  }

  it('keeps a root $id the server declared (references resolve against it)', () => {
    const validator = compileJsonSchema({
      ...treeSchema(DIALECTS['draft-07']),
      $id: 'https://example.com/tree.json',
    });
    expect(validator.parse({ name: 'a', children: [{ name: 'b' }] }).value).toEqual({
      name: 'a',
      children: [{ name: 'b' }],
    });
    expect(() => validator.parse({ name: 'a', children: [{}] })).toThrow(/\/children\/0\/name/);
  });

  it('projects a root-recursive schema for Gemini with the cycle cut, and the lint names the cut', () => {
    const validator = compileJsonSchema(treeSchema(DIALECTS['2020-12']));
    const projected = projectSchema(validator.toJsonSchema(), 'gemini');
    expect(projected).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        weight: { type: 'number' },
        children: {
          type: 'array',
          items: { type: 'object', description: '(recursive structure #, not expanded)' },
        },
      },
      required: ['name'],
    });
    expect(lintToolDeclaration({ name: 'tree', description: '', parameters: projected }, 'gemini')).toEqual([
      {
        target: 'gemini',
        toolName: 'tree',
        path: '/properties/children/items',
        reason: "recursive reference # cannot be expressed in Gemini's schema; cut here",
      },
    ]);
    // The neutral projection keeps the reference; the lint reports the cycle there too.
    const neutralIssues = lintToolDeclaration(
      { name: 'tree', description: '', parameters: validator.toJsonSchema() },
      'gemini',
    );
    expect(neutralIssues.some((issue) => issue.reason.startsWith('recursive reference cycle #'))).toBe(true);
  });
});
