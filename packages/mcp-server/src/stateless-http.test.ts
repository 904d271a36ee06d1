import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { mcpSessionOf } from './session/mcp-session-context.js';
import { createSampleRegistry, type SampleProbes } from './test-support/sample-tools.js';
import { statelessRequest } from './test-support/stateless-request.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const root = makeTempDir('mcp-server-stateless');
const SHARED_KEY = 'a signing key the replicas share, 32+ bytes';

/** A tool that asks for a name, then a colour, and counts how often it ran. */
function askingTool(runs: { count: number }) {
  return createTool({
    name: 'Greet',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ greeting: Type.String() }),
    description: 'Greets the user by name, in their colour.',
    execute: async (params, context) => {
      runs.count += 1;
      const session = mcpSessionOf(context);
      const form = (property: string) => ({
        message: `Your ${property}?`,
        requestedSchema: { type: 'object' as const, properties: { [property]: { type: 'string' as const } } },
      });
      if (session?.keyed === undefined) return ToolResults.executionError('no keyed requests');
      const name = await session.keyed('name').elicitInput(form('name'));
      const colour = await session.keyed('colour').elicitInput(form('colour'));
      return ToolResults.success(
        `${params.greeting}, ${String(name.content?.name)} in ${String(colour.content?.colour)}`,
      );
    },
  });
}

const loggingTool = createTool({
  name: 'Log',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({}),
  description: 'Logs one message at info.',
  execute: async (_params, context) => {
    await mcpSessionOf(context)?.log('info', 'logged once');
    return ToolResults.success('done');
  },
});

function startServer(runs: { count: number }, signingKey = SHARED_KEY) {
  const probes: SampleProbes = { aborts: [], started: 0 };
  const registry = createSampleRegistry(probes);
  registry.registerAll([askingTool(runs), loggingTool]);
  return new ToolwrightMcpServer({
    registry,
    signingKey,
    artifacts: new SessionArtifactStore({ root, namespace: 'mcp-server', sessionId: 'stateless-tests' }),
  });
}

describe('stateless (2026-07-28) requests over Streamable HTTP', () => {
  const runs = { count: 0 };
  let http: McpHttpServer;
  let replica: McpHttpServer;

  beforeAll(async () => {
    http = await serveHttp(startServer(runs));
    replica = await serveHttp(startServer(runs));
  });

  afterAll(async () => {
    await http.close();
    await replica.close();
  });

  it('serves an SDK v2 client that negotiates 2026-07-28 without opening a session', async () => {
    const client = new Client({ name: 'v2', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    expect(client.getProtocolEra()).toBe('modern');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('Greet');
    const result = await client.callTool({ name: 'Echo', arguments: { text: 'hi', times: 2 } });
    expect(result.content).toEqual([{ type: 'text', text: 'hi hi' }]);
    expect(http.sessionCount).toBe(0);
    await client.close();
  });

  it("answers a tool's questions over rounds: input_required, then the answers, on whichever replica", async () => {
    runs.count = 0;
    const capabilities = { elicitation: {} };
    const call = { name: 'Greet', arguments: { greeting: 'Hello' } };
    const first = await statelessRequest(http.url, 'tools/call', call, { capabilities });
    expect(first.message.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { name: { method: 'elicitation/create', params: { message: 'Your name?' } } },
    });
    const state1 = first.message.result?.requestState as string;
    // Round two goes to the other replica: the state is signed with the key they share.
    const second = await statelessRequest(
      replica.url,
      'tools/call',
      {
        ...call,
        inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: state1,
      },
      { capabilities },
    );
    expect(Object.keys(second.message.result?.inputRequests as object)).toEqual(['colour']);
    const third = await statelessRequest(
      http.url,
      'tools/call',
      {
        ...call,
        inputResponses: { colour: { action: 'accept', content: { colour: 'green' } } },
        requestState: second.message.result?.requestState,
      },
      { capabilities },
    );
    expect(third.message.result?.content).toEqual([{ type: 'text', text: 'Hello, Ada in green' }]);
    // The tool ran once per round: work before its last question runs again each time.
    expect(runs.count).toBe(3);
  });

  it('refuses a tampered requestState, and state of one call used for another', async () => {
    const capabilities = { elicitation: {} };
    const call = { name: 'Greet', arguments: { greeting: 'Hello' } };
    const first = await statelessRequest(http.url, 'tools/call', call, { capabilities });
    const state = first.message.result?.requestState as string;
    const tampered = await statelessRequest(
      http.url,
      'tools/call',
      {
        ...call,
        inputResponses: { name: { action: 'accept', content: { name: 'Eve' } } },
        requestState: `${state}x`,
      },
      { capabilities },
    );
    expect(tampered.message.error?.code).toBe(-32602);
    // A valid state of another call (other arguments) carries no answers into this one.
    const second = await statelessRequest(
      http.url,
      'tools/call',
      {
        ...call,
        inputResponses: { name: { action: 'accept', content: { name: 'Ada' } } },
        requestState: state,
      },
      { capabilities },
    );
    const other = await statelessRequest(
      http.url,
      'tools/call',
      {
        name: 'Greet',
        arguments: { greeting: 'Bye' },
        inputResponses: { colour: { action: 'accept', content: { colour: 'red' } } },
        requestState: second.message.result?.requestState,
      },
      { capabilities },
    );
    expect(Object.keys(other.message.result?.inputRequests as object)).toEqual(['name']);
  });

  it('refuses a request that needs a capability the client did not declare (-32021)', async () => {
    const answer = await statelessRequest(http.url, 'tools/call', {
      name: 'Greet',
      arguments: { greeting: 'Hi' },
    });
    expect(answer.message.error?.code).toBe(-32021);
    expect(answer.message.error?.message).toMatch(/"elicitation"/);
  });

  it('links a large artifact under a signed grant that any replica with the key reads, and no one forges', async () => {
    const call = await statelessRequest(http.url, 'tools/call', {
      name: 'Picture',
      arguments: { large: true },
    });
    const link = ((call.message.result?.content ?? []) as { type: string; uri?: string }[]).find(
      (part) => part.type === 'resource_link',
    );
    expect(link?.uri).toMatch(/^toolwright:\/\/artifact\/[0-9a-f]{64}\?grant=[\w-]{22}$/);
    const uri = link?.uri as string;
    const read = await statelessRequest(replica.url, 'resources/read', { uri });
    const blob = ((read.message.result?.contents ?? []) as { blob: string }[])[0]?.blob as string;
    expect(Buffer.from(blob, 'base64').length).toBe(300 * 1024 + 70);
    const forged = uri.replace(/grant=(.)/, (_, first: string) => `grant=${first === 'A' ? 'B' : 'A'}`);
    const refused = await statelessRequest(replica.url, 'resources/read', { uri: forged });
    expect(refused.message.error).toMatchObject({ code: -32602, data: { uri: forged } });
    const bare = uri.slice(0, uri.indexOf('?'));
    expect((await statelessRequest(replica.url, 'resources/read', { uri: bare })).message.error?.code).toBe(
      -32602,
    );
  });

  it('refuses a link signed by a server with another key', async () => {
    const stranger = await serveHttp(startServer({ count: 0 }, 'another key entirely, also 32+ bytes'));
    const call = await statelessRequest(http.url, 'tools/call', {
      name: 'Picture',
      arguments: { large: true },
    });
    const uri = ((call.message.result?.content ?? []) as { type: string; uri?: string }[]).find(
      (part) => part.type === 'resource_link',
    )?.uri as string;
    expect((await statelessRequest(stranger.url, 'resources/read', { uri })).message.error?.code).toBe(
      -32602,
    );
    await stranger.close();
  });

  it('sends log messages only to a request that names a log level', async () => {
    const quiet = await statelessRequest(http.url, 'tools/call', { name: 'Log', arguments: {} });
    expect(quiet.notifications).toEqual([]);
    const told = await statelessRequest(
      http.url,
      'tools/call',
      { name: 'Log', arguments: {} },
      { logLevel: 'info' },
    );
    expect(told.notifications).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'logged once' } },
    ]);
  });
});

describe('the signingKey option', () => {
  it.each([
    ['a short string', 'short', /signingKey.*at least 32 bytes \(5 given\)/],
    ['a number', 42, /signingKey.*a Uint8Array or a string/],
    ['a short Uint8Array', new Uint8Array(16), /signingKey.*at least 32 bytes \(16 given\)/],
  ])('refuses %s, naming what it accepts', (_, signingKey, message) => {
    expect(
      () =>
        new ToolwrightMcpServer({
          registry: createSampleRegistry({ aborts: [], started: 0 }),
          signingKey: signingKey as string,
        }),
    ).toThrow(message);
  });
});
