import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import {
  type FrontAnswer,
  type HttpMcpServer,
  streamableHttpServer,
} from '@toolwright/test-support/http-mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { AdapterEventLog } from './test-support/adapter-event-log.js';
import { temporaryDirectory } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
const cleanups: Array<() => Promise<unknown>> = [];
beforeAll(async () => {
  directory = await temporaryDirectory('mcp-honest-states');
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await directory.remove();
});

/** A real MCP server with one tool, behind the HTTP fronts below. */
function gatedServer(): McpServer {
  const server = new McpServer({ name: 'gated', version: '1.0.0' });
  server.registerTool('secret', { description: 'Needs a scope.' }, async () => ({
    content: [{ type: 'text', text: 'secret' }],
  }));
  return server;
}

/** What the front answers a `tools/list` with instead of the server. */
function refusal(status: 401 | 403 | 'hang'): FrontAnswer {
  if (status === 'hang') return 'hang';
  return status === 401
    ? { status, headers: { 'www-authenticate': 'Bearer realm="gated"' }, text: 'token required' }
    : { status, text: 'insufficient scope' };
}

/**
 * A real Streamable HTTP MCP server on 127.0.0.1 with one tool, whose HTTP front answers
 * `tools/list` with `status` (the handshake itself goes through), or never answers it.
 */
async function gatedListingServer(status: 401 | 403 | 'hang'): Promise<string> {
  return (await switchableListingServer(() => status)).url;
}

/**
 * As {@link gatedListingServer}, with `status()` asked at each `tools/list` (`undefined`: answered
 * normally), and `forgetSessions()` to act as a server that restarted.
 */
async function switchableListingServer(status: () => 401 | 403 | 'hang' | undefined): Promise<HttpMcpServer> {
  const server = await streamableHttpServer(gatedServer, {
    answerFirst: (body) => {
      const answer = body?.method === 'tools/list' ? status() : undefined;
      return answer === undefined ? undefined : refusal(answer);
    },
  });
  cleanups.push(() => server.close());
  return server;
}

function adapterFor(
  servers: Record<string, unknown>,
  requestTimeoutMs?: number,
  reconnect: { maxAttempts: number; initialDelayMs?: number } = { maxAttempts: 0 },
) {
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: `honest-${randomUUID()}`,
    }),
    servers: parseMcpServersConfig({ mcpServers: servers }),
    reconnect,
    ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
  });
  cleanups.push(() => adapter.close());
  return { registry, adapter, events: new AdapterEventLog(adapter) };
}

describe('a server whose tools/list fails is failed, never "connected with 0 tools"', () => {
  it.each([
    [401, 'HTTP 401'],
    [403, 'HTTP 403'],
  ] as const)('tools/list answering %s', async (status, words) => {
    const url = await gatedListingServer(status);
    const { adapter, events } = adapterFor({ gated: { type: 'http', url } });
    const result = await adapter.connect();
    expect(result.connected).toEqual([]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.server).toBe('gated');
    expect(result.failed[0]?.reason).toContain('MCP server "gated"');
    expect(result.failed[0]?.reason).toContain('tools/list');
    expect(result.failed[0]?.reason).toContain(words);
    // Only a 401 says what would help: the config gives no credentials.
    expect(result.failed[0]?.reason.endsWith('give it an "oauth" entry, or "headers" with a token')).toBe(
      status === 401,
    );
    const [status_] = adapter.servers();
    expect(status_).toMatchObject({ server: 'gated', phase: 'failed', tools: 0 });
    expect(status_?.lastError).toContain(words);
    // Events: connecting then failed with the reason; never a `connected`.
    expect(events.phases().map((change) => change.state)).toEqual(['connecting', 'failed']);
    expect(events.phases().at(-1)?.error).toContain(words);
    // Each change came out of the adapter once: a later drain has none of them again.
    expect(adapter.drainEvents().connectionChanges).toEqual({ items: [], dropped: 0 });
  });

  it('a tools/list that never answers fails at the request timeout', async () => {
    const url = await gatedListingServer('hang');
    const { adapter, events } = adapterFor({ slow: { type: 'http', url } }, 300);
    const result = await adapter.connect();
    expect(result.failed[0]?.reason).toContain('did not answer tools/list within 300 ms');
    expect(adapter.servers()[0]?.phase).toBe('failed');
    expect(events.phases().map((change) => change.state)).toEqual(['connecting', 'failed']);
  });

  it('reconnect() on such a server fails again with the reason, and the transport is not left open', async () => {
    const url = await gatedListingServer(403);
    const { adapter } = adapterFor({ gated: { type: 'http', url } });
    await adapter.connect();
    const again = await adapter.reconnect('gated');
    expect(again.outcome).toBe('failed');
    expect(again.reason).toContain('HTTP 403');
    expect(() => adapter.connection('gated').client).toThrow(/not connected/);
  });

  it('a lost server that comes back but whose tools/list now answers 403 never reads as recovered: the loop ends failed with the reason and its tools go', async () => {
    let refuse = false;
    const server = await switchableListingServer(() => (refuse ? 403 : undefined));
    const { registry, adapter, events } = adapterFor(
      { gated: { type: 'http', url: server.url } },
      undefined,
      {
        maxAttempts: 2,
        initialDelayMs: 20,
      },
    );
    expect((await adapter.connect()).connected).toEqual(['gated']);
    expect(registry.has('mcp__gated__secret')).toBe(true);
    refuse = true;
    server.forgetSessions();
    const lost = await adapter.callTool(
      'mcp__gated__secret',
      {},
      { signal: new AbortController().signal, sessionId: 's', workspaceRoot: '/' },
    );
    expect(lost.error?.message).toContain('connection_lost');
    await adapter.connection('gated').reconnected();
    expect(
      events
        .phases()
        .slice(2)
        .map((change) => [change.state, change.attempt]),
    ).toEqual([
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['failed', 2],
    ]);
    expect(events.phases().at(-1)?.error).toContain('HTTP 403');
    expect(adapter.servers()[0]).toMatchObject({ phase: 'failed', tools: 0 });
    await adapter.settled();
    expect(registry.has('mcp__gated__secret')).toBe(false);
  });
});
