import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { DEFAULT_STDIO_MAX_MESSAGE_BYTES, parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { McpAdapter } from './mcp-adapter.js';
import type { McpAdapterOptions } from './mcp-adapter-options.js';
import { AdapterEventLog } from './test-support/adapter-event-log.js';
import {
  executionContext,
  fixturePath,
  processExists,
  temporaryDirectory,
  waitFor,
} from './test-support/helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An adapter on the large-message fixture over stdio, with every phase and diagnostic recorded. */
async function largeServer(env: Record<string, string>, options: Partial<McpAdapterOptions> = {}) {
  const directory = await temporaryDirectory('mcp-message-limit');
  const pidLog = join(directory.path, 'pids');
  const registry = new ToolRegistry();
  const diagnostics: CatalogDiagnostic[] = [];
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'limit' }),
    servers: parseMcpServersConfig({
      mcpServers: {
        large: {
          command: process.execPath,
          args: [fixturePath('large-message-server.mjs')],
          env: { ...env, FIXTURE_PID_LOG: pidLog },
        },
      },
    }),
    reconnect: { initialDelayMs: 20 },
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
    ...options,
  });
  cleanups.push(async () => {
    await adapter.close();
    await directory.remove();
  });
  const pids = async () => (await readFile(pidLog, 'utf8')).trim().split('\n').map(Number);
  return { adapter, registry, events: new AdapterEventLog(adapter), diagnostics, pids };
}

const LIMIT_WORDS =
  'the stdio message limit of 10,485,760 bytes (10 MiB); the MCP SDK refused it and dropped the connection, ending the server process (raise the adapter option stdioMaxMessageBytes if the server is expected to send that much)';

describe('a stdio message over the SDK limit', () => {
  it('is the SDK read buffer limit, 10 MiB', () => {
    expect(DEFAULT_STDIO_MAX_MESSAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  // At the real default limit. Slow by nature: the SDK's stdio read buffer copies everything
  // received so far for each 64 KiB chunk, so an 11 MB message takes seconds on a busy machine.
  it('in a tool listing: the server fails by name, limit and request, without a reconnect loop that would fail the same way', {
    timeout: 120_000,
  }, async () => {
    const { adapter, events, diagnostics, pids } = await largeServer({
      FIXTURE_DESCRIPTION_BYTES: String(11_000_000),
    });
    const result = await adapter.connect();
    const sent = `MCP server "large" sent a message larger than ${LIMIT_WORDS.replace(' bytes (10 MiB);', ' bytes (10 MiB) while tools/list was waiting;')}`;
    const reason = `${sent}; not reconnecting, since every reconnect lists the catalog again and would get the same answer`;
    expect(result.connected).toEqual([]);
    expect(result.failed).toEqual([{ server: 'large', reason }]);
    expect(events.phases().map(({ state, attempt, error }) => ({ state, attempt, error }))).toEqual([
      // Never announced as connected: its tools could not be listed.
      { state: 'connecting', attempt: undefined, error: undefined },
      { state: 'failed', attempt: undefined, error: reason },
    ]);
    expect(adapter.servers()[0]).toMatchObject({ phase: 'failed', lastError: reason, pid: undefined });
    expect(diagnostics).toContainEqual({
      server: 'large',
      list: 'tools',
      code: 'listing_failed',
      message: `MCP server "large": listing tools failed: ${sent}`,
    });
    // The era probe's short-lived sibling, then one session process only, and it is gone: once
    // it has exited, still no other was started.
    const started = await pids();
    expect(started).toHaveLength(2);
    await waitFor(() => started.every((pid) => !processExists(pid)));
    expect(await pids()).toEqual(started);
  });

  it('follows stdioMaxMessageBytes: under it the listing arrives and the screen drops that one tool by name', async () => {
    const small = await largeServer(
      { FIXTURE_DESCRIPTION_BYTES: String(200_000) },
      { stdioMaxMessageBytes: 128 * 1024 },
    );
    expect((await small.adapter.connect()).failed[0]?.reason).toMatch(
      /^MCP server "large" sent a message larger than the stdio message limit of 131,072 bytes while tools\/list was waiting; /,
    );
    const { adapter, registry, diagnostics } = await largeServer(
      { FIXTURE_DESCRIPTION_BYTES: String(200_000) },
      { stdioMaxMessageBytes: 256 * 1024 },
    );
    expect((await adapter.connect()).connected).toEqual(['large']);
    expect(diagnostics.map(({ code, entry }) => [code, entry])).toEqual([
      ['description_too_large', 'verbose'],
    ]);
    expect(registry.has('mcp__large__verbose')).toBe(false);
    const echoed = await registry
      .get('mcp__large__echo')!
      .build({ text: 'still here' })
      .execute(executionContext());
    expect(JSON.stringify(echoed.llmContent)).toContain('still here');
  });

  it('in a tool result: that call fails saying so, the server reconnects and its tools work again', async () => {
    const { adapter, registry, events, pids } = await largeServer({}, { stdioMaxMessageBytes: 1024 * 1024 });
    await adapter.connect();
    const result = await registry
      .get('mcp__large__big_result')!
      .build({ bytes: 1_100_000 })
      .execute(executionContext());
    const reason =
      'MCP server "large" sent a message larger than the stdio message limit of 1,048,576 bytes (1 MiB) while tools/call "big_result" was waiting; the MCP SDK refused it and dropped the connection, ending the server process (raise the adapter option stdioMaxMessageBytes if the server is expected to send that much)';
    expect(result.error).toEqual({ type: 'execution', message: `${reason} (code: message_too_large)` });
    await waitFor(() => events.phases().some((change) => change.state === 'recovered'));
    expect(
      events
        .phases()
        .slice(2)
        .map(({ state, attempt, error }) => [state, attempt, error]),
    ).toEqual([
      ['reconnecting', 1, reason],
      ['recovered', 1, undefined],
    ]);
    const echoed = await registry
      .get('mcp__large__echo')!
      .build({ text: 'back' })
      .execute(executionContext());
    expect(JSON.stringify(echoed.llmContent)).toContain('back');
    // The era probe's sibling, the first session process, and the one the reconnect started
    // (which adopted the era already agreed: no second probe).
    expect(await pids()).toHaveLength(3);
  });
});
