import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { makeTempDir } from '@toolwright/test-support';
import { compileJsonSchema, ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { InvalidToolDefinitionError } from './errors.js';
import {
  createTaskCreateTool,
  minimalConfig,
  readFileTool,
  readTasks,
  writeFileTool,
} from './test-support/example-tools.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { isTool } from './tool.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

const validConfig = {
  name: 'Echo',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ text: Type.String() }),
  description: 'Echoes its input.',
  execute: async (params: { text: string }) => ToolResults.success(params.text),
};

function definitionError(config: unknown): InvalidToolDefinitionError {
  try {
    createTool(config as typeof validConfig);
  } catch (error) {
    if (InvalidToolDefinitionError.isInstance(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('createTool accepted the config');
}

describe('createTool config checks', () => {
  it('lists every problem at once, each with the offending value and what is accepted', () => {
    const error = definitionError({
      name: 'read file',
      kind: 'readonly',
      schema: 'object',
      description: { short: '' },
      parallelism: 'parallel',
      isRetrySafe: 'yes',
      execute: 'not a function',
    });
    expect(error.code).toBe('invalid_tool_definition');
    expect(error.toolName).toBe('read file');
    expect(error).toBeInstanceOf(ToolwrightError);
    expect(error.problems).toHaveLength(7);
    expect(error.message).toContain(
      'name "read file" is not a portable tool name; expected ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$',
    );
    expect(error.message).toContain(
      'kind "readonly" is not a tool kind; expected one of "read-only", "write", "execute"',
    );
    expect(error.message).toContain('schema is "object"; expected a TypeBox schema');
    expect(error.message).toContain('description.short is ""');
    expect(error.message).toContain('parallelism is "parallel"; expected "shared", "exclusive"');
    expect(error.message).toContain('isRetrySafe is "yes"; expected true or false');
    expect(error.message).toContain('execute is "not a function"');
  });

  it('rejects a misspelt option instead of ignoring a fail-closed flag, and suggests the right one', () => {
    const error = definitionError({ ...validConfig, isRetrysafe: true });
    // The shared wording of @toolwright/utils: the typo, its nearest known name, what is accepted.
    expect(error.problems).toEqual([
      'config: unknown option "isRetrysafe" (did you mean "isRetrySafe"?); accepted: name, displayName, kind, schema, outputSchema, description, isConcurrencySafe, parallelism, isRetrySafe, strict, version, category, tags, source, shouldDefer, validation, extractSignatureContent, affectedPaths, abstractPermissionRule, describeInvocation, execute.',
    ]);
    expect(error.code).toBe('invalid_tool_definition');
  });

  it('checks the nested objects of the config by name too: description, validation, its limits, source', () => {
    const error = definitionError({
      ...validConfig,
      description: { short: 'Echoes.', importnat: 'x' },
      validation: { localle: 'zh-CN', limits: { maxByte: 10 } },
      source: { type: 'builtin', server: 'files' },
    });
    expect(error.problems).toEqual([
      'config.description: unknown option "importnat" (did you mean "important"?); accepted: short, long, usageNotes, examples, important.',
      'config.source: unknown option "server"; accepted: type.',
      'config.validation: unknown option "localle" (did you mean "locale"?); accepted: coerce, unknownArguments, locale, limits.',
      'config.validation.limits: unknown option "maxByte" (did you mean "maxBytes"?); accepted: maxBytes, maxDepth.',
    ]);
  });

  it("refuses validation.locale 'fr' when the tool is defined, not on its first bad call", () => {
    expect(definitionError({ ...validConfig, validation: { locale: 'fr' } }).problems).toEqual([
      'validation.locale is "fr"; expected "en", "zh-CN"',
    ]);
  });

  it('accepts exactly the portable names', () => {
    for (const name of ['Read', '_x', 'mcp__server__tool-1', `a${'b'.repeat(63)}`]) {
      expect(createTool({ ...validConfig, name }).name).toBe(name);
    }
    for (const name of ['', '1abc', 'a.b', 'a b', `a${'b'.repeat(64)}`, 'naïve']) {
      expect(definitionError({ ...validConfig, name }).problems[0]).toContain('not a portable tool name');
    }
  });

  it('requires an object schema at the root', () => {
    expect(definitionError({ ...validConfig, schema: Type.String() }).problems).toEqual([
      'schema is a TypeBox "String"; a tool\'s parameters must be an object schema (Type.Object(...))',
    ]);
    expect(
      definitionError({ ...validConfig, schema: compileJsonSchema({ type: 'array' }) }).problems,
    ).toEqual([
      'schema describes "array" at its root; a tool\'s parameters must be an object schema (type "object")',
    ]);
  });

  it('checks source, tags, validation options and callbacks', () => {
    const error = definitionError({
      ...validConfig,
      source: { type: 'mcp', server: 'files', toolName: '' },
      tags: ['ok', 3],
      validation: { coerce: 'lossy', limits: { maxDepth: -1 } },
      affectedPaths: ['a'],
    });
    expect(error.problems).toEqual([
      'tags is ["ok",3]; expected an array of non-empty strings',
      'source.toolName is ""; an MCP source needs a non-empty string toolName',
      'source.fingerprint is undefined; an MCP source needs a non-empty string fingerprint',
      'validation.coerce is "lossy"; expected "safe", "none"',
      'validation.limits.maxDepth is -1; expected a positive integer',
      'affectedPaths is ["a"]; expected a function of the params (or leave it out)',
    ]);
  });

  it('rejects a config that is not an object without a TypeError of its own', () => {
    expect(definitionError(undefined).problems[0]).toContain('the config is undefined');
    expect(definitionError(null).toolName).toBeUndefined();
  });
});

describe('createTool result', () => {
  it('is a frozen v1 tool with normalised fields', () => {
    const tool = createTool(validConfig);
    expect(isTool(tool)).toBe(true);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(tool).toMatchObject({
      specificationVersion: 'v1',
      name: 'Echo',
      displayName: 'Echo',
      description: { short: 'Echoes its input.' },
      isConcurrencySafe: false,
      parallelism: 'exclusive',
      isRetrySafe: false,
      strict: false,
      version: undefined,
      category: undefined,
      tags: [],
      source: { type: 'builtin' },
      shouldDefer: false,
    });
    expect(Object.isFrozen(tool.description)).toBe(true);
    expect(Object.isFrozen(tool.tags)).toBe(true);
  });

  it('is not affected by later changes to the config it was made from', async () => {
    const tags = ['files'];
    const config: Record<string, unknown> = { ...validConfig, tags, isRetrySafe: false, version: '1.0.0' };
    const tool = createTool(config as typeof validConfig);
    tags.push('changed');
    Object.assign(config, { isRetrySafe: true, kind: ToolKind.Execute, version: '2.0.0', name: 'Other' });
    config.execute = async () => ToolResults.executionError('replaced');
    expect(tool.tags).toEqual(['files']);
    expect(tool.isRetrySafe).toBe(false);
    // Metadata is computed lazily, yet from what the config held at creation.
    expect(tool.getMetadata()).toMatchObject({
      name: 'Echo',
      kind: 'read-only',
      version: '1.0.0',
      isRetrySafe: false,
      tags: ['files'],
    });
    const result = await tool.build({ text: 'hi' }).execute(createTestExecutionContext());
    expect(result).toEqual({ llmContent: 'hi' });
  });

  it('applies its validation options to every call', () => {
    const schema = Type.Object({ count: Type.Integer() });
    const limits = { maxDepth: 3 };
    const execute = async () => ToolResults.success('');
    const strictTool = createTool({
      ...validConfig,
      schema,
      execute,
      validation: { coerce: 'none', limits },
    });
    const lenientTool = createTool({
      ...validConfig,
      schema,
      execute,
      validation: { unknownArguments: 'strip' },
    });
    // coerce: 'none' leaves "5" a string, which the integer field refuses.
    expect(() => strictTool.build({ count: '5' })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: '/count', received: 'string "5"' })],
      }),
    );
    limits.maxDepth = 1_000; // a later change to the config object does not reach the tool
    let tooDeep: unknown;
    try {
      strictTool.build({ count: 1, extra: { a: { b: {} } } });
    } catch (error) {
      tooDeep = error;
    }
    expect(tooDeep).toMatchObject({ code: 'arguments_too_deep', toolName: 'Echo' });
    const stripped = lenientTool.build({ count: '5', extra: true });
    expect(stripped.params).toEqual({ count: 5 });
    expect(stripped.coercions.map((coercion) => coercion.kind)).toEqual(
      expect.arrayContaining(['string-to-integer', 'strip-unknown']),
    );
  });

  it('reports a TypeBox schema whose default breaks its own rule as a definition problem', () => {
    const error = definitionError({
      ...validConfig,
      schema: Type.Object({ count: Type.Optional(Type.Integer({ minimum: 1, default: 0 })) }),
    });
    expect(error.problems[0]).toMatch(/^schema could not be compiled: /);
  });

  it('is recognised by isTool; look-alikes are not', () => {
    expect(isTool(readFileTool)).toBe(true);
    expect(isTool({ ...readFileTool })).toBe(true);
    expect(isTool({ name: 'Read', build() {}, getFunctionDeclaration() {}, getMetadata() {} })).toBe(false);
    expect(isTool(null)).toBe(false);
    expect(isTool('Read')).toBe(false);
  });

  it('describes its catalog entry through getMetadata', () => {
    const metadata = readFileTool.getMetadata();
    expect(metadata).toMatchObject({
      specificationVersion: 'v1',
      name: 'Read',
      kind: 'read-only',
      isConcurrencySafe: true,
      parallelism: 'shared',
      isRetrySafe: true,
      shouldDefer: false,
      source: { type: 'builtin' },
    });
    expect(metadata.inputSchema).toMatchObject({
      type: 'object',
      required: ['file_path'],
      additionalProperties: false,
    });
    expect(Object.isFrozen(metadata.inputSchema)).toBe(true);
    expect(readFileTool.getMetadata()).toBe(metadata);
  });
});

describe('MCP tools through the same createTool', () => {
  const inputSchema = {
    type: 'object',
    properties: {
      query: { type: 'string' },
      limit: { type: 'integer', default: 10 },
      filters: { type: 'object', properties: { language: { type: 'string' } } },
    },
    required: ['query'],
  };
  const mcpConfig = {
    name: 'mcp__search__find',
    kind: ToolKind.ReadOnly,
    schema: compileJsonSchema(inputSchema),
    description: 'Finds documents.',
    source: { type: 'mcp', server: 'search', toolName: 'find', fingerprint: 'sha256:abc' } as const,
    execute: async () => ToolResults.success('[]'),
  };

  it('validates with the foreign schema and defers by default', () => {
    const tool = createTool(mcpConfig);
    expect(tool.shouldDefer).toBe(true);
    expect(tool.isRetrySafe).toBe(false);
    expect(tool.source).toEqual({
      type: 'mcp',
      server: 'search',
      toolName: 'find',
      fingerprint: 'sha256:abc',
    });
    const args = { query: 'cats', filters: { language: 'en' } };
    const invocation = tool.build(args);
    expect(invocation.params).toEqual({ query: 'cats', limit: 10, filters: { language: 'en' } });
    expect(isDeeplyFrozen(invocation.params)).toBe(true);
    // The model's arguments object stays the caller's: nothing in it was frozen.
    expect(Object.isFrozen(args) || Object.isFrozen(args.filters)).toBe(false);
    expect(() => tool.build({ limit: 3 })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: '/query', keyword: 'required' })],
      }),
    );
    expect(tool.getFunctionDeclaration('anthropic').parameters).toMatchObject({
      type: 'object',
      required: ['query'],
    });
  });

  it('lets an MCP tool opt out of deferral and a built-in opt in', () => {
    expect(createTool({ ...mcpConfig, shouldDefer: false }).shouldDefer).toBe(false);
    expect(createTool({ ...validConfig, shouldDefer: true }).shouldDefer).toBe(true);
  });
});

// The pitfalls of a tool's flags and of build(), each pinned by a test named after it.
describe('ReadOnly is not idempotent', () => {
  it('gotcha: a ReadOnly tool that changes persistent state stays not retry-safe', async () => {
    const workspace = makeTempDir('toolwright-contracts');
    const storeFile = join(workspace, 'tasks.json');
    const taskCreate = createTaskCreateTool(storeFile);
    expect(taskCreate.kind).toBe(ToolKind.ReadOnly);

    const invocation = taskCreate.build({ title: 'write the README' });
    const context = createTestExecutionContext({ workspaceRoot: workspace });
    await invocation.execute(context);
    // What a retry would do: run the same call again. The state changes again, so the call is
    // not idempotent although the tool is ReadOnly...
    await invocation.execute(context);
    const tasks = await readTasks(storeFile);
    expect(tasks.map((task) => task.title)).toEqual(['write the README', 'write the README']);
    expect(JSON.parse(await readFile(storeFile, 'utf8'))).toHaveLength(2);
    // ...and nothing marks it retry-safe: not the tool, not its catalog entry, not the call.
    expect(taskCreate.isRetrySafe).toBe(false);
    expect(taskCreate.getMetadata().isRetrySafe).toBe(false);
    expect(invocation.isRetrySafe).toBe(false);
  });

  it('gotcha: isRetrySafe is never inferred from kind, for any kind', () => {
    for (const kind of Object.values(ToolKind)) {
      const tool = createTool({ ...minimalConfig, kind });
      expect(tool.isRetrySafe, kind).toBe(false);
      const retrySafe = createTool({ ...minimalConfig, kind, isRetrySafe: true });
      expect(retrySafe.isRetrySafe, kind).toBe(true);
    }
  });
});

describe('isConcurrencySafe defaults to false and parallelism follows it', () => {
  it('gotcha: isConcurrencySafe defaults to false and parallelism to exclusive', () => {
    const tool = createTool({ ...minimalConfig, kind: ToolKind.ReadOnly });
    expect(tool.isConcurrencySafe).toBe(false);
    expect(tool.parallelism).toBe('exclusive');
    expect(tool.getMetadata()).toMatchObject({ isConcurrencySafe: false, parallelism: 'exclusive' });
    expect(tool.build({})).toMatchObject({ isConcurrencySafe: false, parallelism: 'exclusive' });
  });

  it('gotcha: a concurrency-safe tool gets shared parallelism unless it sets its own', () => {
    expect(readFileTool.isConcurrencySafe).toBe(true);
    expect(readFileTool.parallelism).toBe('shared');
    const safeButExclusive = createTool({
      ...minimalConfig,
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      parallelism: 'exclusive',
    });
    expect(safeButExclusive.parallelism).toBe('exclusive');
    expect(safeButExclusive.isConcurrencySafe).toBe(true);
  });

  it("gotcha: explicit parallelism 'shared' keeps isConcurrencySafe false in metadata and invocation", () => {
    expect(writeFileTool.parallelism).toBe('shared');
    expect(writeFileTool.isConcurrencySafe).toBe(false);
    expect(writeFileTool.getMetadata()).toMatchObject({ parallelism: 'shared', isConcurrencySafe: false });
    const invocation = writeFileTool.build({ file_path: 'a.txt', content: 'x' });
    // Both facts reach the executor: it may batch the call but must still lock "a.txt".
    expect(invocation.parallelism).toBe('shared');
    expect(invocation.isConcurrencySafe).toBe(false);
    expect(invocation.affectedPaths).toEqual(['a.txt']);
  });
});

describe('isRetrySafe defaults to false and travels through config, tool, metadata and invocation', () => {
  it('gotcha: isRetrySafe in the config — left out means false, the config value is honoured', () => {
    const config = { ...minimalConfig, kind: ToolKind.ReadOnly };
    // Left out, or present but undefined (what spreading a partial config gives): false on the
    // tool, in its metadata and on every invocation.
    const explicitUndefined = { ...config, isRetrySafe: undefined } as unknown as typeof config;
    for (const tool of [createTool(config), createTool(explicitUndefined)]) {
      expect([tool.isRetrySafe, tool.getMetadata().isRetrySafe, tool.build({}).isRetrySafe]).toEqual([
        false,
        false,
        false,
      ]);
    }
    expect(createTool({ ...config, isRetrySafe: true }).isRetrySafe).toBe(true);
    expect(createTool({ ...config, isRetrySafe: false }).isRetrySafe).toBe(false);
  });

  it('gotcha: isRetrySafe on the tool is a frozen, explicit boolean', () => {
    const tool = createTool({ ...minimalConfig, kind: ToolKind.Execute });
    expect(Object.getOwnPropertyDescriptor(tool, 'isRetrySafe')).toMatchObject({
      value: false,
      writable: false,
    });
    expect(() => {
      (tool as { isRetrySafe: boolean }).isRetrySafe = true;
    }).toThrow(TypeError);
    expect(tool.isRetrySafe).toBe(false);
  });

  it('gotcha: isRetrySafe in the metadata is normalised to an explicit boolean', () => {
    const defaulted = createTool({ ...minimalConfig, kind: ToolKind.Write }).getMetadata();
    expect(Object.hasOwn(defaulted, 'isRetrySafe')).toBe(true);
    expect(defaulted.isRetrySafe).toBe(false);
    expect(readFileTool.getMetadata().isRetrySafe).toBe(true);
  });

  it('gotcha: isRetrySafe reaches every invocation', () => {
    const notRetrySafe = createTool({ ...minimalConfig, kind: ToolKind.ReadOnly });
    expect(notRetrySafe.build({ value: 'a' }).isRetrySafe).toBe(false);
    expect(readFileTool.build({ file_path: 'x' }).isRetrySafe).toBe(true);
  });
});

describe('build() has already validated and filled defaults; a hook changing params must rebuild', () => {
  it('gotcha: build() validates, fills defaults and freezes params deeply', () => {
    const invocation = readFileTool.build({ file_path: 'notes.txt' });
    expect(invocation.params).toEqual({ file_path: 'notes.txt', offset: 1, limit: 2000 });
    expect(isDeeplyFrozen(invocation.params)).toBe(true);
    expect(() => readFileTool.build({ file_path: '' })).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: '/file_path', keyword: 'minLength' })],
      }),
    );

    const nested = createTool({
      ...minimalConfig,
      kind: ToolKind.Write,
      schema: Type.Object({ edits: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String() })) }),
    });
    const edits = nested.build({ edits: [{ line: 1, text: 'a' }] });
    expect(isDeeplyFrozen(edits.params)).toBe(true);
    expect(() => {
      (edits.params.edits[0] as { text: string }).text = 'changed by a hook';
    }).toThrow(TypeError);
    expect(edits.params.edits[0]?.text).toBe('a');
  });
});
