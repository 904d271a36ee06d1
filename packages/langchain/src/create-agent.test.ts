import { Command, MemorySaver } from '@langchain/langgraph';
import { chatCompletionsServerPerTest } from '@toolwright/test-support/openai-compatible-server';
import { createAgent, type ToolMessage } from 'langchain';
import { describe, expect, it } from 'vitest';
import { InterruptApprover } from './interrupt-approver.js';
import { fixture, loopbackModel, PIXEL } from './test-support/agent-fixture.js';
import type { ToolwrightToolArtifact } from './tool-message-artifact.js';
import { toolwrightMiddleware } from './toolwright-middleware.js';

const serve = chatCompletionsServerPerTest();

const toolMessages = (messages: readonly unknown[]): ToolMessage[] =>
  messages.filter((message): message is ToolMessage => (message as ToolMessage).type === 'tool');

describe("createAgent with toolwright's middleware, over ChatOpenAI on a loopback server", () => {
  it('declares a deferred tool after ToolSearch loads it, and the model repairs a bad call from our message', async () => {
    const { registry, executor, filed } = fixture();
    const chat = await serve([
      {
        toolCalls: [{ id: 'c1', name: 'ToolSearch', arguments: { query: 'select:mcp__tracker__file_bug' } }],
      },
      { toolCalls: [{ id: 'c2', name: 'mcp__tracker__file_bug', arguments: { name: 'Flaky test' } }] },
      {
        toolCalls: [
          { id: 'c3', name: 'mcp__tracker__file_bug', arguments: { title: 'Flaky test', priority: '2' } },
        ],
      },
      { text: 'Filed it.' },
    ]);
    const agent = createAgent({
      model: loopbackModel(chat.baseURL),
      tools: [],
      middleware: [toolwrightMiddleware({ registry, executor, target: 'openai-chat' })],
    });
    const result = await agent.invoke({
      messages: [{ role: 'user', content: 'File a bug about the flaky test.' }],
    });

    expect(chat.declaredTools(0)).toEqual(['Save', 'Snap', 'ToolSearch']);
    expect(chat.declaredTools(1)).toEqual(['Save', 'Snap', 'ToolSearch', 'mcp__tracker__file_bug']);
    // The model is given the MCP tool's schema as toolwright projects it.
    const declared = chat.requests[1]?.body.tools?.find(
      (tool) => tool.function.name === 'mcp__tracker__file_bug',
    );
    expect(declared?.function.parameters).toMatchObject({ required: ['title'] });
    // The bad call: toolwright's repairable message, as the tool message the model read.
    const repair = chat.toolMessages(2).get('c2');
    expect(repair).toMatch(
      /^Invalid arguments for tool "mcp__tracker__file_bug" \(2 problems\); fix and call again:/,
    );
    expect(repair).toContain('"title"');
    const [, invalid] = toolMessages(result.messages);
    expect(invalid?.status).toBe('error');
    expect((invalid?.artifact as ToolwrightToolArtifact | undefined)?.status).toBe('invalid');
    // The repaired call ran once, with "2" coerced to 2.
    expect(filed).toEqual([{ title: 'Flaky test', priority: 2 }]);
    expect(chat.toolMessages(3).get('c3')).toBe('filed {"title":"Flaky test","priority":2}');
    expect(result.messages.at(-1)?.content).toBe('Filed it.');
  });

  it('sends the policy’s denial as the tool message, and nothing runs', async () => {
    const { registry, executor, saved } = fixture({ deny: ['Save'] });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Save', arguments: { file_path: 'a.md', text: 'x' } }] },
      { text: 'It was refused.' },
    ]);
    const agent = createAgent({
      model: loopbackModel(chat.baseURL),
      tools: [],
      middleware: [toolwrightMiddleware({ registry, executor })],
    });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Save a note.' }] });
    expect(saved).toEqual([]);
    expect(chat.toolMessages(1).get('c1')).toMatch(/deny/i);
    expect(toolMessages(result.messages)[0]?.status).toBe('error');
    expect((toolMessages(result.messages)[0]?.artifact as ToolwrightToolArtifact | undefined)?.status).toBe(
      'denied',
    );
  });

  it('returns an image as a standard image block, and as text naming it where the wire carries text only', async () => {
    const { registry, executor } = fixture();
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Snap', arguments: { url: 'https://example.com' } }] },
      { text: 'A pixel.' },
    ]);
    const agent = createAgent({
      model: loopbackModel(chat.baseURL),
      tools: [],
      middleware: [toolwrightMiddleware({ registry, executor, images: 'inline' })],
    });
    const result = await agent.invoke({ messages: [{ role: 'user', content: 'Screenshot it.' }] });
    expect(toolMessages(result.messages)[0]?.content).toEqual([
      { type: 'text', text: expect.stringContaining('screenshot of https://example.com') },
      { type: 'image', mimeType: 'image/png', data: PIXEL },
    ]);
    // Chat Completions tool messages carry text: the provider client sends the text part.
    expect(chat.toolMessages(1).get('c1')).toContain('screenshot of https://example.com');
  });

  /** An agent whose executor asks about Save through an InterruptApprover, with a checkpointer. */
  async function approvalAgent(reply: string) {
    const approvals = new InterruptApprover();
    const { registry, executor, saved } = fixture({ ask: ['Save'], approve: approvals.approve });
    const chat = await serve([
      { toolCalls: [{ id: 'c1', name: 'Save', arguments: { file_path: 'a.md', text: 'hello' } }] },
      { text: reply },
    ]);
    const agent = createAgent({
      model: loopbackModel(chat.baseURL),
      tools: [],
      middleware: [toolwrightMiddleware({ registry, executor, approvals })],
      checkpointer: new MemorySaver(),
    });
    const thread = { configurable: { thread_id: reply } };
    const paused = await agent.invoke({ messages: [{ role: 'user', content: 'Save a note.' }] }, thread);
    const resume = (type: 'approve' | 'reject') =>
      agent.invoke(new Command({ resume: { decisions: [{ type }] } }), thread);
    return { chat, saved, paused, resume };
  }

  it('pauses on an approval with an interrupt, and the resumed run executes exactly that call', async () => {
    const { chat, saved, paused, resume } = await approvalAgent('Saved.');
    expect(saved).toEqual([]);
    expect(paused.__interrupt__).toHaveLength(1);
    expect(paused.__interrupt__?.[0]?.value).toMatchObject({
      actionRequests: [{ name: 'Save', args: { file_path: 'a.md', text: 'hello' } }],
      reviewConfigs: [{ actionName: 'Save', allowedDecisions: ['approve', 'reject'] }],
    });
    expect(chat.requests).toHaveLength(1);

    const resumed = await resume('approve');
    expect(saved).toEqual([{ file_path: 'a.md', text: 'hello' }]);
    expect(chat.toolMessages(1).get('c1')).toBe('saved a.md');
    expect(resumed.messages.at(-1)?.content).toBe('Saved.');
  });

  it('declines the call when the person rejects it, and the model reads why', async () => {
    const { chat, saved, resume } = await approvalAgent('Not saved.');
    await resume('reject');
    expect(saved).toEqual([]);
    expect(chat.toolMessages(1).get('c1')).toMatch(/^The user declined/);
  });
});
