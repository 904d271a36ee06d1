import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import type { ExecutedCall } from '@toolwright/executor';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { fixturePath } from '@toolwright/test-support/mcp';
import { compileJsonSchema } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { connectMcpServers } from '../mcp/mcp-servers.js';
import type {
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
} from '../providers/model-provider.js';
import { OpenAiChatProvider } from '../providers/openai-chat-provider.js';
import { sessionFixtures } from '../test-support/executor-fixture.js';
import { startRecordingServer } from '../test-support/recording-server.js';
import { responseAsStream } from '../test-support/response-stream.js';
import { AgentLoop } from './agent-loop.js';

const flakyServer = fixturePath('flaky-server.mjs');

const fixture = sessionFixtures();

/** A provider that records every request and answers from a queue. */
class QueueProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'scripted' as const;
  readonly target = 'openai-chat' as const;
  readonly model = 'queue';
  readonly nullAsAbsent = false;
  readonly requests: ModelRequest[] = [];
  constructor(private readonly answers: ModelResponse[]) {}
  async send(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return this.answers.shift() ?? { text: 'done', toolCalls: [] };
  }
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    this.requests.push(request);
    return responseAsStream(this.answers.shift() ?? { text: 'done', toolCalls: [] });
  }
}

function mcpTool(server: string, name: string): Tool {
  return createTool({
    name: `mcp__${server}__${name}`,
    kind: ToolKind.ReadOnly,
    schema: compileJsonSchema({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    }),
    description: `${name} from ${server}`,
    source: { type: 'mcp', server, toolName: name, fingerprint: `${server}-${name}-v1` },
    async execute(params) {
      return { llmContent: `echo: ${(params as { text: string }).text}` };
    },
  });
}

describe('AgentLoop', () => {
  it('carries a structured result’s value beside its text, unless the value is too large to send whole', async () => {
    const setup = fixture();
    const names = Array.from({ length: 4000 }, (_, index) => `name-${index}`);
    setup.session.registry.registerAll([
      createTool({
        name: 'Forecast',
        kind: ToolKind.ReadOnly,
        schema: compileJsonSchema({ type: 'object', properties: {} }),
        outputSchema: compileJsonSchema({
          type: 'object',
          properties: { celsius: { type: 'number' } },
          required: ['celsius'],
        }),
        description: 'Forecasts.',
        execute: async () => ToolResults.structured({ celsius: 21.5 }),
      }),
      createTool({
        name: 'Census',
        kind: ToolKind.ReadOnly,
        schema: compileJsonSchema({ type: 'object', properties: {} }),
        description: 'Counts everyone.',
        execute: async () => ToolResults.structured({ names }, `${names.length} names.`),
      }),
    ]);
    const provider = new QueueProvider([
      {
        text: '',
        toolCalls: [
          { id: '1', name: 'Forecast', arguments: {} },
          { id: '2', name: 'Census', arguments: {} },
        ],
      },
      { text: 'finished', toolCalls: [] },
    ]);
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    await loop.run('weather and census');

    expect(provider.requests[1]!.messages.at(-1)).toEqual({
      role: 'tool',
      results: [
        {
          callId: '1',
          toolName: 'Forecast',
          content: '{"celsius":21.5}',
          isError: false,
          structuredContent: { celsius: 21.5 },
        },
        // Over 32 KiB as JSON: the model reads the text, as it would a spilled result's preview.
        { callId: '2', toolName: 'Census', content: '4000 names.', isError: false },
      ],
    });
  });

  it('lists deferred tools by name, and sends a schema only after ToolSearch loaded it', async () => {
    const setup = fixture({ trustedMcpServers: ['demo'] });
    setup.session.registry.replaceTools('mcp:demo', [mcpTool('demo', 'echo')], { reason: 'test' });
    setup.session.registry.drainCatalogChanges();
    const provider = new QueueProvider([
      {
        text: '',
        toolCalls: [{ id: '1', name: 'ToolSearch', arguments: { query: 'select:mcp__demo__echo' } }],
      },
      { text: '', toolCalls: [{ id: '2', name: 'mcp__demo__echo', arguments: { text: 'hi' } }] },
      { text: 'finished', toolCalls: [] },
    ]);
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    const result = await loop.run('use the echo tool');

    expect(result).toMatchObject({ finalText: 'finished', turns: 3, stopReason: 'completed' });
    const [first, second, third] = provider.requests;
    expect(first!.system).toContain(
      '<available-deferred-tools>\nmcp__demo__echo\n</available-deferred-tools>',
    );
    expect(first!.tools.map((tool) => tool.name)).not.toContain('mcp__demo__echo');
    expect(second!.tools.map((tool) => tool.name)).toContain('mcp__demo__echo');
    expect(second!.tools.every((tool) => tool.target === 'openai-chat')).toBe(true);
    const toolMessage = third!.messages.at(-1);
    expect(toolMessage).toMatchObject({
      role: 'tool',
      results: [{ callId: '2', content: 'echo: hi', isError: false }],
    });
  });

  it('declares no ToolSearch and mentions none while nothing is deferred, and both once a tool is', async () => {
    const setup = fixture({ trustedMcpServers: ['demo'] });
    const provider = new QueueProvider([
      { text: 'nothing deferred', toolCalls: [] },
      { text: 'one deferred', toolCalls: [] },
    ]);
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    await loop.run('hello');
    setup.session.registry.replaceTools('mcp:demo', [mcpTool('demo', 'echo')], { reason: 'test' });
    await loop.run('again');

    const [before, after] = provider.requests;
    expect(before!.tools.map((tool) => tool.name)).not.toContain('ToolSearch');
    expect(before!.system).not.toMatch(/ToolSearch|available-deferred-tools/);
    expect(after!.tools.map((tool) => tool.name)).toContain('ToolSearch');
    expect(after!.system).toMatch(/call ToolSearch with "select:<name>"/);
    expect(after!.system).toContain(
      '<available-deferred-tools>\nmcp__demo__echo\n</available-deferred-tools>',
    );
  });

  it("drains the registry's catalog changes and the adapter's events into one reminder, each change once", async () => {
    const setup = fixture({ trustedMcpServers: ['flaky'] });
    const servers = await connectMcpServers(
      setup.session,
      parseMcpServersConfig({ mcpServers: { flaky: { command: process.execPath, args: [flakyServer] } } }),
    );
    try {
      const provider = new QueueProvider([
        { text: '', toolCalls: [{ id: '1', name: 'TaskList', arguments: {} }] },
      ]);
      const loop = new AgentLoop({
        provider,
        registry: setup.session.registry,
        mcp: servers.adapter,
        executor: setup.session.executor,
        mode: setup.session.mode,
      });
      await loop.run('go');
      const [first, second] = provider.requests;
      const remindersIn = (request: typeof first) =>
        request!.messages
          .filter((message) => message.role === 'user' && message.text.startsWith('<system-reminder>'))
          .map((message) => (message as { text: string }).text);
      const [reminder] = remindersIn(first);
      // The tools arrived through the registry, the connection through the adapter: one line each.
      expect(
        reminder?.match(/MCP tools of server flaky changed: added [^\n]*mcp__flaky__exit-now/g),
      ).toHaveLength(1);
      expect(reminder?.match(/MCP server flaky is connected/g)).toHaveLength(1);
      // The next request carries the same reminder message, and no second one.
      expect(remindersIn(second)).toEqual([reminder]);
    } finally {
      await servers.close();
    }
  });

  it('sends the declarations of the current mode: after EnterPlanMode only ReadOnly tools remain', async () => {
    const setup = fixture({ trustedMcpServers: ['demo'] });
    const provider = new QueueProvider([
      { text: '', toolCalls: [{ id: '1', name: 'EnterPlanMode', arguments: {} }] },
    ]);
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    await loop.run('plan it');
    const names = (index: number) => provider.requests[index]!.tools.map((tool) => tool.name);
    expect(names(0)).toContain('Write');
    expect(names(1)).not.toContain('Write');
    expect(names(1)).not.toContain('Edit');
    expect(names(1)).toContain('Read');
    expect(setup.session.mode.current).toBe('plan');
  });

  it('stops when its signal aborts: the running tool sees the abort and no further request is sent', async () => {
    const setup = fixture({ trustedMcpServers: ['demo'] });
    let toolSawAbort = false;
    const waiting = createTool({
      name: 'WaitForever',
      kind: ToolKind.ReadOnly,
      schema: compileJsonSchema({ type: 'object', properties: {} }),
      description: 'test: waits for its signal',
      isConcurrencySafe: true,
      execute: (_params, context) =>
        new Promise((resolve) => {
          context.signal.addEventListener('abort', () => {
            toolSawAbort = true;
            resolve({ llmContent: 'stopped' });
          });
        }),
    });
    setup.session.registry.register(waiting);
    const provider = new QueueProvider([
      { text: '', toolCalls: [{ id: '1', name: 'WaitForever', arguments: {} }] },
    ]);
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user pressed Ctrl-C')), 30);
    await expect(loop.run('wait', controller.signal)).rejects.toThrow('user pressed Ctrl-C');
    expect(toolSawAbort).toBe(true);
    expect(provider.requests).toHaveLength(1);
  });

  it('stops at maxTurns', async () => {
    const setup = fixture({ trustedMcpServers: ['demo'] });
    const loop = new AgentLoop({
      provider: new QueueProvider(
        Array.from({ length: 5 }, (_, index) => ({
          text: '',
          toolCalls: [{ id: String(index), name: 'TaskList', arguments: {} }],
        })),
      ),
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
      maxTurns: 2,
    });
    expect(await loop.run('loop')).toMatchObject({ stopReason: 'max_turns', turns: 2 });
  });
});

/** A provider whose one message streams a Read, a Write and a Read, `gapMs` between events. */
class PacedProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'scripted' as const;
  readonly target = 'anthropic' as const;
  readonly model = 'paced';
  readonly nullAsAbsent = false;
  messageEndAt = 0;
  #turns = 0;
  constructor(private readonly options: { gapMs: number; failBeforeEnd?: boolean }) {}
  async send(): Promise<ModelResponse> {
    throw new Error('the loop streams');
  }
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    this.#turns += 1;
    if (this.#turns > 1) {
      yield { type: 'text-delta', text: 'done' };
      yield { type: 'message-end' };
      return;
    }
    const calls = [
      { id: 'r1', name: 'Read', arguments: { file_path: 'a.txt' } },
      { id: 'w1', name: 'Write', arguments: { file_path: 'b.txt', content: 'new' } },
      { id: 'r2', name: 'Read', arguments: { file_path: 'a.txt' } },
    ];
    for (const call of calls) {
      await sleep(this.options.gapMs, undefined, { signal: request.signal });
      yield { type: 'tool-call-start', callId: call.id, toolName: call.name };
      yield { type: 'tool-call-delta', callId: call.id, argumentsDelta: JSON.stringify(call.arguments) };
      yield { type: 'tool-call-end', callId: call.id };
    }
    await sleep(this.options.gapMs, undefined, { signal: request.signal });
    if (this.options.failBeforeEnd === true) throw new Error('stream reset by the provider');
    this.messageEndAt = performance.now();
    yield { type: 'message-end' };
  }
}

describe('AgentLoop streaming', () => {
  it('starts Reads while the model still streams, holds the Write until the message ends, answers in call order', async () => {
    const setup = fixture();
    setup.write('a.txt', 'alpha\n');
    const provider = new PacedProvider({ gapMs: 40 });
    const executed: ExecutedCall[] = [];
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
      onEvent: (event) => {
        if (event.type === 'tool-results') executed.push(...event.executed);
      },
    });
    expect(setup.session.registry.get('Write')?.isConcurrencySafe).toBe(false);
    const result = await loop.run('read and write');
    expect(result.finalText).toBe('done');
    expect(executed.map((call) => `${call.call.id}:${call.status}:${call.preStarted}`)).toEqual([
      'r1:success:true',
      'w1:success:false',
      'r2:success:true',
    ]);
    const toolMessage = result.messages.find((message) => message.role === 'tool');
    expect(toolMessage?.role === 'tool' && toolMessage.results.map((item) => item.callId)).toEqual([
      'r1',
      'w1',
      'r2',
    ]);
    expect(readFileSync(join(setup.workspace, 'b.txt'), 'utf8')).toBe('new');
  });

  it('a stream that fails mid-message throws, and the Write it already sent never runs', async () => {
    const setup = fixture();
    setup.write('a.txt', 'alpha\n');
    const loop = new AgentLoop({
      provider: new PacedProvider({ gapMs: 10, failBeforeEnd: true }),
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    await expect(loop.run('read and write')).rejects.toThrow('stream reset by the provider');
    expect(existsSync(join(setup.workspace, 'b.txt'))).toBe(false);
  });
});

describe('AgentLoop over the wire', () => {
  it('sends a schema that ToolSearch loaded in the very next OpenAI request', async () => {
    const answers = [
      { id: 'c1', name: 'ToolSearch', arguments: JSON.stringify({ query: 'select:mcp__demo__echo' }) },
      { id: 'c2', name: 'mcp__demo__echo', arguments: JSON.stringify({ text: 'over the wire' }) },
    ];
    const server = await startRecordingServer(() => {
      const next = answers.shift();
      const message =
        next === undefined
          ? { role: 'assistant', content: 'all done', refusal: null }
          : {
              role: 'assistant',
              content: null,
              refusal: null,
              tool_calls: [
                { id: next.id, type: 'function', function: { name: next.name, arguments: next.arguments } },
              ],
            };
      return {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [
          { index: 0, finish_reason: next === undefined ? 'stop' : 'tool_calls', logprobs: null, message },
        ],
      };
    });
    const setup = fixture({ trustedMcpServers: ['demo'] });
    try {
      setup.session.registry.replaceTools('mcp:demo', [mcpTool('demo', 'echo')]);
      const provider = new OpenAiChatProvider({
        model: 'm',
        apiKey: 'k',
        baseUrl: `${server.url}/v1`,
        maxRetries: 0,
      });
      const loop = new AgentLoop({
        provider,
        registry: setup.session.registry,
        executor: setup.session.executor,
        mode: setup.session.mode,
      });
      const result = await loop.run('echo something');
      expect(result.finalText).toBe('all done');
      const toolNames = server.requests.map((request) =>
        (request.body.tools as Array<{ function: { name: string } }>).map((tool) => tool.function.name),
      );
      expect(toolNames[0]).not.toContain('mcp__demo__echo');
      expect(toolNames[1]).toContain('mcp__demo__echo');
      const lastMessages = server.requests[2]!.body.messages as Array<{
        role: string;
        content: string;
        tool_call_id?: string;
      }>;
      expect(lastMessages.at(-1)).toEqual({
        role: 'tool',
        tool_call_id: 'c2',
        content: 'echo: over the wire',
      });
      expect((server.requests[0]!.body.messages as Array<{ content: string }>)[0]!.content).toContain(
        'mcp__demo__echo',
      );
    } finally {
      await server.close();
    }
  });
});
