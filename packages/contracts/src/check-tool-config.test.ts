import { Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import { Type as TypeBox1 } from 'typebox';
import { describe, expect, it } from 'vitest';
import { checkToolConfig } from './check-tool-config.js';

describe('checkToolConfig names every problem, with the value and what is accepted', () => {
  const base = {
    name: 'Ok',
    kind: 'read-only',
    schema: Type.Object({}),
    description: 'd',
    execute: async () => ({}),
  };

  it('a config wrong in every field', () => {
    expect(
      checkToolConfig({
        name: 'bad name',
        kind: 'nope',
        schema: Type.String(),
        description: '  ',
        execute: 1,
        isRetrySafe: 'yes',
        displayName: ' ',
        parallelism: 'some',
        tags: ['a', ' '],
        extractSignatureContent: 5,
        source: { type: 'mcp', server: '' },
        validation: {
          coerce: 'maybe',
          unknownArguments: 'keep',
          locale: 'fr',
          limits: { maxBytes: 0, maxDepth: 2000 },
        },
      }),
    ).toEqual([
      'name "bad name" is not a portable tool name; expected ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$ (a letter or "_", then up to 63 letters, digits, "_" or "-")',
      'kind "nope" is not a tool kind; expected one of "read-only", "write", "execute" (ToolKind.ReadOnly, ToolKind.Write, ToolKind.Execute)',
      'schema is a TypeBox "String"; a tool\'s parameters must be an object schema (Type.Object(...))',
      'description is empty; expected a non-empty string or { short, ... }',
      'isRetrySafe is "yes"; expected true or false (or leave it out)',
      'displayName is " "; expected a non-empty string (or leave it out)',
      'parallelism is "some"; expected "shared", "exclusive"',
      'tags is ["a"," "]; expected an array of non-empty strings',
      'source.server is ""; an MCP source needs a non-empty string server',
      'source.toolName is undefined; an MCP source needs a non-empty string toolName',
      'source.fingerprint is undefined; an MCP source needs a non-empty string fingerprint',
      'validation.coerce is "maybe"; expected "safe", "none"',
      'validation.unknownArguments is "keep"; expected "reject", "strip"',
      'validation.locale is "fr"; expected "en", "zh-CN"',
      'validation.limits.maxBytes is 0; expected a positive integer',
      'validation.limits.maxDepth is 2000; expected at most 1024 (tool arguments nest far less)',
      'extractSignatureContent is 5; expected a function of the params (or leave it out)',
      'execute is 1; expected an async function (params, context) => ToolResult',
    ]);
  });

  it.each([
    [
      { description: { short: ' ', long: 3, usageNotes: 4, important: 5, examples: ['a', 6], extra: 1 } },
      [
        'config.description: unknown option "extra"; accepted: short, long, usageNotes, examples, important.',
        'description.short is " "; expected a non-empty sentence saying what the tool does',
        'description.long is 3; expected a string (or leave it out)',
        'description.usageNotes is 4; expected a string or an array of strings (or leave it out)',
        'description.important is 5; expected a string or an array of strings (or leave it out)',
        'description.examples[1] is 6; expected a string or { description, params }',
      ],
    ],
    [
      { description: [] },
      [
        'description is []; expected a non-empty string or { short, long?, usageNotes?, examples?, important? }',
      ],
    ],
    [
      { description: null },
      [
        'description is null; expected a non-empty string or { short, long?, usageNotes?, examples?, important? }',
      ],
    ],
    [
      { description: { short: 'Reads.', examples: 'one' } },
      ['description.examples is "one"; expected an array of strings or { description, params }'],
    ],
    [{ description: { short: 'Reads.', long: 'More.', examples: ['e'] } }, []],
    [
      { schema: null },
      [
        'schema is null; expected a TypeBox schema (@sinclair/typebox 0.32–0.34 or typebox 1.x), a Standard Schema validator with Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through toStandardJsonSchema), a plain JSON Schema object with "type": "object", or a SchemaValidator',
      ],
    ],
    [
      { schema: 5 },
      [
        'schema is 5; expected a TypeBox schema (@sinclair/typebox 0.32–0.34 or typebox 1.x), a Standard Schema validator with Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through toStandardJsonSchema), a plain JSON Schema object with "type": "object", or a SchemaValidator',
      ],
    ],
    [{ schema: compileJsonSchema({ type: 'object' }) }, []],
    [{ validation: null }, ['validation is null; expected { coerce?, unknownArguments?, locale?, limits? }']],
    [
      { validation: 'strict' },
      ['validation is "strict"; expected { coerce?, unknownArguments?, locale?, limits? }'],
    ],
    [
      { validation: { limits: { maxDepth: '2000' } } },
      ['validation.limits.maxDepth is "2000"; expected a positive integer'],
    ],
    [{ validation: [] }, ['validation is []; expected { coerce?, unknownArguments?, locale?, limits? }']],
    [{ validation: { limits: 5 } }, ['validation.limits is 5; expected { maxBytes?, maxDepth? }']],
    [{ validation: { limits: null } }, ['validation.limits is null; expected { maxBytes?, maxDepth? }']],
    [
      { validation: { limits: { maxDepth: 1025, maxBytes: 1.5 } } },
      [
        'validation.limits.maxBytes is 1.5; expected a positive integer',
        'validation.limits.maxDepth is 1025; expected at most 1024 (tool arguments nest far less)',
      ],
    ],
    [{ validation: { limits: { maxDepth: 1024, maxBytes: 1 }, unknownArguments: 'strip' } }, []],
    [{ source: { type: 'builtin', extra: 1 } }, ['config.source: unknown option "extra"; accepted: type.']],
    [
      { source: 'x' },
      ['source is "x"; expected { type: "builtin" } or { type: "mcp", server, toolName, fingerprint }'],
    ],
    [{ source: { type: 'mcp', server: 's', toolName: 't', fingerprint: 'f' } }, []],
    [{ tags: 'a' }, ['tags is "a"; expected an array of non-empty strings']],
    [{ tags: ['a', 'b'] }, []],
    [
      { version: 5, category: '' },
      [
        'version is 5; expected a non-empty string (or leave it out)',
        'category is ""; expected a non-empty string (or leave it out)',
      ],
    ],
    [{ version: '1.0', category: 'files', displayName: 'Probe', parallelism: 'exclusive' }, []],
    [
      { isConcurrencySafe: 1, strict: 'no', shouldDefer: null },
      [
        'isConcurrencySafe is 1; expected true or false (or leave it out)',
        'strict is "no"; expected true or false (or leave it out)',
        'shouldDefer is null; expected true or false (or leave it out)',
      ],
    ],
    [{ isConcurrencySafe: true, isRetrySafe: false, strict: true, shouldDefer: false }, []],
    [
      { affectedPaths: 'x', abstractPermissionRule: [], describeInvocation: {} },
      [
        'affectedPaths is "x"; expected a function of the params (or leave it out)',
        'abstractPermissionRule is []; expected a function of the params (or leave it out)',
        'describeInvocation is {}; expected a function of the params (or leave it out)',
      ],
    ],
    [{ affectedPaths: () => [], abstractPermissionRule: () => '', describeInvocation: () => '' }, []],
  ])('%j', (change, problems) => {
    expect(checkToolConfig({ ...base, ...change })).toEqual(problems);
  });

  it('a config that is not an object', () => {
    expect(checkToolConfig(null)).toEqual([
      'the config is null; expected an object with name, kind, schema, description and execute',
    ]);
    expect(checkToolConfig([])).toEqual([
      'the config is []; expected an object with name, kind, schema, description and execute',
    ]);
    expect(checkToolConfig(base)).toEqual([]);
  });

  it('a SchemaValidator whose projection is not an object, or throws', () => {
    const objectSchema = compileJsonSchema({ type: 'object' });
    const projecting = (toJsonSchema: () => unknown) =>
      Object.assign(Object.create(Object.getPrototypeOf(objectSchema)), objectSchema, { toJsonSchema });
    const problemsOf = (toJsonSchema: () => unknown) =>
      checkToolConfig({ ...base, schema: projecting(toJsonSchema) });
    expect(problemsOf(() => ({ type: 'string' }))).toEqual([
      'schema describes "string" at its root; a tool\'s parameters must be an object schema (type "object")',
    ]);
    expect(problemsOf(() => undefined)).toEqual([
      'schema describes undefined at its root; a tool\'s parameters must be an object schema (type "object")',
    ]);
    expect(
      problemsOf(() => {
        throw new Error('a $ref it cannot follow');
      }),
    ).toEqual(['schema could not be projected to JSON Schema: a $ref it cannot follow']);
    expect(
      problemsOf(() => {
        throw 'not an Error';
      }),
    ).toEqual(['schema could not be projected to JSON Schema: "not an Error"']);
  });

  it('a schema recognised by its kind passes here: its root is checked once compiled', () => {
    expect(checkToolConfig({ ...base, schema: { type: 'object', properties: {} } })).toEqual([]);
    expect(checkToolConfig({ ...base, schema: TypeBox1.Object({ path: TypeBox1.String() }) })).toEqual([]);
  });

  it('a name that only reads as portable once turned into a string', () => {
    for (const name of [undefined, null, ['Read']]) {
      expect(checkToolConfig({ ...base, name })).toEqual([
        `name ${name === undefined ? 'undefined' : JSON.stringify(name)} is not a portable tool name; expected ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$ (a letter or "_", then up to 63 letters, digits, "_" or "-")`,
      ]);
    }
  });
});
