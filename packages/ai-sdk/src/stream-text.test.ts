import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import {
  type ChatCompletionsServer,
  startChatCompletionsServer,
} from '@toolwright/test-support/openai-compatible-server';
import { stepCountIs, streamText } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createPrepareStep } from './active-tools.js';
import {
  createIssueTool,
  memoryReadTool,
  recordingWriteTool,
  scriptedModel,
} from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';
import type { ToolwrightToolOutput } from './tool-output.js';

let server: ChatCompletionsServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('streamText with a registry through the bridge (server-sent events)', () => {
  it('loads a tool with ToolSearch, repairs a bad call, is refused a Write, and finishes', async () => {
    const workspace = makeTempDir('toolwright-ai-sdk');
    const read = memoryReadTool({ 'notes.md': 'hello' });
    const write = recordingWriteTool(workspace);
    const issue = createIssueTool();
    const registry = new ToolRegistry();
    registry.registerAll([read.tool, write.tool]);
    registry.replaceTools('mcp:tracker', [issue.tool]);
    const executor = new ToolExecutor({
      lookup: (name) => registry.get(name),
      deferred: registry.deferred,
      permissions: new PermissionPolicy({
        workspaceRoot: workspace,
        allow: ['mcp__tracker__*'],
        ask: ['Write(**)'],
      }),
      sessionId: 'stream',
      workspaceRoot: workspace,
    });
    server = await startChatCompletionsServer([
      { toolCalls: [{ id: 'c1', name: 'ToolSearch', arguments: { query: 'tracker issue' } }] },
      {
        text: 'Filing it.',
        toolCalls: [
          { id: 'c2', name: 'mcp__tracker__create_issue', arguments: { name: 'Flaky test' } },
          { id: 'c3', name: 'Write', arguments: { file_path: 'log.md', content: 'filed' } },
        ],
      },
      {
        toolCalls: [
          { id: 'c4', name: 'mcp__tracker__create_issue', arguments: { title: 'Flaky test', priority: '2' } },
        ],
      },
      { text: 'Done.' },
    ]);

    const stream = streamText({
      model: scriptedModel(server.baseURL),
      tools: toAiSdkTools({ registry, executor }),
      prepareStep: createPrepareStep({ registry }),
      stopWhen: stepCountIs(6),
      prompt: 'File an issue and log it.',
    });
    const parts: Array<{ type: string; toolCallId?: string; output?: unknown; error?: unknown }> = [];
    for await (const part of stream.fullStream) parts.push(part as (typeof parts)[number]);

    expect(await stream.text).toBe('Done.');
    expect(server.requests.every((request) => request.body.stream === true)).toBe(true);
    expect(server.declaredTools(0)).not.toContain('mcp__tracker__create_issue');
    expect(server.declaredTools(1)).toContain('mcp__tracker__create_issue');

    const repair = server.toolMessages(2).get('c2') ?? '';
    expect(repair).toMatch(/^Invalid input for tool mcp__tracker__create_issue: /);
    expect(repair).toContain('title');
    expect(parts.find((part) => part.type === 'tool-error' && part.toolCallId === 'c2')).toBeDefined();

    // Writes ask, and nobody is there to approve: denied, reported, the run goes on.
    const refused = parts.find((part) => part.type === 'tool-result' && part.toolCallId === 'c3');
    expect((refused?.output as ToolwrightToolOutput | undefined)?.status).toBe('denied');
    expect(server.toolMessages(2).get('c3')).toContain('non-interactive');
    expect(write.writes).toEqual([]);

    // "2" was coerced for the MCP tool's integer property.
    expect(issue.created).toEqual([{ title: 'Flaky test', priority: 2 }]);
    expect(server.toolMessages(3).get('c4')).toBe('created issue {"title":"Flaky test","priority":2}');
  });
});
