// createTool leaves what a never-called, never-declared tool does not need (bound callbacks, parse
// options, the declaration cache) to the first build or declaration. Built late, they must behave
// exactly as if built at once: callbacks read from the config at createTool and run with it as
// `this`, parse options fixed then, declarations identical and cached. A foreign JSON Schema or
// a Standard Schema is not even projected until the tool is declared.
import { Type } from '@sinclair/typebox';
import { compileJsonSchema, type SchemaValidator, StandardSchemaValidator } from '@toolwright/validation';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTool } from './create-tool.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

describe('per-tool structures built on first use', () => {
  it('runs the callbacks given at createTool, with the config as `this`, even if the config changes later', async () => {
    const config = {
      name: 'Echo',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ text: Type.String() }),
      description: 'Echoes text.',
      describeInvocation(this: unknown, params: { text: string }) {
        return `${this === config ? 'config' : 'other'} ${params.text}`;
      },
      async execute(this: unknown, params: { text: string }) {
        return ToolResults.success(`${this === config ? 'config' : 'other'}:${params.text}`);
      },
    };
    const tool = createTool(config);
    config.execute = async () => ToolResults.success('replaced');
    config.describeInvocation = () => 'replaced';
    const invocation = tool.build({ text: 'hi' });
    expect(invocation.getDescription()).toBe('config hi');
    expect(await invocation.execute(createTestExecutionContext())).toMatchObject({ llmContent: 'config:hi' });
  });

  it('fixes the validation choices at createTool: a later change to config.validation is not seen', () => {
    const validation = { limits: { maxBytes: 64 } };
    const tool = createTool({
      name: 'Short',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ text: Type.String() }),
      description: 'Takes short text.',
      validation,
      execute: async () => ToolResults.success(''),
    });
    validation.limits.maxBytes = 1_000_000;
    expect(() => tool.build({ text: 'x'.repeat(200) })).toThrow(/64/);
    expect(tool.build({ text: 'ok' }).params).toEqual({ text: 'ok' });
  });

  it('declares a never-built tool as a built one, once per target, and builds with nullAsAbsent alike', () => {
    const make = () =>
      createTool({
        name: 'mcp__files__search',
        kind: ToolKind.ReadOnly,
        schema: compileJsonSchema({
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'integer', default: 5 } },
          required: ['query'],
        }),
        description: 'Searches files.',
        source: { type: 'mcp', server: 'files', toolName: 'search', fingerprint: 'f1' },
        execute: async () => ToolResults.success(''),
      });
    const fresh = make();
    const used = make();
    expect(used.build({ query: 'a', limit: null }, { nullAsAbsent: true }).params).toEqual({
      query: 'a',
      limit: 5,
    });
    expect(used.build({ query: 'b' }).params).toEqual({ query: 'b', limit: 5 });
    for (const target of ['openai-chat', 'anthropic', 'gemini'] as const) {
      expect(fresh.getFunctionDeclaration(target)).toStrictEqual(used.getFunctionDeclaration(target));
      expect(fresh.getFunctionDeclaration(target)).toBe(fresh.getFunctionDeclaration(target));
    }
    expect(fresh.getMetadata()).toStrictEqual(used.getMetadata());
  });

  it('checks that a JSON Schema or Standard Schema describes an object without projecting it; declaring projects it', () => {
    const foreign = compileJsonSchema({ type: 'object', properties: { query: { type: 'string' } } });
    const projectForeign = vi.spyOn(foreign, 'toJsonSchema');
    const projectStandard = vi.spyOn(StandardSchemaValidator.prototype, 'toJsonSchema');
    try {
      const tools = [
        createTool({
          name: 'mcp__files__search',
          kind: ToolKind.ReadOnly,
          schema: foreign,
          description: 'Searches files.',
          source: { type: 'mcp', server: 'files', toolName: 'search', fingerprint: 'f1' },
          execute: async () => ToolResults.success(''),
        }),
        createTool({
          name: 'Lookup',
          kind: ToolKind.ReadOnly,
          schema: z.object({ key: z.string() }),
          description: 'Looks a key up.',
          execute: async () => ToolResults.success(''),
        }),
      ];
      expect(projectForeign).not.toHaveBeenCalled();
      expect(projectStandard).not.toHaveBeenCalled();
      for (const tool of tools)
        expect(tool.getFunctionDeclaration('anthropic').parameters.type).toBe('object');
      expect(projectForeign).toHaveBeenCalled();
      expect(projectStandard).toHaveBeenCalled();
    } finally {
      projectStandard.mockRestore();
    }
  });

  it('still refuses, at createTool, a schema whose projection is no object or cannot be made', () => {
    const make = (schema: SchemaValidator | object) => () =>
      createTool({
        name: 'Bad',
        kind: ToolKind.ReadOnly,
        schema,
        description: 'Bad.',
        execute: async () => ToolResults.success(''),
      });
    expect(make(compileJsonSchema({ type: 'array' }))).toThrow(/schema describes "array" at its root/);
    expect(make(z.string())).toThrow(/schema describes "string" at its root/);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 300; level++) deep = { type: 'object', properties: { a: deep } };
    const screenedDeep = compileJsonSchema(deep, {
      maxDepth: 10_000,
      maxNodes: 100_000,
      maxProperties: 100_000,
    });
    expect(make(screenedDeep)).toThrow(
      /schema could not be projected to JSON Schema: .*nests deeper than 256 levels/,
    );
  });
});
