import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@sinclair/typebox';
import { toAiSdkTools } from '@toolwright/ai-sdk';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ExecutorError, ExecutorErrorCode, ToolExecutor } from '@toolwright/executor';
import { ToolRegistry } from '@toolwright/registry';
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, describe, expect, it } from 'vitest';
import { mcpCallContextFields } from './session/call-fields.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

// One call, every host: the executor itself, the AI SDK bridge (with and without an executor)
// and this MCP server (with and without one). Each host only translates the executed call into
// its protocol, so the model reads the executor's words through all of them.

const WORKSPACE = '/parity/workspace';

/** Calls of Wait that have started, so a test aborts a call that is surely running. */
const waiting: Array<() => void> = [];

function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
  });
}

const tools = [
  createTool({
    name: 'Echo',
    kind: ToolKind.ReadOnly,
    isConcurrencySafe: true,
    schema: Type.Object({ text: Type.String() }),
    description: 'Repeats the text.',
    execute: async (params) => ToolResults.success(params.text),
  }),
  createTool({
    name: 'Fail',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ how: Type.Union([Type.Literal('node'), Type.Literal('toolwright')]) }),
    description: 'Throws: a Node error with a code, or a toolwright error with one.',
    execute: async (params) => {
      throw params.how === 'node'
        ? Object.assign(new Error('disk on fire'), { code: 'EIO' })
        : new ExecutorError(ExecutorErrorCode.InvalidOption, 'the knob is out of range');
    },
  }),
  createTool({
    name: 'Hang',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: 'Runs until it is stopped (the hosts with an executor time it out).',
    execute: (_params, context) => untilAborted(context.signal),
  }),
  createTool({
    name: 'Wait',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: 'Runs until it is aborted, and says when it has started.',
    execute: (_params, context) => {
      const stopped = untilAborted(context.signal);
      waiting.shift()?.();
      return stopped;
    },
  }),
];

/** A registry with the tools above and a deferred MCP tool that ToolSearch has not loaded. */
function parityRegistry(): ToolRegistry {
  const registry = new ToolRegistry();
  registry.registerAll(tools, { atomic: true });
  registry.replaceTools('mcp:tracker', [
    createTool({
      name: 'mcp__tracker__create_issue',
      kind: ToolKind.Execute,
      schema: Type.Object({ title: Type.String() }),
      description: 'Creates an issue in the tracker.',
      source: { type: 'mcp', server: 'tracker', toolName: 'create_issue', fingerprint: 'sha256:1' },
      execute: async () => ToolResults.success('created'),
    }),
  ]);
  return registry;
}

const allowEverything = { decide: () => ({ behavior: 'allow' as const, reason: 'parity test' }) };

function executorOver(
  registry: ToolRegistry,
  extra: { contextFields?: Readonly<Record<string, unknown>> } = {},
) {
  return new ToolExecutor({
    lookup: (name) => registry.get(name),
    deferred: registry.deferred,
    permissions: allowEverything,
    sessionId: 'parity',
    workspaceRoot: WORKSPACE,
    toolTimeoutsMs: { Hang: 50 },
    timeoutGraceMs: 0,
    ...extra,
  });
}

/** What the model reads of one call, and whether the host marked it as failed. */
interface Heard {
  readonly text: string;
  readonly failed: boolean;
}

/** How one host runs `name(args)`; `signal` aborts the call once Wait has started. */
type Host = (name: string, args: unknown, signal?: AbortSignal) => Promise<Heard>;

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

function viaExecutor(): Host {
  const executor = executorOver(parityRegistry());
  return async (name, args, signal) => {
    const [executed] = await executor.executeBatch(
      [{ id: 'call-1', name, arguments: args }],
      signal === undefined ? {} : { signal },
    );
    return { text: executed?.content ?? '', failed: executed?.result.error !== undefined };
  };
}

/**
 * Through the AI SDK: one real `generateText` step whose model calls the tool, and the tool
 * result as the SDK hands it to the model in the next request. An abort ends the SDK's whole run
 * (nothing reaches a model), so an aborted call is run by the tool's own `execute`, as the SDK
 * calls it.
 */
function viaAiSdk(withExecutor: boolean): Host {
  const registry = parityRegistry();
  const toolSet = toAiSdkTools({
    registry,
    ...(withExecutor ? { executor: executorOver(registry) } : { workspaceRoot: WORKSPACE }),
  });
  return async (name, args, signal) => {
    if (signal !== undefined) {
      const output = await toolSet[name]?.execute(args, { toolCallId: 'call-1', abortSignal: signal });
      return { text: output?.text ?? '', failed: output?.error !== undefined };
    }
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: name, input: JSON.stringify(args) }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 1, text: 1, reasoning: undefined },
        },
        warnings: [],
      }),
    });
    const result = await generateText({ model, tools: toolSet, prompt: 'Call the tool.' });
    const message = result.steps[0]?.response.messages.find((entry) => entry.role === 'tool');
    const part = Array.isArray(message?.content) ? message.content[0] : undefined;
    const output = part?.type === 'tool-result' ? part.output : undefined;
    if (output?.type === 'error-text') return { text: output.value, failed: true };
    if (output?.type === 'text') return { text: output.value, failed: false };
    throw new Error(`unexpected tool output ${JSON.stringify(output)}`);
  };
}

/** Through this server, to a real MCP client over an in-memory transport. */
function viaMcpServer(withExecutor: boolean): Host {
  const registry = parityRegistry();
  const server = new ToolwrightMcpServer({
    registry,
    workspaceRoot: WORKSPACE,
    ...(withExecutor ? { executor: executorOver(registry, { contextFields: mcpCallContextFields() }) } : {}),
  });
  const client = new Client({ name: 'parity-client', version: '1.0.0' });
  clients.push(client);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const connected = Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return async (name, args) => {
    await connected;
    const result = (await client.callTool({
      name,
      arguments: args as Record<string, unknown>,
    })) as CallToolResult;
    const text = result.content
      .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
      .join('\n');
    return { text, failed: result.isError === true };
  };
}

const hosts = {
  executor: viaExecutor(),
  'ai-sdk with an executor': viaAiSdk(true),
  'ai-sdk without an executor': viaAiSdk(false),
  'mcp-server with an executor': viaMcpServer(true),
  'mcp-server without an executor': viaMcpServer(false),
} satisfies Record<string, Host>;

type HostName = keyof typeof hosts;
const EVERY_HOST = Object.keys(hosts) as HostName[];
const WITH_AN_EXECUTOR: HostName[] = ['executor', 'ai-sdk with an executor', 'mcp-server with an executor'];

const VALIDATION_TEXT =
  'Invalid arguments for tool "Echo" (1 problem); fix and call again:\n- /text: expected string, received integer 3 (code: validation_failed)';

/** The SDK's words around a refused input: the AI SDK sends an invalid call back this way. */
const AI_SDK_INVALID_INPUT = 'Invalid input for tool Echo: ';

describe('one call, every host, the same words for the model', () => {
  it.each(EVERY_HOST)('%s: a validation failure is the repairable message with its code', async (host) => {
    const heard = await hosts[host]('Echo', { text: 3 });
    expect(heard.failed).toBe(true);
    const prefix = host.startsWith('ai-sdk') ? AI_SDK_INVALID_INPUT : '';
    expect(heard.text).toBe(`${prefix}${VALIDATION_TEXT}`);
  });

  it.each(EVERY_HOST)('%s: a thrown error keeps its code (a Node code, a toolwright code)', async (host) => {
    expect(await hosts[host]('Fail', { how: 'node' })).toEqual({ text: 'disk on fire (EIO)', failed: true });
    expect(await hosts[host]('Fail', { how: 'toolwright' })).toEqual({
      text: 'the knob is out of range (code: invalid_option)',
      failed: true,
    });
  });

  it.each(WITH_AN_EXECUTOR)(
    "%s: a call past the executor's timeout is stopped, in its words",
    async (host) => {
      expect(await hosts[host]('Hang', {})).toEqual({
        text: 'The tool call timed out after 50 ms.',
        failed: true,
      });
    },
  );

  // An MCP client saw every schema in tools/list, so the server has no deferred state: the
  // refusal exists for the hosts whose model reads the registry's loaded declarations.
  it.each(['executor', 'ai-sdk with an executor', 'ai-sdk without an executor'] as const)(
    '%s: a deferred tool ToolSearch has not loaded is refused, with what to do',
    async (host) => {
      expect(await hosts[host]('mcp__tracker__create_issue', { wrong: true })).toEqual({
        text: 'mcp__tracker__create_issue is deferred: its schema has not been loaded. Call ToolSearch with query "select:mcp__tracker__create_issue" first, then call it again.',
        failed: true,
      });
    },
  );

  // An aborted MCP request gets no response at all (the spec says so), so the words of an
  // aborted call reach a model only through the other hosts.
  it.each(['executor', 'ai-sdk with an executor', 'ai-sdk without an executor'] as const)(
    '%s: a call aborted while it runs ends as aborted',
    async (host) => {
      const controller = new AbortController();
      waiting.push(() => controller.abort());
      expect(await hosts[host]('Wait', {}, controller.signal)).toEqual({
        text: 'The tool call was aborted before it finished.',
        failed: true,
      });
    },
  );
});
