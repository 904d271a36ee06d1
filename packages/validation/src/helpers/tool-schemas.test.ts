import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';
import { projectSchema } from '../projection/project-schema.js';
import { toJsonSchema } from '../projection/to-json-schema.js';
import { PROVIDER_TARGETS } from '../schema/json-types.js';
import { ToolSchemas } from './tool-schemas.js';

describe('ToolSchemas', () => {
  const schema = Type.Object({
    file_path: ToolSchemas.filePath(),
    dir: Type.Optional(ToolSchemas.directoryPath({ description: 'Where to search' })),
    glob: Type.Optional(ToolSchemas.globPattern()),
    regex: Type.Optional(ToolSchemas.regexPattern()),
    line: Type.Optional(ToolSchemas.lineNumber()),
    offset: Type.Optional(ToolSchemas.offset()),
    limit: Type.Optional(ToolSchemas.limit({ maximum: 5000, default: 2000 })),
    timeout: Type.Optional(ToolSchemas.timeoutMs({ maximum: 600_000 })),
    url: Type.Optional(ToolSchemas.url()),
    command: Type.Optional(ToolSchemas.command()),
    mode: Type.Optional(ToolSchemas.stringEnum(['content', 'files_with_matches', 'count'])),
  });

  it('constrain what built-in tools share and describe it for the model', () => {
    expect(parseToolSchema(schema, { file_path: '/a', line: '3', mode: 'count' }).value).toEqual({
      file_path: '/a',
      line: 3,
      mode: 'count',
      limit: 2000,
    });
    // Each bad value is refused by the very constraint the helper sets, at its own path.
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ file_path: '' }, '/file_path', 'minLength'],
      [{ file_path: '/a', line: 0 }, '/line', 'minimum'],
      [{ file_path: '/a', offset: -1 }, '/offset', 'minimum'],
      [{ file_path: '/a', limit: 5001 }, '/limit', 'maximum'],
      [{ file_path: '/a', url: 'file:///etc/passwd' }, '/url', 'pattern'],
      [{ file_path: '/a', mode: 'all' }, '/mode', 'anyOf'],
      [{ file_path: 'x'.repeat(4097) }, '/file_path', 'maxLength'],
    ];
    for (const [bad, path, keyword] of refusals) {
      let issues: unknown;
      try {
        parseToolSchema(schema, bad);
      } catch (error) {
        issues = ToolValidationError.isInstance(error) ? error.issues : error;
      }
      expect(issues, JSON.stringify(bad).slice(0, 60)).toEqual([expect.objectContaining({ path, keyword })]);
    }
    const properties = toJsonSchema(schema).properties as Record<string, Record<string, unknown>>;
    expect(properties.file_path).toEqual({
      minLength: 1,
      maxLength: 4096,
      description: 'Absolute path of the file',
      type: 'string',
    });
    expect(properties.dir?.description).toBe('Where to search');
    expect(properties.mode?.description).toBe('One of: content, files_with_matches, count');
  });

  it('return a fresh schema per call', () => {
    expect(ToolSchemas.filePath()).not.toBe(ToolSchemas.filePath());
  });

  it('project cleanly for every provider', () => {
    for (const target of PROVIDER_TARGETS) {
      for (const strict of [false, true]) {
        const parameters = projectSchema(toJsonSchema(schema), target, { strict });
        expect(
          lintToolDeclaration({ name: 'Grep', description: 'Search', parameters, strict }, target),
        ).toEqual([]);
      }
    }
  });
});
