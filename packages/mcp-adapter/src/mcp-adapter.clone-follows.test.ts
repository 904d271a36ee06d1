import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { type HttpMcpServer, streamableHttpServer } from '@toolwright/test-support/http-mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, temporaryDirectory, waitFor } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let server: HttpMcpServer;
let adapter: McpAdapter;
let registry: ToolRegistry;
/** The `echo` registration of each server instance, to remove it later. */
const echoes = new Map<McpServer, { remove(): void }>();

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-clone-follows');
  server = await streamableHttpServer(() => {
    const mcp = new McpServer({ name: 'live', version: '1.0.0' });
    mcp.registerTool('ping', { description: 'Answers pong.' }, async () => ({
      content: [{ type: 'text', text: 'pong' }],
    }));
    echoes.set(
      mcp,
      mcp.registerTool(
        'echo',
        { description: 'Echoes.', inputSchema: { text: z.string() } },
        async ({ text }) => ({
          content: [{ type: 'text', text }],
        }),
      ),
    );
    return mcp;
  });
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: 'clones',
    }),
    servers: parseMcpServersConfig({ mcpServers: { live: { type: 'http', url: server.url } } }),
    listChangedDebounceMs: 20,
  });
  expect((await adapter.connect()).connected).toEqual(['live']);
});
afterAll(async () => {
  await adapter.close();
  await server.close();
  await directory.remove();
});

describe('a registry clone taken before a list_changed', () => {
  it('sees the later catalog of a real server, keeps its own loaded tools, and calls the new tool', async () => {
    const clone = registry.clone();
    clone.markLoaded(['mcp__live__ping', 'mcp__live__echo']);
    const live = server.instances[0]!;
    // The SDK server sends notifications/tools/list_changed for both changes.
    live.registerTool('shout', { description: 'Shouts.' }, async () => ({
      content: [{ type: 'text', text: 'HEY' }],
    }));
    echoes.get(live)!.remove();
    await waitFor(() => registry.has('mcp__live__shout') && !registry.has('mcp__live__echo'));
    await adapter.settled();
    expect(clone.has('mcp__live__shout')).toBe(true);
    expect(clone.has('mcp__live__echo')).toBe(false);
    expect(clone.deferred.getLoadedNames()).toEqual(['mcp__live__ping']);
    const changes = clone.drainCatalogChanges().items;
    expect(changes.flatMap((change) => change.added)).toContain('mcp__live__shout');
    expect(changes.flatMap((change) => change.removed)).toContain('mcp__live__echo');
    const shouted = await clone.get('mcp__live__shout')!.build({}).execute(executionContext());
    expect(JSON.stringify(shouted.llmContent)).toContain('HEY');
  });
});
