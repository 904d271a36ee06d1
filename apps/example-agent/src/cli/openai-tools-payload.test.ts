import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { compileJsonSchema } from '@toolwright/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentLoop } from '../agent/agent-loop.js';
import { AnthropicProvider } from '../providers/anthropic-provider.js';
import { OpenAiResponsesProvider } from '../providers/openai-responses-provider.js';
import { createSessionFixture, type SessionFixture } from '../test-support/executor-fixture.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import type { WholeResponse } from '../test-support/streaming-server-openai-responses.js';
import { providerToolsPayload } from './provider-tools-payload.js';

// OpenAI's hosted tool search, on the wire: the official SDK against a loopback Responses API.

const fixtures: SessionFixture[] = [];
let server: RecordingServer | undefined;
afterEach(async () => {
  for (const fixture of fixtures.splice(0)) fixture.remove();
  await server?.close();
  server = undefined;
});

function mcpTool(name: string, kind: ToolKind = ToolKind.ReadOnly): Tool {
  return createTool({
    name: `mcp__issues__${name}`,
    kind,
    schema: compileJsonSchema({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    }),
    description: `${name.replaceAll('_', ' ')} in the issue tracker`,
    source: { type: 'mcp', server: 'issues', toolName: name, fingerprint: `issues-${name}-v1` },
    execute: async (params) => ToolResults.success(`${name}: ${(params as { text: string }).text}`),
  });
}

function sessionWithDeferredTools(): SessionFixture {
  const setup = createSessionFixture({ trustedMcpServers: ['issues'] });
  fixtures.push(setup);
  setup.session.registry.replaceTools(
    'mcp:issues',
    [mcpTool('find_issue'), mcpTool('close_issue', ToolKind.Write)],
    { reason: 'test' },
  );
  setup.session.registry.drainCatalogChanges();
  return setup;
}

const textAnswer: WholeResponse = {
  output: [
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'ok', annotations: [] }],
    },
  ],
  usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
};

function loopWith(setup: SessionFixture, provider: OpenAiResponsesProvider): AgentLoop {
  return new AgentLoop({
    provider,
    registry: setup.session.registry,
    executor: setup.session.executor,
    mode: setup.session.mode,
  });
}

const hostedProvider = (url: string) =>
  new OpenAiResponsesProvider({
    model: 'm',
    apiKey: 'k',
    baseUrl: `${url}/v1`,
    maxRetries: 0,
    toolSearch: 'hosted',
  });

type SentTool = Record<string, unknown> & { tools?: Array<Record<string, unknown>> };

describe('OpenAI Responses with hosted tool search', () => {
  it('sends deferred tools in their namespace with defer_loading, then tool_search, and no ToolSearch', async () => {
    server = await startRecordingServer(() => textAnswer);
    const setup = sessionWithDeferredTools();
    await loopWith(setup, hostedProvider(server.url)).run('find the login bug');
    const body = server.requests.at(-1)!.body as { tools: SentTool[]; instructions: string };
    expect(body.tools.at(-1)).toEqual({ type: 'tool_search' });
    const namespace = body.tools.find((tool) => tool.type === 'namespace');
    expect(namespace).toMatchObject({
      name: 'issues',
      description: 'Tools of the MCP server "issues": close_issue, find_issue.',
    });
    expect(namespace?.tools?.map((tool) => [tool.name, tool.defer_loading])).toEqual([
      ['mcp__issues__close_issue', true],
      ['mcp__issues__find_issue', true],
    ]);
    // No deferred function is also sent at the top level, and ToolSearch is left out.
    const topLevel = body.tools.filter((tool) => tool.type === 'function').map((tool) => tool.name);
    expect(topLevel).not.toContain('ToolSearch');
    expect(topLevel.filter((name) => String(name).startsWith('mcp__'))).toEqual([]);
    expect(body.instructions).not.toMatch(/available-deferred-tools|ToolSearch/);
    // `tools --json` shows exactly this.
    const set = setup.session.registry.getFunctionDeclarationsByMode('default', 'openai-responses', {
      providerToolSearch: 'hosted',
    });
    expect(body.tools).toEqual(
      JSON.parse(JSON.stringify(providerToolsPayload('openai-responses', set.declarations, set))),
    );
  });

  it('keeps Plan mode: only ReadOnly deferred tools are in the namespace', async () => {
    server = await startRecordingServer(() => textAnswer);
    const setup = sessionWithDeferredTools();
    setup.session.mode.set('plan');
    await loopWith(setup, hostedProvider(server.url)).run('look around');
    const body = server.requests.at(-1)!.body as { tools: SentTool[] };
    const namespace = body.tools.find((tool) => tool.type === 'namespace');
    expect(namespace?.tools?.map((tool) => tool.name)).toEqual(['mcp__issues__find_issue']);
  });

  it('runs a function the search loaded, and replays the search and the namespaced call next time', async () => {
    const loaded = {
      type: 'namespace',
      name: 'issues',
      description: 'Tools of the MCP server "issues": close_issue, find_issue.',
      tools: [
        {
          type: 'function',
          name: 'mcp__issues__find_issue',
          description: 'find issue in the issue tracker',
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
          strict: false,
          defer_loading: true,
        },
      ],
    };
    const searchTurn: WholeResponse = {
      output: [
        {
          type: 'tool_search_call',
          id: 'tsc_1',
          call_id: null,
          execution: 'server',
          status: 'completed',
          arguments: { query: 'find issue' },
        },
        {
          type: 'tool_search_output',
          id: 'tso_1',
          call_id: null,
          execution: 'server',
          status: 'completed',
          tools: [loaded],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_1',
          name: 'mcp__issues__find_issue',
          namespace: 'issues',
          arguments: '{"text":"login"}',
        },
      ],
      usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
    };
    const answers = [searchTurn, textAnswer];
    server = await startRecordingServer(() => answers.shift() ?? textAnswer);
    const setup = sessionWithDeferredTools();
    const result = await loopWith(setup, hostedProvider(server.url)).run('find the login bug');
    expect(result.stopReason).toBe('completed');
    const second = server.requests[1]!.body as { input: Array<Record<string, unknown>>; tools: SentTool[] };
    expect(second.input.slice(1)).toEqual([
      searchTurn.output[0],
      searchTurn.output[1],
      {
        type: 'function_call',
        call_id: 'call_1',
        name: 'mcp__issues__find_issue',
        arguments: '{"text":"login"}',
        namespace: 'issues',
      },
      { type: 'function_call_output', call_id: 'call_1', output: 'find_issue: login' },
    ]);
    // Loaded when the search reported it: now sent directly, and its namespace keeps the rest.
    const direct = second.tools.find((tool) => tool.name === 'mcp__issues__find_issue');
    expect(direct).toMatchObject({ type: 'function' });
    expect(direct).not.toHaveProperty('defer_loading');
    const namespace = second.tools.find((tool) => tool.type === 'namespace');
    expect(namespace?.tools?.map((tool) => tool.name)).toEqual(['mcp__issues__close_issue']);
  });
});

describe('the openaiToolSearch config key', () => {
  it('reaches the OpenAI Responses provider through createProvider, and is checked by value', async () => {
    const { createProvider } = await import('../providers/create-provider.js');
    const { parseAgentConfig } = await import('../config/agent-config.js');
    const config = parseAgentConfig(
      { provider: 'openai-responses', openaiToolSearch: 'hosted' },
      'toolwright.config.json',
    );
    const provider = await createProvider({
      provider: 'openai-responses',
      ...(config.openaiToolSearch === undefined ? {} : { openaiToolSearch: config.openaiToolSearch }),
      env: { OPENAI_API_KEY: 'k' },
    });
    expect(provider.providerToolSearch).toBe('hosted');
    expect(() => new OpenAiResponsesProvider({ model: 'm', apiKey: 'k', toolSearch: 'bm25' })).toThrow(
      'OpenAiResponsesProvider: toolSearch must be "hosted"; got string "bm25".',
    );
    expect(() => new AnthropicProvider({ model: 'm', apiKey: 'k', toolSearch: 'hosted' })).toThrow(
      'AnthropicProvider: toolSearch must be "regex" or "bm25"; got string "hosted".',
    );
    expect(() => parseAgentConfig({ openaiToolSearch: 'server' }, 'toolwright.config.json')).toThrow(
      /key \/openaiToolSearch: expected "hosted", received string "server"/,
    );
  });
});
