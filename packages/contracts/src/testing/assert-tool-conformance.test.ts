import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTool } from '../create-tool.js';
import { createTaskCreateTool, readFileTool, writeFileTool } from '../test-support/example-tools.js';
import type { Tool } from '../tool.js';
import { ToolKind } from '../tool-kind.js';
import { ToolResults } from '../tool-results.js';
import { assertToolConformance, checkToolConformance } from './assert-tool-conformance.js';
import { ToolConformanceError } from './conformance-error.js';

let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'toolwright-conformance-'));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function conformanceError(tool: unknown, options = {}): ToolConformanceError {
  try {
    assertToolConformance(tool, options);
  } catch (error) {
    if (ToolConformanceError.isInstance(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('assertToolConformance passed');
}

describe('assertToolConformance', () => {
  it('passes the example tools, built-in and MCP, constructing inputs from their schemas', () => {
    const mcpTool = createTool({
      name: 'mcp__notes__append',
      kind: ToolKind.Write,
      schema: compileJsonSchema({
        type: 'object',
        properties: {
          note: { type: 'string', minLength: 3 },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['note'],
      }),
      description: 'Appends a note.',
      source: { type: 'mcp', server: 'notes', toolName: 'append', fingerprint: 'f1' },
      execute: async () => ToolResults.success('ok'),
    });
    for (const tool of [
      readFileTool,
      writeFileTool,
      createTaskCreateTool(join(workspace, 'tasks.json')),
      mcpTool,
    ]) {
      expect(() => assertToolConformance(tool)).not.toThrow();
      const report = checkToolConformance(tool);
      expect(report.failures).toEqual([]);
      expect(report.rulesChecked).toHaveLength(11);
    }
  });

  it('asks for validInputs when it cannot construct an input, and uses them when given', () => {
    const tool = createTool({
      name: 'Commit',
      kind: ToolKind.Execute,
      schema: Type.Object({ sha: Type.String({ pattern: '^[0-9a-f]{7,40}$' }) }),
      description: 'Shows a commit.',
      execute: async () => ToolResults.success(''),
    });
    const error = conformanceError(tool);
    expect(error.failures).toHaveLength(1);
    expect(error.failures[0]?.rule).toBe('build-fills-defaults');
    expect(error.failures[0]?.message).toContain(
      '(the input was constructed from the schema; pass validInputs)',
    );
    expect(() => assertToolConformance(tool, { validInputs: [{ sha: 'abc1234' }] })).not.toThrow();
  });

  it('lists every broken rule, not just the first', () => {
    const metadata = readFileTool.getMetadata();
    const broken = {
      ...readFileTool,
      name: 'read file',
      getMetadata: () => ({ ...metadata, isRetrySafe: undefined, parallelism: 'serial' }),
      // A fresh, empty-described declaration on every call.
      getFunctionDeclaration: (target: never) => ({
        ...readFileTool.getFunctionDeclaration(target),
        description: '',
      }),
      // Accepts anything and hands back mutable params.
      build: (params: unknown) => ({
        ...readFileTool.build({ file_path: 'x' }),
        params: { ...(params as object) },
      }),
    } as unknown as Tool;
    const error = conformanceError(broken);
    expect(error.code).toBe('tool_not_conformant');
    expect(error.failures.map((failure) => failure.rule)).toEqual(
      expect.arrayContaining([
        'name-portable',
        'frozen',
        'metadata-normalised',
        'declarations-json',
        'declarations-cached',
        'build-rejects-bad-input',
        'build-fills-defaults',
        'params-frozen',
      ]),
    );
    expect(error.message).toMatch(/^Tool "read file" breaks \d+ conformance rules:\n- \[name-portable\]/);
    expect(error.message).toContain(
      '[metadata-normalised] metadata.isRetrySafe is undefined, expected true or false',
    );
    expect(error.message).toContain(
      '[build-rejects-bad-input] build(42) was accepted; the arguments must be an object',
    );
    expect(error.message.split('\n').length).toBe(error.failures.length + 1);
  });

  it('stops at is-tool for a value that is not a tool', () => {
    const error = conformanceError({ name: 'Read' });
    expect(error.failures).toEqual([
      {
        rule: 'is-tool',
        message: 'not a v1 tool made by createTool (missing marker, specificationVersion or methods)',
      },
    ]);
  });

  it('reports a declaration a provider would reject (OpenAI strict mode nests at most 10 objects)', () => {
    const deep = (depth: number): ReturnType<typeof Type.Object> =>
      depth === 0 ? Type.Object({ leaf: Type.String() }) : Type.Object({ child: deep(depth - 1) });
    const deepConfig = {
      name: 'Deep',
      kind: ToolKind.ReadOnly,
      strict: true,
      schema: deep(12),
      description: 'Nests deeply.',
      execute: async () => ToolResults.success(''),
    };
    const tool = createTool(deepConfig);
    const lintFailures = checkToolConformance(tool).failures.filter(
      (failure) => failure.rule === 'declarations-lint-clean',
    );
    expect(lintFailures.length).toBeGreaterThan(0);
    expect(
      lintFailures.every((failure) => /^openai-(chat|responses) would reject it/.test(failure.message)),
    ).toBe(true);
    expect(() => assertToolConformance(createTool({ ...deepConfig, strict: false }))).not.toThrow();
  });
});
