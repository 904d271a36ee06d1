import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import { generateText, stepCountIs, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activeToolNames, createPrepareStep } from './active-tools.js';
import { bridgeAgentSetup, scriptedServerPerTest } from './test-support/bridge-agent.js';
import {
  memoryReadTool,
  ONE_PIXEL_PNG,
  recordingWriteTool,
  screenshotTool,
  scriptedModel,
} from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

const serve = scriptedServerPerTest();

/** A registry with Read, Write and a deferred MCP tool, and an executor over it. */
function agentSetup(options: { deny?: string[] } = {}) {
  const setup = bridgeAgentSetup(options);
  return { ...setup, executor: setup.executor() };
}

describe('generateText with a registry through the bridge', () => {
  it('declares a deferred tool only in the step after ToolSearch loaded it, then runs it', async () => {
    const { registry, executor, issue } = agentSetup();
    const chat = await serve([
      {
        toolCalls: [
          { id: 'c1', name: 'ToolSearch', arguments: { query: 'select:mcp__tracker__create_issue' } },
        ],
      },
      { toolCalls: [{ id: 'c2', name: 'mcp__tracker__create_issue', arguments: { title: 'Flaky test' } }] },
      { text: 'Filed it.' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ registry, executor }),
      prepareStep: createPrepareStep({ registry }),
      stopWhen: stepCountIs(5),
      prompt: 'File an issue about the flaky test.',
    });

    expect(result.text).toBe('Filed it.');
    expect(chat.requests).toHaveLength(3);
    expect(chat.declaredTools(0)).toEqual(['Read', 'ToolSearch', 'Write']);
    expect(chat.declaredTools(1)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__tracker__create_issue']);
    // The schema the model receives is the toolwright projection of the MCP tool's schema.
    const declared = chat.requests[1]?.body.tools?.find(
      (tool) => tool.function.name === 'mcp__tracker__create_issue',
    );
    expect(declared?.function.parameters).toMatchObject({ required: ['title'] });
    expect(chat.toolMessages(1).get('c1')).toContain('mcp__tracker__create_issue');
    expect(issue.created).toEqual([{ title: 'Flaky test' }]);
    expect(chat.toolMessages(2).get('c2')).toBe('created issue {"title":"Flaky test"}');
  });

  it('declares exactly the two eager tools of a registry with nothing deferred, no ToolSearch', async () => {
    const read = memoryReadTool({ 'notes.md': 'line 1' });
    const write = recordingWriteTool(makeTempDir('toolwright-ai-sdk'));
    const registry = new ToolRegistry();
    registry.registerAll([read.tool, write.tool]);
    const tools = toAiSdkTools({ registry });
    expect(Object.keys(tools)).toEqual(['Read', 'Write']);
    const chat = await serve([{ text: 'Nothing to do.' }, { text: 'Still nothing.' }]);
    // Without prepareStep the SDK declares the whole set; with it, the registry's active names.
    await generateText({ model: scriptedModel(chat.baseURL), tools, prompt: 'Hello.' });
    await generateText({
      model: scriptedModel(chat.baseURL),
      tools,
      prepareStep: createPrepareStep({ registry }),
      prompt: 'Hello again.',
    });
    expect(chat.declaredTools(0)).toEqual(['Read', 'Write']);
    expect(chat.declaredTools(1)).toEqual(['Read', 'Write']);
  });

  it("sends the model toolwright's repairable message for bad input, and the repaired call runs", async () => {
    const { registry, executor, read } = agentSetup();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Read', arguments: { path: 'notes.md' } }] },
      { toolCalls: [{ id: 'c2', name: 'Read', arguments: { file_path: 'notes.md' } }] },
      { text: 'Read it.' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ registry, executor }),
      prepareStep: createPrepareStep({ registry }),
      stopWhen: stepCountIs(5),
      prompt: 'Read the notes.',
    });

    expect(result.text).toBe('Read it.');
    const repairMessage = chat.toolMessages(1).get('c1') ?? '';
    expect(repairMessage).toMatch(/^Invalid input for tool Read: /);
    expect(repairMessage).toContain('file_path');
    expect(repairMessage).toContain('(code: validation_failed)');
    // Only toolwright's words: the SDK's echo of the whole input is left out.
    expect(repairMessage).not.toContain('Type validation failed');
    expect(result.steps[0]?.content.find((part) => part.type === 'tool-error')).toMatchObject({
      toolName: 'Read',
      input: { path: 'notes.md' },
    });
    expect(read.calls).toEqual([{ file_path: 'notes.md' }]);
    expect(chat.toolMessages(2).get('c2')).toBe('line 1\nline 2\nline 3\nline 4');
  });

  it('returns a permission denial to the model as a tool error, and the run goes on', async () => {
    const { registry, executor, write } = agentSetup({ deny: ['Write(secrets/**)'] });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Write', arguments: { file_path: 'secrets/key.txt', content: 'x' } }] },
      { toolCalls: [{ id: 'c2', name: 'Write', arguments: { file_path: 'notes/todo.md', content: 'y' } }] },
      { text: 'Wrote the todo instead.' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ registry, executor }),
      prepareStep: createPrepareStep({ registry }),
      stopWhen: stepCountIs(5),
      prompt: 'Write things.',
    });

    expect(result.text).toBe('Wrote the todo instead.');
    const denied = result.steps[0]?.toolResults[0]?.output as ToolwrightToolOutput;
    expect(denied.status).toBe('denied');
    expect(denied.error?.type).toBe('permission_denied');
    expect(chat.toolMessages(1).get('c1')).toContain('Write(secrets/**)');
    expect(write.writes).toEqual([{ file_path: 'notes/todo.md', content: 'y' }]);
    // The denial went out as an error result: the response message holds error-text.
    const toolMessage = result.steps[0]?.response.messages.find((message) => message.role === 'tool');
    expect(JSON.stringify(toolMessage?.content)).toContain('"type":"error-text"');
  });

  it('coerces "3" to 3 before the tool runs (and the model is not told off)', async () => {
    const { registry, executor, read } = agentSetup();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Read', arguments: { file_path: 'notes.md', limit: '3' } }] },
      { text: 'ok' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ registry, executor }),
      prepareStep: createPrepareStep({ registry }),
      stopWhen: stepCountIs(5),
      prompt: 'Read three lines.',
    });

    expect(read.calls).toEqual([{ file_path: 'notes.md', limit: 3 }]);
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual({ file_path: 'notes.md', limit: 3 });
    expect(chat.toolMessages(1).get('c1')).toBe('line 1\nline 2\nline 3');
  });

  it('sends an image result as image content of the tool result', async () => {
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Screenshot', arguments: { url: 'https://example.com' } }] },
      { text: 'A blank page.' },
    ]);
    const result = await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ tools: [screenshotTool] }),
      stopWhen: stepCountIs(5),
      prompt: 'What does the page look like?',
    });

    const output = result.steps[0]?.toolResults[0]?.output as ToolwrightToolOutput;
    expect(output.images).toEqual([{ mediaType: 'image/png', data: ONE_PIXEL_PNG }]);
    const toolMessage = result.steps[0]?.response.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toEqual([
      expect.objectContaining({
        type: 'tool-result',
        output: {
          type: 'content',
          value: [
            // The text says what the executor says of an image it had no sink to store in.
            { type: 'text', text: 'screenshot of https://example.com\n[image image/png, 70 B, not stored]' },
            { type: 'image-data', data: ONE_PIXEL_PNG, mediaType: 'image/png' },
          ],
        },
      }),
    ]);
    // Chat Completions tool messages are text: the provider serialises the content parts.
    expect(chat.toolMessages(1).get('c1')).toContain(ONE_PIXEL_PNG);
  });

  it("keeps the model's order within a step: a Read after a Write sees what was written", async () => {
    const files = new Map<string, string>([['plan.md', 'old']]);
    const write = createTool({
      name: 'Write',
      kind: ToolKind.Write,
      schema: Type.Object({ file_path: Type.String(), content: Type.String() }),
      description: 'Writes a file.',
      execute: async (params) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        files.set(params.file_path, params.content);
        return ToolResults.success(`wrote ${params.file_path}`);
      },
    });
    const read = createTool({
      name: 'Read',
      kind: ToolKind.ReadOnly,
      isConcurrencySafe: true,
      schema: Type.Object({ file_path: Type.String() }),
      description: 'Reads a file.',
      execute: async (params) => ToolResults.success(files.get(params.file_path) ?? 'missing'),
    });
    const chat = await serve([
      {
        toolCalls: [
          { id: 'c1', name: 'Read', arguments: { file_path: 'plan.md' } },
          { id: 'c2', name: 'Write', arguments: { file_path: 'plan.md', content: 'new' } },
          { id: 'c3', name: 'Read', arguments: { file_path: 'plan.md' } },
        ],
      },
      { text: 'ok' },
    ]);
    await generateText({
      model: scriptedModel(chat.baseURL),
      tools: toAiSdkTools({ tools: [read, write] }),
      stopWhen: stepCountIs(3),
      prompt: 'Update the plan.',
    });
    const results = chat.toolMessages(1);
    expect([results.get('c1'), results.get('c2'), results.get('c3')]).toEqual([
      'old',
      'wrote plan.md',
      'new',
    ]);
  });

  it('mixes with native AI SDK tools in one ToolSet', async () => {
    const { registry, read } = agentSetup();
    const chat = await serve([
      {
        toolCalls: [
          { id: 'c1', name: 'clock', arguments: {} },
          { id: 'c2', name: 'Read', arguments: { file_path: 'notes.md', limit: 1 } },
        ],
      },
      { text: 'ok' },
    ]);
    const clock = tool({
      description: 'Tells the time.',
      inputSchema: z.object({}),
      execute: async () => '12:00',
    });
    // Annotated: a spread of the bridged set would otherwise be typed by its literal keys only.
    const tools: ToolSet = { ...toAiSdkTools({ registry }), clock };
    await generateText({
      model: scriptedModel(chat.baseURL),
      tools,
      prepareStep: () => ({ activeTools: [...activeToolNames(registry), 'clock'] }),
      stopWhen: stepCountIs(3),
      prompt: 'What time is it, and what is in the notes?',
    });
    expect(chat.declaredTools(0)).toEqual(['Read', 'ToolSearch', 'Write', 'clock']);
    expect(chat.toolMessages(1).get('c1')).toBe('12:00');
    expect(chat.toolMessages(1).get('c2')).toBe('line 1');
    expect(read.calls).toEqual([{ file_path: 'notes.md', limit: 1 }]);
  });
});
