// Every options object @toolwright/validation accepts is checked by name (and its values where a
// wrong one would be misread): a typo fails loudly, with the shared wording of @toolwright/utils,
// instead of silently leaving a default in force.
import { Type } from '@sinclair/typebox';
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { ToolSchemas } from '../helpers/tool-schemas.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { projectSchema } from '../projection/project-schema.js';
import { toJsonSchema } from '../projection/to-json-schema.js';
import { detectSensitivePath, filterSensitive } from '../sensitive/detect-sensitive-path.js';

/** The message of the `InvalidOptionError` that `run` throws (anything else fails the test). */
function refusal(run: () => unknown): string {
  const error = thrownBy(run, InvalidOptionError);
  expect(error.code).toBe('invalid_option');
  return error.message;
}

const untyped = <T>(value: unknown): T => value as T;

describe('every options object is checked by name', () => {
  it('detectSensitivePath and filterSensitive: a typo would have switched symlink following or ~ off', () => {
    expect(refusal(() => detectSensitivePath('/a', untyped({ followSymlink: false })))).toBe(
      'DetectSensitivePathOptions: unknown option "followSymlink" (did you mean "followSymlinks"?); accepted: homeDir, followSymlinks.',
    );
    expect(refusal(() => filterSensitive(['/a'], 'high', untyped({ homedir: '/home/ada' })))).toBe(
      'DetectSensitivePathOptions: unknown option "homedir" (did you mean "homeDir"?); accepted: homeDir, followSymlinks.',
    );
    expect(refusal(() => detectSensitivePath('/a', untyped({ followSymlinks: 'no' })))).toBe(
      'DetectSensitivePathOptions: followSymlinks must be true or false; got string "no".',
    );
    expect(refusal(() => detectSensitivePath(untyped(undefined)))).toBe(
      'detectSensitivePath: path must be a string; got nothing.',
    );
  });

  it('detectSensitivePath: a frozen options object (checked once, then remembered) is refused on every call while it is wrong', () => {
    const wrong = Object.freeze(untyped<object>({ followSymlink: false }));
    for (let call = 0; call < 2; call += 1) {
      expect(refusal(() => detectSensitivePath('/a', wrong))).toContain('unknown option "followSymlink"');
    }
    const right = Object.freeze({ homeDir: '/home/ada', followSymlinks: false });
    for (let call = 0; call < 2; call += 1) {
      expect(detectSensitivePath('~/.ssh/id_rsa', right)?.rule).toBe('private-key');
    }
  });

  it('filterSensitive: an unknown or missing level would have kept no path at all', () => {
    expect(refusal(() => filterSensitive(['/k/id_rsa'], untyped('hgh')))).toBe(
      'filterSensitive: minLevel must be one of "low", "medium", "high"; got string "hgh" (did you mean "high"?).',
    );
    expect(refusal(() => filterSensitive(['/k/id_rsa'], untyped(undefined)))).toBe(
      'filterSensitive: minLevel must be one of "low", "medium", "high"; got nothing.',
    );
  });

  it('compileJsonSchema: its limits and its options', () => {
    const schema = { type: 'object' };
    expect(refusal(() => compileJsonSchema(schema, untyped({ maxProperty: 2000 })))).toBe(
      'JsonSchemaLimits: unknown option "maxProperty" (did you mean "maxProperties"?); accepted: maxBytes, maxDepth, maxNodes, maxProperties, maxEnumValues.',
    );
    expect(refusal(() => compileJsonSchema(schema, { maxNodes: Number.NaN }))).toBe(
      'JsonSchemaLimits: maxNodes must be an integer from 1 up; got number NaN.',
    );
    expect(refusal(() => compileJsonSchema(schema, undefined, untyped({ nmae: 'find' })))).toBe(
      'CompileJsonSchemaOptions: unknown option "nmae" (did you mean "name"?); accepted: name.',
    );
  });

  it('projectSchema and lintToolDeclaration: an unknown target, a misspelt strict', () => {
    const parameters = toJsonSchema(Type.Object({ a: Type.String() }));
    expect(refusal(() => projectSchema(parameters, untyped('openai')))).toBe(
      'projectSchema: target must be one of "json-schema", "openai-chat", "openai-responses", "anthropic", "gemini"; got string "openai".',
    );
    expect(refusal(() => projectSchema(parameters, untyped('constructor')))).toContain(
      'got string "constructor"',
    );
    expect(refusal(() => projectSchema(parameters, 'openai-chat', untyped({ strcit: true })))).toBe(
      'ProjectSchemaOptions: unknown option "strcit" (did you mean "strict"?); accepted: strict.',
    );
    expect(
      refusal(() => lintToolDeclaration({ name: 'A', description: 'a', parameters }, untyped('claude'))),
    ).toBe(
      'lintToolDeclaration: target must be one of "json-schema", "openai-chat", "openai-responses", "anthropic", "gemini"; got string "claude".',
    );
  });

  it('ToolSchemas: a misspelt bound would have become a keyword no validator knows', () => {
    expect(refusal(() => ToolSchemas.limit(untyped({ maximun: 10 })))).toBe(
      'BoundedIntegerOptions: unknown option "maximun" (did you mean "maximum"?); accepted: description, maximum, default.',
    );
    expect(refusal(() => ToolSchemas.timeoutMs(untyped({ maximum: '10' })))).toBe(
      'BoundedIntegerOptions: maximum must be an integer from 1 up; got string "10".',
    );
    expect(refusal(() => ToolSchemas.filePath(untyped({ desc: 'Where' })))).toBe(
      'ToolSchemaOptions: unknown option "desc"; accepted: description.',
    );
    expect(ToolSchemas.limit({ maximum: 10, default: 5, description: 'How many' })).toMatchObject({
      minimum: 1,
      maximum: 10,
      default: 5,
      description: 'How many',
    });
  });
});
