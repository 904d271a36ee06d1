import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTool, type Tool, ToolKind, ToolResults } from '@toolwright/contracts';
import { compileJsonSchema } from '@toolwright/validation';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AgentLoop } from '../agent/agent-loop.js';
import { AnthropicProvider } from '../providers/anthropic-provider.js';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { createSessionFixture, type SessionFixture } from '../test-support/executor-fixture.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import type { WholeMessage } from '../test-support/streaming-server-anthropic.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { providerToolsPayload } from './provider-tools-payload.js';

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
    }),
    description: `${name.replaceAll('_', ' ')} in the issue tracker`,
    source: { type: 'mcp', server: 'issues', toolName: name, fingerprint: `issues-${name}-v1` },
    execute: async (params) => ToolResults.success(`${name}: ${(params as { text: string }).text}`),
  });
}

/** A built-in with structured examples, as a tool ported from blade-code declares them. */
const lookupTool = createTool({
  name: 'Lookup',
  kind: ToolKind.ReadOnly,
  schema: compileJsonSchema({
    type: 'object',
    properties: { key: { type: 'string' }, depth: { type: 'integer' } },
    required: ['key'],
  }),
  description: {
    short: 'Looks a key up.',
    usageNotes: ['Keys are case-sensitive.', 'Depth defaults to 1.'],
    examples: [
      'Looking up a project key',
      { description: 'Two levels deep', params: { key: 'TW', depth: 2 } },
    ],
  },
  execute: async () => ToolResults.success('found'),
});

function sessionWithDeferredTools(): SessionFixture {
  const setup = createSessionFixture({ trustedMcpServers: ['issues'] });
  fixtures.push(setup);
  setup.session.registry.register(lookupTool);
  setup.session.registry.replaceTools(
    'mcp:issues',
    [mcpTool('find_issue'), mcpTool('close_issue', ToolKind.Write)],
    { reason: 'test' },
  );
  setup.session.registry.drainCatalogChanges();
  return setup;
}

const textAnswer: WholeMessage = {
  content: [{ type: 'text', text: 'ok' }],
  usage: { input_tokens: 1, output_tokens: 1 },
};

describe('the Anthropic request, as the SDK sends it to a loopback server', () => {
  it('carries structured examples as input_examples and leaves them out of the description', async () => {
    server = await startRecordingServer(() => textAnswer);
    const setup = sessionWithDeferredTools();
    const provider = new AnthropicProvider({ model: 'm', apiKey: 'k', baseUrl: server.url, maxRetries: 0 });
    const set = setup.session.registry.getFunctionDeclarationsByMode('default', 'anthropic');
    await provider.send({ system: 's', messages: [{ role: 'user', text: 'hi' }], tools: set.declarations });
    const sent = server.requests.at(-1)!.body.tools as Array<Record<string, unknown>>;
    expect(sent.find((tool) => tool.name === 'Lookup')).toEqual({
      name: 'Lookup',
      description:
        'Looks a key up.\n\nUsage notes:\n- Keys are case-sensitive.\n- Depth defaults to 1.\n\nExamples:\n- Looking up a project key',
      input_schema: set.declarations.find((declaration) => declaration.name === 'Lookup')!.parameters,
      input_examples: [{ key: 'TW', depth: 2 }],
    });
    // Without provider search: ToolSearch, no deferred tool, no defer_loading, no search tool.
    expect(sent.map((tool) => tool.name)).toContain('ToolSearch');
    expect(JSON.stringify(sent)).not.toMatch(/defer_loading|tool_search_tool|mcp__issues/);
    expect(sent).toEqual(
      JSON.parse(JSON.stringify(providerToolsPayload('anthropic', set.declarations, set))),
    );
    // The fields are part of the Messages API the SDK speaks: no beta header is sent.
    expect(server.requests.at(-1)!.headers['anthropic-beta']).toBeUndefined();
  });

  it.each([
    ['bm25', 'tool_search_tool_bm25_20251119', 'tool_search_tool_bm25'],
    ['regex', 'tool_search_tool_regex_20251119', 'tool_search_tool_regex'],
  ] as const)(
    'with toolSearch %s sends deferred tools with defer_loading and Anthropic’s search tool, not ToolSearch',
    async (variant, type, name) => {
      server = await startRecordingServer(() => textAnswer);
      const setup = sessionWithDeferredTools();
      const provider = new AnthropicProvider({
        model: 'm',
        apiKey: 'k',
        baseUrl: server.url,
        maxRetries: 0,
        toolSearch: variant,
      });
      const loop = new AgentLoop({
        provider,
        registry: setup.session.registry,
        executor: setup.session.executor,
        mode: setup.session.mode,
      });
      await loop.run('find the login bug');
      const body = server.requests.at(-1)!.body;
      const sent = body.tools as Array<Record<string, unknown>>;
      expect(sent.at(-1)).toEqual({ type, name });
      expect(sent.filter((tool) => tool.defer_loading === true).map((tool) => tool.name)).toEqual([
        'mcp__issues__close_issue',
        'mcp__issues__find_issue',
      ]);
      expect(sent.map((tool) => tool.name)).not.toContain('ToolSearch');
      // The deferred-tools listing and ToolSearch are not mentioned: the provider searches.
      expect(JSON.stringify(body.system)).not.toMatch(/available-deferred-tools|ToolSearch/);
      const set = setup.session.registry.getFunctionDeclarationsByMode('default', 'anthropic', {
        providerToolSearch: variant,
      });
      expect(sent).toEqual(
        JSON.parse(JSON.stringify(providerToolsPayload('anthropic', set.declarations, set))),
      );
    },
  );

  it('keeps Plan mode with provider search: only ReadOnly deferred tools are sent', async () => {
    server = await startRecordingServer(() => textAnswer);
    const setup = sessionWithDeferredTools();
    setup.session.mode.set('plan');
    const provider = new AnthropicProvider({
      model: 'm',
      apiKey: 'k',
      baseUrl: server.url,
      maxRetries: 0,
      toolSearch: 'bm25',
    });
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    await loop.run('look around');
    const sent = server.requests.at(-1)!.body.tools as Array<Record<string, unknown>>;
    expect(sent.filter((tool) => tool.defer_loading === true).map((tool) => tool.name)).toEqual([
      'mcp__issues__find_issue',
    ]);
  });

  it('runs a tool the provider search found, and replays the search blocks on the next request', async () => {
    const searchTurn: WholeMessage = {
      content: [
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'find issue' },
        },
        {
          type: 'tool_search_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: {
            type: 'tool_search_tool_search_result',
            tool_references: [{ type: 'tool_reference', tool_name: 'mcp__issues__find_issue' }],
          },
        },
        { type: 'tool_use', id: 'toolu_1', name: 'mcp__issues__find_issue', input: { text: 'login' } },
      ],
      stop_reason: 'tool_use',
      usage: { input_tokens: 1, output_tokens: 1 },
    };
    const answers = [searchTurn, textAnswer];
    server = await startRecordingServer(() => answers.shift() ?? textAnswer);
    const setup = sessionWithDeferredTools();
    const provider = new AnthropicProvider({
      model: 'm',
      apiKey: 'k',
      baseUrl: server.url,
      maxRetries: 0,
      toolSearch: 'bm25',
    });
    const loop = new AgentLoop({
      provider,
      registry: setup.session.registry,
      executor: setup.session.executor,
      mode: setup.session.mode,
    });
    const result = await loop.run('find the login bug');
    expect(result.stopReason).toBe('completed');
    const second = server.requests[1]!.body as {
      messages: Array<{ role: string; content: unknown }>;
      tools: unknown[];
    };
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'server_tool_use',
          id: 'srvtoolu_1',
          name: 'tool_search_tool_bm25',
          input: { query: 'find issue' },
        },
        searchTurn.content[1],
        { type: 'tool_use', id: 'toolu_1', name: 'mcp__issues__find_issue', input: { text: 'login' } },
      ],
    });
    // The found tool ran (it was loaded when the search reported it), and is now sent directly.
    expect(second.messages[2]).toEqual({
      role: 'user',
      content: [
        expect.objectContaining({
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: 'find_issue: login',
        }),
      ],
    });
    const found = (second.tools as Array<Record<string, unknown>>).find(
      (tool) => tool.name === 'mcp__issues__find_issue',
    );
    expect(found).toBeDefined();
    expect(found).not.toHaveProperty('defer_loading');
  });
});

describe('the anthropicToolSearch config key', () => {
  it('reaches the Anthropic provider through createProvider, and is checked by value', async () => {
    const { createProvider } = await import('../providers/create-provider.js');
    const { parseAgentConfig } = await import('../config/agent-config.js');
    const config = parseAgentConfig(
      { provider: 'anthropic', anthropicToolSearch: 'regex' },
      'toolwright.config.json',
    );
    const provider = await createProvider({
      provider: 'anthropic',
      ...(config.anthropicToolSearch === undefined
        ? {}
        : { anthropicToolSearch: config.anthropicToolSearch }),
      env: { ANTHROPIC_API_KEY: 'k' },
    });
    expect(provider.providerToolSearch).toBe('regex');
    expect(
      (await createProvider({ provider: 'anthropic', env: { ANTHROPIC_API_KEY: 'k' } })).providerToolSearch,
    ).toBe(undefined);
    expect(() => new AnthropicProvider({ model: 'm', apiKey: 'k', toolSearch: 'bm52' as never })).toThrow(
      'AnthropicProvider: toolSearch must be "regex" or "bm25" (did you mean "bm25"?); got string "bm52".',
    );
    expect(() => parseAgentConfig({ anthropicToolSearch: 'bm52' }, 'toolwright.config.json')).toThrow(
      'key /anthropicToolSearch: expected one of "regex", "bm25", received string "bm52"',
    );
  });
});

describe('reminders with provider search', () => {
  it('tell the model to search again for a changed tool, not to use ToolSearch', async () => {
    const { drainSystemReminders } = await import('../agent/system-reminders.js');
    const setup = sessionWithDeferredTools();
    const changed = createTool({
      name: 'mcp__issues__find_issue',
      kind: ToolKind.ReadOnly,
      schema: compileJsonSchema({ type: 'object', properties: { text: { type: 'string' } } }),
      description: 'find issue, now with optional text',
      source: { type: 'mcp', server: 'issues', toolName: 'find_issue', fingerprint: 'issues-find_issue-v2' },
      execute: async () => ToolResults.success(''),
    });
    setup.session.registry.replaceTools('mcp:issues', [changed, mcpTool('close_issue', ToolKind.Write)], {
      reason: 'list_changed',
    });
    expect(drainSystemReminders(setup.session.registry, undefined, true)).toEqual([
      'MCP tools of server issues changed: changed mcp__issues__find_issue (search for it again before use).',
    ]);
  });
});

describe('tools --json with anthropicToolSearch (spawned CLI, a real MCP server over stdio)', () => {
  const directory = makeTemporaryDirectory('tool-search-cli');
  afterAll(async () => {
    directory.remove();
    await removeCliUnderTest();
  });

  it('shows the deferred MCP tools with defer_loading and the search tool, without ToolSearch', async () => {
    const everything = everythingServerEntry();
    const workspace = join(directory.path, 'workspace');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(
      join(workspace, '.mcp.json'),
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
      }),
    );
    const payloadWith = async (config: Record<string, unknown>) => {
      writeFileSync(join(workspace, 'toolwright.config.json'), JSON.stringify(config));
      const result = await runCli(['tools', '--provider', 'anthropic', '--json', '--trust-workspace'], {
        cwd: workspace,
        home: join(directory.path, 'home'),
      });
      expect(result.code, result.stderr).toBe(0);
      return (JSON.parse(result.stdout) as { payload: Array<Record<string, unknown>> }).payload;
    };
    const searched = await payloadWith({ anthropicToolSearch: 'regex' });
    expect(searched.at(-1)).toEqual({
      type: 'tool_search_tool_regex_20251119',
      name: 'tool_search_tool_regex',
    });
    const deferred = searched.filter((tool) => tool.defer_loading === true).map((tool) => String(tool.name));
    expect(deferred).toContain('mcp__everything__echo');
    expect(deferred.every((name) => name.startsWith('mcp__everything__'))).toBe(true);
    expect(searched.map((tool) => tool.name)).not.toContain('ToolSearch');
    expect(searched.map((tool) => tool.name)).toContain('Read');

    const plain = await payloadWith({});
    expect(plain.map((tool) => tool.name)).toContain('ToolSearch');
    expect(JSON.stringify(plain)).not.toMatch(/defer_loading|tool_search_tool_|mcp__everything__echo/);
  }, 60_000);
});
