import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { makeTempDir } from '@toolwright/test-support';
import { compileJsonSchema, InvalidOptionError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { createTool } from '../create-tool.js';
import { createTaskCreateTool, readFileTool, writeFileTool } from '../test-support/example-tools.js';
import type { Tool } from '../tool.js';
import { ToolKind } from '../tool-kind.js';
import { ToolResults } from '../tool-results.js';
import { assertToolConformance, checkToolConformance } from './assert-tool-conformance.js';
import { ToolConformanceError } from './conformance-error.js';

const workspace = makeTempDir('toolwright-conformance');

const ALL_RULES = [
  'is-tool',
  'name-portable',
  'frozen',
  'metadata-normalised',
  'declarations-json',
  'declarations-cached',
  'declarations-lint-clean',
  'build-rejects-bad-input',
  'build-fills-defaults',
  'params-frozen',
  'invocation-matches-tool',
  'output-schema',
];

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
      expect(assertToolConformance(tool)).toBeUndefined();
      const report = checkToolConformance(tool);
      expect(report.toolName).toBe(tool.name);
      expect(report.failures).toEqual([]);
      expect(report.rulesChecked).toEqual(ALL_RULES);
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
    // The same tool passes every rule once it is given an input its pattern accepts.
    const report = checkToolConformance(tool, { validInputs: [{ sha: 'abc1234' }] });
    expect(report).toEqual({ toolName: 'Commit', rulesChecked: ALL_RULES, failures: [] });
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
    // Levels 11, 12 and 13 of objects, for each OpenAI target that states strict mode.
    const tooDeep = (levels: number) => `/properties/child${'/properties/child'.repeat(levels - 1)}`;
    expect(lintFailures.map((failure) => failure.message)).toEqual(
      ['openai-chat', 'openai-responses'].flatMap((target) =>
        [10, 11, 12].map(
          (levels) =>
            `${target} would reject it at ${tooDeep(levels)}: strict mode allows at most 10 levels of object nesting`,
        ),
      ),
    );
    expect(checkToolConformance(createTool({ ...deepConfig, strict: false })).failures).toEqual([]);
  });

  it('checks its options by name: a misspelt validInputs would quietly check a constructed input instead', () => {
    const refusal = (options: unknown) => {
      try {
        checkToolConformance(readFileTool, options as never);
      } catch (error) {
        return InvalidOptionError.isInstance(error) ? error.message : error;
      }
      return 'accepted';
    };
    expect(refusal({ validInput: [{ file_path: 'a' }] })).toBe(
      'ConformanceOptions: unknown option "validInput" (did you mean "validInputs"?); accepted: validInputs, validOutputs.',
    );
    expect(refusal({ validInputs: { file_path: 'a' } })).toBe(
      'ConformanceOptions: validInputs must be an array of inputs; got object {file_path}.',
    );
  });

  it('build-fills-defaults: a defaulted key left out of the params fails, also when its default is null', () => {
    const tool = createTool({
      name: 'Nullable',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({
        cursor: Type.Optional(Type.Union([Type.String(), Type.Null()], { default: null })),
      }),
      description: 'Has a null default.',
      execute: async () => ToolResults.success(''),
    });
    expect(tool.build({}).params).toEqual({ cursor: null });
    // A look-alike whose build drops the default: canonical JSON writes absent and null alike, so
    // the rule must look at the key itself.
    const dropsDefault = {
      ...tool,
      build: (params: unknown, options?: never) => {
        const invocation = tool.build(params, options);
        return new Proxy(invocation, {
          get: (target, key) => (key === 'params' ? Object.freeze({}) : Reflect.get(target, key, target)),
        });
      },
    } as unknown as Tool;
    const failures = checkToolConformance(Object.freeze(dropsDefault)).failures;
    expect(failures.filter((failure) => failure.rule === 'build-fills-defaults')).toEqual([
      { rule: 'build-fills-defaults', message: 'build({}) left "cursor" as undefined; its default is null' },
    ]);
  });

  describe('output-schema', () => {
    const counter = createTool({
      name: 'Count',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      outputSchema: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
      description: 'Counts.',
      execute: async () => ToolResults.structured({ count: 0 }),
    });
    const outputFailures = (tool: unknown, options = {}) =>
      checkToolConformance(tool, options).failures.filter((failure) => failure.rule === 'output-schema');

    it('passes a tool whose outputs match its outputSchema, and fails one the schema refuses', () => {
      expect(outputFailures(counter, { validOutputs: [{ count: 3 }] })).toEqual([]);
      expect(outputFailures(counter, { validOutputs: [{ count: -1 }] })).toEqual([
        {
          rule: 'output-schema',
          message:
            'the valid output {"count":-1} is refused by the outputSchema:\n- /count: expected integer >= 0, got integer -1',
        },
      ]);
    });

    it('fails outputs given for a tool that declares no outputSchema', () => {
      expect(outputFailures(readFileTool, { validOutputs: [{}] })).toEqual([
        { rule: 'output-schema', message: 'validOutputs were given but the tool declares no outputSchema' },
      ]);
    });

    it('fails a look-alike that lists an outputSchema other than the one its results are checked with', () => {
      const metadata = counter.getMetadata();
      const lookAlike = Object.freeze({
        ...counter,
        getMetadata: () => ({ ...metadata, outputSchema: { type: 'object', properties: {} } }),
      });
      expect(outputFailures(lookAlike)).toEqual([
        {
          rule: 'output-schema',
          message:
            'metadata.outputSchema differs from the schema of the outputValidator results are checked with',
        },
      ]);
    });
  });
});
