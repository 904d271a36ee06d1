import { McpServer } from '@modelcontextprotocol/server';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { startModernHttpServer } from '@toolwright/test-support/mcp';
import { afterEach, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { temporaryDirectory, waitFor } from './test-support/helpers.js';

// A 2026-07-28 server sends list changes only on a subscriptions/listen stream the client
// opened: the adapter opens one, so a modern server's tools come and go as a 2025 server's do.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A modern server offering the tools named in `tools` at the time of each request. */
async function changingServer(tools: string[]) {
  const server = await startModernHttpServer(() => {
    const instance = new McpServer({ name: 'modern', version: '1.0.0' });
    for (const name of tools)
      instance.registerTool(name, { description: `The ${name} tool.` }, async () => ({
        content: [{ type: 'text', text: name }],
      }));
    return instance;
  });
  cleanups.push(() => server.close());
  return server;
}

async function connect(url: URL) {
  const directory = await temporaryDirectory('mcp-modern-list-changes');
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'lists' }),
    servers: parseMcpServersConfig({ mcpServers: { modern: { url: url.href } } }),
    deferTools: false,
    reconnect: { maxAttempts: 0 },
    listChangedDebounceMs: 50,
  });
  cleanups.push(
    () => directory.remove(),
    () => adapter.close(),
  );
  expect((await adapter.connect()).failed).toEqual([]);
  expect(adapter.servers()[0]?.protocol?.era).toBe('modern');
  const registered = () =>
    registry
      .getAll()
      .map((tool) => tool.name)
      .filter((name) => name.startsWith('mcp__modern__'))
      .sort();
  return { adapter, registered };
}

describe('list changes of a 2026-07-28 server', () => {
  it('a changed tools list reaches the registry, after a reconnect too', async () => {
    const tools = ['first'];
    const server = await changingServer(tools);
    const { adapter, registered } = await connect(server.url);
    expect(registered()).toEqual(['mcp__modern__first']);

    tools.push('second');
    server.notify.toolsChanged();
    await waitFor(() => registered().includes('mcp__modern__second'));

    await adapter.reconnect('modern');
    // The new connection listens on a stream of its own; the old one's was let go.
    await waitFor(() => server.openSubscriptions() === 1);
    tools.splice(0, 1);
    server.notify.toolsChanged();
    await waitFor(() => !registered().includes('mcp__modern__first'));
    expect(registered()).toEqual(['mcp__modern__second']);
  });

  it('close() ends the stream, so the server lets go of it', async () => {
    const server = await changingServer(['first']);
    const { adapter } = await connect(server.url);
    expect(server.openSubscriptions()).toBe(1);
    await adapter.close();
    await waitFor(() => server.openSubscriptions() === 0);
  });
});
