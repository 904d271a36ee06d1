// The contract's pitfalls: behaviours a tool author or a host easily gets wrong (retry safety is
// never inferred, exclusive by default, params frozen and rebuilt), each pinned by a test named
// after what it pins.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { ToolValidationError } from '@toolwright/validation';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { rebuildInvocation } from './rebuild-invocation.js';
import {
  createTaskCreateTool,
  readFileTool,
  readTasks,
  writeFileTool,
} from './test-support/example-tools.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'toolwright-contracts-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const minimalConfig = {
  name: 'Probe',
  schema: Type.Object({ value: Type.Optional(Type.String()) }),
  description: 'A probe.',
  execute: async () => ToolResults.success('ok'),
};

describe('ReadOnly is not idempotent', () => {
  it('gotcha: a ReadOnly tool that changes persistent state stays not retry-safe', async () => {
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

  it('gotcha: a hook that changes params rebuilds, and the old invocation never runs with new params', async () => {
    const seen: unknown[] = [];
    const tool = createTool({
      ...minimalConfig,
      kind: ToolKind.Write,
      schema: Type.Object({ path: Type.String(), mode: Type.Optional(Type.String({ default: 'append' })) }),
      async execute(params) {
        seen.push(params);
        return ToolResults.success('ok');
      },
    });
    const original = tool.build({ path: 'a.txt' });
    // A hook cannot edit the params in place...
    expect(() => {
      (original.params as { path: string }).path = 'b.txt';
    }).toThrow(TypeError);
    // ...it rebuilds: the patch is merged and validated like a model's call.
    const rebuilt = rebuildInvocation(tool, original, { path: 'b.txt' });
    expect(rebuilt).not.toBe(original);
    expect(rebuilt.params).toEqual({ path: 'b.txt', mode: 'append' });
    expect(original.params).toEqual({ path: 'a.txt', mode: 'append' });

    const context = createTestExecutionContext();
    await expect(original.execute(context)).rejects.toMatchObject({ code: 'invocation_superseded' });
    await rebuilt.execute(context);
    expect(seen).toEqual([{ path: 'b.txt', mode: 'append' }]);
  });

  it("gotcha: an invalid hook patch is a validation error that says the hook's change was invalid", async () => {
    const original = readFileTool.build({ file_path: 'a.txt' });
    let caught: unknown;
    try {
      rebuildInvocation(readFileTool, original, { offset: 0 });
    } catch (error) {
      caught = error;
    }
    expect(ToolValidationError.isInstance(caught)).toBe(true);
    const error = caught as ToolValidationError;
    expect(error.message).toMatch(/hook's change to the params of "Read" was invalid \(changed: "offset"\)/);
    expect(error.toolName).toBe('Read');
    expect(error.issues.map((issue) => issue.path)).toEqual(['/offset']);
    // The rejected change is not half-applied: the old invocation is unchanged and retired.
    expect(original.params.offset).toBe(1);
    await expect(original.execute(createTestExecutionContext())).rejects.toMatchObject({
      code: 'invocation_superseded',
    });
  });
});
