import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpContentTools } from './content-tools.js';
import { McpAdapter } from './mcp-adapter.js';
import { AdapterEventLog } from './test-support/adapter-event-log.js';
import { executionContext, inMemoryServer, temporaryDirectory, waitFor } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
const adapters: McpAdapter[] = [];
beforeAll(async () => {
  directory = await temporaryDirectory('mcp-notifications');
});
afterAll(async () => {
  await Promise.all(adapters.map((adapter) => adapter.close()));
  await directory.remove();
});

/** A high-level SDK server with one tool, one resource and subscriptions; every instance is recorded. */
function liveServer(instances: McpServer[], subscribed: string[]) {
  return inMemoryServer('live', () => {
    const server = new McpServer(
      { name: 'live', version: '1.0.0' },
      {
        capabilities: { resources: { subscribe: true, listChanged: true } },
        instructions: 'Use the ping tool.\u0007',
      },
    );
    server.registerTool(
      'ping',
      { description: 'Answers pong.', annotations: { readOnlyHint: true } },
      async () => ({
        content: [{ type: 'text', text: 'pong' }],
      }),
    );
    server.registerResource('notes', 'memo://notes', { mimeType: 'text/plain' }, async (uri) => ({
      contents: [{ uri: uri.href, text: 'notes' }],
    }));
    server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
      subscribed.push(request.params.uri);
      return {};
    });
    instances.push(server);
    return server;
  });
}

function setup(instances: McpServer[], subscribed: string[], reconnect: { maxAttempts: number }) {
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: `notifications-${adapters.length}`,
    }),
    servers: [liveServer(instances, subscribed)],
    reconnect: { ...reconnect, initialDelayMs: 20 },
    listChangedDebounceMs: 50,
  });
  adapters.push(adapter);
  registry.registerAll(createMcpContentTools(adapter));
  return { registry, adapter, events: new AdapterEventLog(adapter) };
}

describe('notifications and reconnects', () => {
  it('queues resource updates (deduplicated), content changes and stripped instructions', async () => {
    const instances: McpServer[] = [];
    const { registry, adapter } = setup(instances, [], { maxAttempts: 0 });
    await adapter.connect();
    expect(adapter.drainEvents().serverInstructions.items[0]?.instructions).toContain(
      'Use the ping tool.\n<<end',
    );
    await registry
      .get('McpSubscribeResource')!
      .build({ server: 'live', uri: 'memo://notes' })
      .execute(executionContext());
    const server = instances[0]!;
    await server.server.sendResourceUpdated({ uri: 'memo://notes' });
    await server.server.sendResourceUpdated({ uri: 'memo://notes' });
    server.registerResource('more', 'memo://more', {}, async (uri) => ({
      contents: [{ uri: uri.href, text: 'more' }],
    }));
    await waitFor(() => adapter.catalog('live').resources.length === 2);
    await adapter.settled();
    const events = adapter.drainEvents();
    expect(events.resourceUpdates.items).toEqual([{ server: 'live', uri: 'memo://notes' }]);
    expect(events.contentChanges.items).toEqual([
      { server: 'live', kind: 'resources', reason: 'list_changed' },
    ]);
  });

  it('names the resource-template listing resourceTemplates everywhere: catalog, content change and diagnostics', async () => {
    const instances: McpServer[] = [];
    const { adapter } = setup(instances, [], { maxAttempts: 0 });
    await adapter.connect();
    adapter.drainEvents();
    instances[0]!.registerResource(
      'day',
      new ResourceTemplate('memo://day/{date}', { list: undefined }),
      { description: 'A day.' },
      async (uri) => ({ contents: [{ uri: uri.href, text: 'day' }] }),
    );
    await waitFor(() => adapter.catalog('live').resourceTemplates.length === 1);
    await adapter.settled();
    expect(adapter.drainEvents().contentChanges.items).toEqual([
      { server: 'live', kind: 'resourceTemplates', reason: 'list_changed' },
    ]);
    expect(adapter.catalog('live').resourceTemplates).toEqual([
      { name: 'day', uriTemplate: 'memo://day/{date}', description: 'A day.' },
    ]);
  });

  it('delivers each connection change once, through drainEvents, with its time', async () => {
    const before = Date.now();
    const { adapter } = setup([], [], { maxAttempts: 0 });
    await adapter.connect();
    const drained = adapter.drainEvents().connectionChanges;
    expect(drained.dropped).toBe(0);
    expect(drained.items.map(({ server, state }) => [server, state])).toEqual([
      ['live', 'connecting'],
      ['live', 'connected'],
    ]);
    for (const change of drained.items) {
      expect(change.at).toBeGreaterThanOrEqual(before);
      expect(change.at).toBeLessThanOrEqual(Date.now());
    }
    // Nothing arrives twice: the next drain holds only what happened since.
    expect(adapter.drainEvents().connectionChanges).toEqual({ items: [], dropped: 0 });
    await adapter.close();
    expect(adapter.drainEvents().connectionChanges.items.map((change) => change.state)).toEqual(['closed']);
  });

  it('refuses the removed onConnectionChange option, naming the one way changes arrive', () => {
    expect(
      () =>
        new McpAdapter({
          registry: new ToolRegistry(),
          artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'gone' }),
          servers: [],
          onConnectionChange: () => undefined,
        } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message:
          'McpAdapter: the option onConnectionChange is gone; take connection phases from ' +
          'adapter.drainEvents().connectionChanges (each change arrives there once).',
      }),
    );
  });

  it('reconnects a lost server, re-subscribes and re-applies its tools; a server that stays down loses its tools', async () => {
    const instances: McpServer[] = [];
    const subscribed: string[] = [];
    const { registry, adapter, events } = setup(instances, subscribed, { maxAttempts: 3 });
    await adapter.connect();
    await registry
      .get('McpSubscribeResource')!
      .build({ server: 'live', uri: 'memo://notes' })
      .execute(executionContext());
    await instances[0]!.close();
    await waitFor(() => events.phases().some((change) => change.state === 'recovered'));
    await waitFor(() => subscribed.length === 2);
    expect(instances).toHaveLength(2);
    expect(subscribed).toEqual(['memo://notes', 'memo://notes']);
    const pong = await registry.get('mcp__live__ping')!.build({}).execute(executionContext());
    expect(JSON.stringify(pong.llmContent)).toContain('pong');
    expect(events.phases().map((change) => [change.state, change.attempt])).toEqual([
      ['connecting', undefined],
      ['connected', undefined],
      ['reconnecting', 1],
      ['recovered', 1],
    ]);

    const down = setup([], [], { maxAttempts: 0 });
    await down.adapter.connect();
    expect(down.registry.has('mcp__live__ping')).toBe(true);
    await (down.adapter.connection('live').client.transport as { close(): Promise<void> }).close();
    await waitFor(() => !down.registry.has('mcp__live__ping'));
    const removal = down.registry.drainCatalogChanges().items.at(-1);
    expect(removal).toMatchObject({
      source: 'mcp:live',
      removed: ['mcp__live__ping'],
      reason: 'server failed',
    });
    const failed = await down.adapter.callTool('mcp__live__ping', {}, executionContext());
    expect(failed.error?.type).toBe('not_found');
  });
});
