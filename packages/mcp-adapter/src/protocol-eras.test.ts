import { McpServer as LegacyMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer } from '@modelcontextprotocol/server';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { streamableHttpServer } from '@toolwright/test-support/http-mcp-server';
import { startModernHttpServer } from '@toolwright/test-support/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, fixturePath, temporaryDirectory } from './test-support/helpers.js';

// One client, no config change: a server that speaks 2026-07-28 gets it, an older one the 2025
// handshake, and the status says which was agreed.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function modernServer(): McpServer {
  const server = new McpServer({ name: 'modern', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text: `modern: ${text}` }] }),
  );
  return server;
}

function legacyServer(): LegacyMcpServer {
  const server = new LegacyMcpServer({ name: 'legacy', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes text.', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text: `legacy: ${text}` }],
    }),
  );
  return server;
}

async function connect(servers: Record<string, unknown>) {
  const directory = await temporaryDirectory('mcp-eras');
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'eras' }),
    servers: parseMcpServersConfig({ mcpServers: servers }),
    reconnect: { maxAttempts: 0 },
  });
  cleanups.push(
    () => directory.remove(),
    () => adapter.close(),
  );
  const connected = await adapter.connect();
  expect(connected.failed).toEqual([]);
  const echo = async (server: string) => {
    const result = await registry
      .get(`mcp__${server}__echo`)!
      .build({ text: 'hi' })
      .execute(executionContext());
    expect(result.error).toBeUndefined();
    return JSON.stringify(result.llmContent);
  };
  const protocolOf = (server: string) =>
    adapter.servers().find((status) => status.server === server)?.protocol;
  return { adapter, echo, protocolOf };
}

describe('the protocol era, negotiated per server', () => {
  it('speaks 2026-07-28 with a Streamable HTTP server that offers it, with the new headers on every request', async () => {
    const server = await startModernHttpServer(modernServer);
    cleanups.push(() => server.close());
    const { echo, protocolOf } = await connect({ modern: { url: server.url.href } });
    expect(protocolOf('modern')).toEqual({ era: 'modern', version: '2026-07-28' });
    expect(await echo('modern')).toContain('modern: hi');
    const posts = server.requests.filter((request) => request.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      expect(post.headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(post.headers['mcp-method']).toMatch(/^[a-z/]+$/);
    }
    expect(posts.map((post) => post.headers['mcp-method'])).toContain('tools/call');
  });

  it('falls back to the 2025 handshake with a Streamable HTTP server that predates 2026-07-28', async () => {
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const { echo, protocolOf } = await connect({ legacy: { url: server.url } });
    expect(protocolOf('legacy')).toEqual({ era: 'legacy', version: '2025-11-25' });
    expect(await echo('legacy')).toContain('legacy: hi');
  });

  it('negotiates over stdio too: 2026-07-28 with a server that speaks it, 2025 with one that does not', async () => {
    const { echo, protocolOf } = await connect({
      modern: { command: process.execPath, args: [fixturePath('modern-stdio-server.mjs')] },
      legacy: { command: process.execPath, args: [fixturePath('flaky-server.mjs')] },
    });
    expect(protocolOf('modern')).toEqual({ era: 'modern', version: '2026-07-28' });
    expect(protocolOf('legacy')).toEqual({ era: 'legacy', version: '2025-11-25' });
    expect(await echo('modern')).toContain('modern: hi');
  });

  it('a reconnect adopts the era already agreed instead of probing again', async () => {
    const server = await startModernHttpServer(modernServer);
    cleanups.push(() => server.close());
    const { adapter, echo, protocolOf } = await connect({ modern: { url: server.url.href } });
    const probes = () =>
      server.requests.filter((request) => request.headers['mcp-method'] === 'server/discover').length;
    expect(probes()).toBe(1);
    await adapter.reconnect('modern');
    expect(protocolOf('modern')).toEqual({ era: 'modern', version: '2026-07-28' });
    expect(await echo('modern')).toContain('modern: hi');
    expect(probes()).toBe(1);
  });
});
