import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, fixturePath, temporaryDirectory, waitFor } from './test-support/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An adapter on the gated fixture; it refuses to start while `marker` exists. */
async function gatedAdapter(options: { markerPresent: boolean; maxAttempts?: number }) {
  const directory = await temporaryDirectory('mcp-reconnect');
  const marker = join(directory.path, 'fail-marker');
  if (options.markerPresent) await writeFile(marker, 'fail');
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'r' }),
    servers: parseMcpServersConfig({
      mcpServers: {
        gated: {
          command: process.execPath,
          args: [fixturePath('gated-server.mjs')],
          env: { FIXTURE_FAIL_MARKER: marker },
        },
      },
    }),
    reconnect: { initialDelayMs: 20, maxAttempts: options.maxAttempts ?? 1 },
  });
  cleanups.push(async () => {
    await adapter.close();
    await directory.remove();
  });
  const states = () =>
    adapter.drainEvents().connectionChanges.items.map((change) => [change.state, change.attempt]);
  return { adapter, registry, states, marker };
}

describe('McpAdapter.reconnect', () => {
  it('retries a server whose first connect failed: refused while it still fails, connected once it starts', async () => {
    const { adapter, registry, states, marker } = await gatedAdapter({ markerPresent: true });
    const first = await adapter.connect();
    expect(first.failed.map((failure) => failure.server)).toEqual(['gated']);
    expect(registry.has('mcp__gated__echo')).toBe(false);

    const stillFailing = await adapter.reconnect('gated');
    expect(stillFailing).toMatchObject({ server: 'gated', outcome: 'failed', tools: 0 });
    expect(stillFailing.reason).toContain('MCP server "gated" failed to start or complete the MCP handshake');
    expect(stillFailing.reason).toContain('refusing to start while');
    expect(adapter.servers()[0]?.phase).toBe('failed');

    await rm(marker);
    const retried = await adapter.reconnect('gated');
    expect(retried).toEqual({ server: 'gated', outcome: 'connected', tools: 2 });
    expect(adapter.servers()[0]?.phase).toBe('connected');
    const echoed = await registry
      .get('mcp__gated__echo')!
      .build({ text: 'back' })
      .execute(executionContext());
    expect(JSON.stringify(echoed.llmContent)).toContain('back');
    expect(states()).toEqual([
      ['connecting', undefined],
      ['failed', undefined],
      ['connecting', undefined],
      ['failed', undefined],
      ['connecting', undefined],
      ['connected', undefined],
    ]);

    // Nothing to do for a connected server: no new phase, no second process.
    const pid = adapter.servers()[0]?.pid;
    expect(await adapter.reconnect('gated')).toEqual({
      server: 'gated',
      outcome: 'already-connected',
      tools: 2,
    });
    expect(adapter.servers()[0]?.pid).toBe(pid);
    expect(states()).toEqual([]);
  });

  it('brings back a server whose reconnect loop gave up, reporting reconnecting then recovered', async () => {
    const { adapter, registry, states, marker } = await gatedAdapter({
      markerPresent: false,
      maxAttempts: 1,
    });
    await adapter.connect();
    states();
    await writeFile(marker, 'fail');
    await registry.get('mcp__gated__exit-now')!.build({}).execute(executionContext());
    await waitFor(() => adapter.servers()[0]?.phase === 'failed');
    await waitFor(() => !registry.has('mcp__gated__echo'));

    await rm(marker);
    const result = await adapter.reconnect('gated');
    expect(result).toEqual({ server: 'gated', outcome: 'recovered', tools: 2 });
    expect(registry.has('mcp__gated__echo')).toBe(true);
    const drained = states();
    expect(drained.slice(0, 2)).toEqual([
      ['reconnecting', 1],
      ['failed', 1],
    ]);
    expect(drained.slice(2)).toEqual([
      ['reconnecting', 1],
      ['recovered', 1],
    ]);
  });

  it('reports closed to the registry, and refuses unknown servers and a closed adapter by name', async () => {
    const { adapter, states } = await gatedAdapter({ markerPresent: false });
    await adapter.connect();
    await expect(adapter.reconnect('nope')).rejects.toMatchObject({
      code: 'unknown_server',
      message: 'no MCP server named "nope"; configured servers: gated',
    });
    await adapter.close();
    expect(states().at(-1)).toEqual(['closed', undefined]);
    await expect(adapter.reconnect('gated')).rejects.toMatchObject({
      code: 'not_connected',
      message:
        'MCP server "gated" was closed and cannot be reconnected; create a new adapter to connect again',
    });
  });
});
