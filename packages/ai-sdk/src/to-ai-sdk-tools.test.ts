import { Type } from '@sinclair/typebox';
import { createTool, type ExecutionContext, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { idempotencyKey } from '@toolwright/utils';
import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js';
import type { BridgedTool } from './bridged-tool.js';
import { createIssueTool, memoryReadTool, screenshotTool } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

/** Runs a bridged tool as the SDK does: its schema's validation, then execute with the validated value. */
async function call(
  tool: BridgedTool | undefined,
  input: unknown,
  signal?: AbortSignal,
): Promise<ToolwrightToolOutput> {
  if (tool?.execute === undefined) throw new Error('no such tool');
  const validated = await asSchema(tool.inputSchema).validate?.(input);
  if (validated?.success !== true) throw validated?.error ?? new Error('no validation');
  const output = await tool.execute(validated.value, {
    toolCallId: 'call-1',
    ...(signal === undefined ? {} : { abortSignal: signal }),
  });
  return output as ToolwrightToolOutput;
}

function expectBridgeError(run: () => unknown, code: string, message: RegExp): void {
  try {
    run();
  } catch (error) {
    expect(AiSdkBridgeError.isInstance(error)).toBe(true);
    expect((error as AiSdkBridgeError).code).toBe(code);
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected an AiSdkBridgeError');
}

describe('toAiSdkTools options', () => {
  const { tool: read } = memoryReadTool({});

  it('refuses an unknown option by name, with the nearest known one', () => {
    expectBridgeError(
      () => toAiSdkTools({ tools: [read], exector: {} } as never),
      'invalid_option',
      /unknown option "exector" \(did you mean "executor"\?\)/,
    );
  });

  it('wants exactly one of registry and tools', () => {
    expectBridgeError(() => toAiSdkTools({}), 'invalid_option', /exactly one of registry .* got neither/);
    expectBridgeError(
      () => toAiSdkTools({ registry: new ToolRegistry(), tools: [read] }),
      'invalid_option',
      /got both/,
    );
  });

  it('refuses a tool named twice, a non-tool, an unknown target or image delivery', () => {
    expectBridgeError(() => toAiSdkTools({ tools: [read, read] }), 'duplicate_tool', /"Read" twice/);
    expectBridgeError(
      () => toAiSdkTools({ tools: [{ name: 'x' } as never] }),
      'invalid_option',
      /tools\[0\]/,
    );
    expectBridgeError(
      () => toAiSdkTools({ tools: [read], target: 'openai' as never }),
      'invalid_option',
      /target must be one of "json-schema", "openai-chat", .*; got string "openai"/,
    );
    expectBridgeError(
      () => toAiSdkTools({ tools: [read], images: 'base64' as never }),
      'invalid_option',
      /images/,
    );
  });

  it('refuses direct-run context options beside an executor, and a bad session id', () => {
    const executor = { executeBatch: async () => [] };
    expectBridgeError(
      () => toAiSdkTools({ tools: [read], executor, sessionId: 's' }),
      'invalid_option',
      /sessionId apply only without an executor/,
    );
    expectBridgeError(
      () => toAiSdkTools({ tools: [read], sessionId: '../x' }),
      'invalid_option',
      /sessionId/,
    );
  });
});

describe('the ToolSet', () => {
  it('declares each tool as its projection for the target, with the rendered description', async () => {
    const { tool: read } = memoryReadTool({});
    const tools = toAiSdkTools({ tools: [read], target: 'gemini' });
    const declaration = read.getFunctionDeclaration('gemini');
    expect(tools.Read?.description).toBe(declaration.description);
    expect(await asSchema(tools.Read?.inputSchema).jsonSchema).toEqual(declaration.parameters);
    expect(tools.Read?.type).toBe('dynamic');
    expect(Object.isFrozen(tools)).toBe(true);
  });

  it('offers the same schema as a Standard Schema with a JSON Schema converter', () => {
    const { tool: read } = memoryReadTool({});
    const standard = toAiSdkTools({ tools: [read] }).Read?.inputSchema['~standard'];
    expect(standard?.vendor).toBe('toolwright');
    expect(standard?.jsonSchema.input({ target: 'draft-07' })).toEqual(
      read.getFunctionDeclaration().parameters,
    );
    expect(standard?.validate({ file_path: 'a', limit: '2' })).toEqual({
      value: { file_path: 'a', limit: 2 },
    });
    const refused = standard?.validate({ path: 'a' });
    expect(refused?.issues?.[0]?.message).toMatch(/^Invalid arguments for tool "Read" .*file_path/s);
  });

  it('states strict for OpenAI targets of a strict tool, and reads null as absent there', async () => {
    const seen: unknown[] = [];
    const strictTool = createTool({
      name: 'Find',
      kind: ToolKind.ReadOnly,
      strict: true,
      schema: Type.Object({ pattern: Type.String(), limit: Type.Optional(Type.Integer()) }),
      description: 'Finds things.',
      execute: async (params) => {
        seen.push(params);
        return ToolResults.success('found');
      },
    });
    const chat = toAiSdkTools({ tools: [strictTool], target: 'openai-chat' });
    expect(chat.Find?.strict).toBe(true);
    expect(toAiSdkTools({ tools: [strictTool] }).Find?.strict).toBeUndefined();
    expect(toAiSdkTools({ tools: [memoryReadTool({}).tool], target: 'openai-responses' }).Read?.strict).toBe(
      false,
    );
    await call(chat.Find, { pattern: 'x', limit: null });
    expect(seen).toEqual([{ pattern: 'x' }]);
  });

  it("is a live, read-only view of a registry's catalog", () => {
    const registry = new ToolRegistry();
    const tools = toAiSdkTools({ registry });
    // ToolSearch is listed only while something is deferred: with nothing to find, it is left out.
    expect(Object.keys(tools)).toEqual([]);
    const { tool: read } = memoryReadTool({});
    registry.register(read);
    expect(Object.keys(tools)).toEqual(['Read']);
    registry.replaceTools('mcp:tracker', [createIssueTool().tool]);
    expect(Object.keys(tools)).toEqual(['Read', 'ToolSearch', 'mcp__tracker__create_issue']);
    registry.removeTools('mcp:tracker');
    expect(Object.keys(tools)).toEqual(['Read']);
    // A model that saw it in an earlier step may still call it.
    expect(tools.ToolSearch).toBeDefined();
    registry.replaceTools('mcp:tracker', [createIssueTool().tool]);
    expect('Read' in tools).toBe(true);
    expect(tools.Read).toBe(tools.Read); // bridged once per Tool object
    expect(Object.fromEntries(Object.entries(tools)).Read).toBe(tools.Read);
    registry.unregister('Read');
    expect(tools.Read).toBeUndefined();
    expect(() => {
      (tools as Record<string, unknown>).Read = {};
    }).toThrow(TypeError);
  });
});

describe('calls run without an executor', () => {
  it('get the context: the call id and its key, session, workspace, host fields, the provider target and the signal', async () => {
    let context: ExecutionContext | undefined;
    const probe = createTool({
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Reports its context.',
      execute: async (_params, received) => {
        context = received;
        return ToolResults.success('ok');
      },
    });
    const tools = toAiSdkTools({
      tools: [probe],
      target: 'anthropic',
      sessionId: 'session-1',
      workspaceRoot: '/work/space',
      contextFields: { clock: 'fake' },
    });
    const key = idempotencyKey('call-1', {});
    expect(await call(tools.Probe, {})).toEqual({
      status: 'success',
      callId: 'call-1',
      idempotencyKey: key,
      text: 'ok',
      images: [],
      artifacts: [],
      spilled: false,
    });
    expect(context).toMatchObject({
      toolCallId: 'call-1',
      idempotencyKey: key,
      sessionId: 'session-1',
      workspaceRoot: '/work/space',
      clock: 'fake',
      providerTarget: 'anthropic',
    });
    expect(context?.signal).toBeInstanceOf(AbortSignal);
  });

  it("turn a tool's throw into an error output, and an aborted run into an aborted one", async () => {
    const failing = createTool({
      name: 'Fail',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({}),
      description: 'Always fails.',
      execute: async () => {
        throw new Error('disk on fire');
      },
    });
    const tools = toAiSdkTools({ tools: [failing] });
    expect(await call(tools.Fail, {})).toMatchObject({
      status: 'error',
      text: 'disk on fire',
      error: { type: 'execution', message: 'disk on fire' },
    });
    const controller = new AbortController();
    controller.abort();
    expect(await call(tools.Fail, {}, controller.signal)).toMatchObject({
      status: 'aborted',
      error: { type: 'aborted' },
    });
  });

  it('refuse a deferred tool ToolSearch has not loaded, without validating (its schema stays unseen)', async () => {
    const registry = new ToolRegistry();
    const issue = createIssueTool();
    registry.replaceTools('mcp:tracker', [issue.tool]);
    const tools = toAiSdkTools({ registry });
    const output = await call(tools.mcp__tracker__create_issue, { wrong: true });
    expect(output.status).toBe('not_loaded');
    expect(output.text).toContain('select:mcp__tracker__create_issue');
    expect(output.text).not.toContain('title');
    registry.deferred.markLoaded(['mcp__tracker__create_issue']);
    expect(await call(tools.mcp__tracker__create_issue, { title: 'x' })).toMatchObject({ status: 'success' });
    expect(issue.created).toEqual([{ title: 'x' }]);
  });

  it('describe images in text for openai-chat, whose tool messages carry text only', async () => {
    const output = await call(toAiSdkTools({ tools: [screenshotTool], target: 'openai-chat' }).Screenshot, {
      url: 'u',
    });
    expect(output.images).toEqual([]);
    expect(output.text).toBe('screenshot of u\n[image image/png, 70 B, not stored]');
  });
});
