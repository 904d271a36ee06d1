import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { loadOpenTelemetry } from '@toolwright/utils/telemetry';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONNECTION_OPTIONS, type McpConnectionManager } from './connection-manager.js';
import type { McpClientError } from './errors.js';
import type { McpConnectionChange } from './events/connection-state.js';
import {
  DEFAULT_RECONNECT_POLICY,
  type ReconnectTarget,
  reconnectDelayMs,
  runReconnectLoop,
} from './reconnect-loop.js';
import { parseMcpServersConfig } from './server-config.js';
import { fixturePath, nodeManager, processExists, temporaryDirectory } from './test-support/helpers.js';

const managers: McpConnectionManager[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const manager of managers.splice(0)) await manager.closeAll();
});

/** A small SDK server (`ping`, and `hang` that never answers) on a fresh in-memory pair. */
async function inMemoryPair() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new McpServer({ name: 'defaults', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  server.registerTool('hang', { description: 'Never answers.' }, async () => new Promise<never>(() => {}));
  await server.connect(serverSide);
  return { clientSide, serverSide };
}

/** Whether `promise` settled, without waiting for it. */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return () => settled;
}

describe('connection defaults: each value pinned, and what it does', () => {
  it('the values', () => {
    expect(DEFAULT_RECONNECT_POLICY).toEqual({ maxAttempts: 5, initialDelayMs: 250, maxDelayMs: 10_000 });
    expect(DEFAULT_CONNECTION_OPTIONS).toEqual({
      clientInfo: { name: 'toolwright', version: '0' },
      connectTimeoutMs: 30_000,
      requestTimeoutMs: 60_000,
      maxTotalRequestMs: 600_000,
      shutdownGraceMs: 500,
      stdioMaxMessageBytes: 10 * 1024 * 1024,
    });
  });

  it('reconnect delays double from 250 ms and stop growing at 10 s', () => {
    const delays = (maxAttempts: number) =>
      Array.from({ length: maxAttempts }, (_, index) =>
        reconnectDelayMs({ ...DEFAULT_RECONNECT_POLICY, maxAttempts }, index + 1),
      );
    expect(delays(5)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(delays(8)).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('the loop with the default policy: five attempts after those waits, then failed at attempt 5', async () => {
    const waits: number[] = [];
    const phases: Array<[string, number | undefined]> = [];
    let opens = 0;
    const target: ReconnectTarget = {
      isClosing: false,
      lastError: 'refused',
      giveUpReason: undefined,
      report: (state, attempt) => phases.push([state, attempt]),
      open: async () => {
        opens += 1;
        throw new Error('refused');
      },
      discard: async () => undefined,
      ready: async () => true,
    };
    await runReconnectLoop(DEFAULT_RECONNECT_POLICY, target, async (ms) => {
      waits.push(ms);
    });
    expect(waits).toEqual([250, 500, 1000, 2000, 4000]);
    expect(opens).toBe(5);
    expect(phases.at(-1)).toEqual(['failed', 5]);
    expect(phases.filter(([state]) => state === 'reconnecting')).toHaveLength(5);
  });

  it('a lost connection is retried after 250, 500, 1,000, 2,000 and 4,000 ms, then reported failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let transports = 0;
    let serverSide: InMemoryTransport | undefined;
    const changes: McpConnectionChange[] = [];
    const manager = nodeManager(
      [
        {
          name: 'memory',
          transport: 'custom',
          createTransport: async () => {
            transports += 1;
            if (transports > 1) throw new Error('still down');
            const pair = await inMemoryPair();
            serverSide = pair.serverSide;
            return pair.clientSide;
          },
        },
      ],
      { onConnectionChange: (change) => changes.push(change) },
    );
    managers.push(manager);
    expect((await manager.connectAll()).connected).toEqual(['memory']);
    await serverSide!.close();
    for (const [attempt, delay] of [250, 500, 1000, 2000, 4000].entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(transports, `before attempt ${attempt + 1}`).toBe(attempt + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(transports, `at attempt ${attempt + 1}`).toBe(attempt + 2);
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(changes.slice(2).map(({ state, attempt }) => [state, attempt])).toEqual([
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['reconnecting', 3],
      ['reconnecting', 4],
      ['reconnecting', 5],
      ['failed', 5],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(transports).toBe(6);
  });

  // A request's first step waits, once per process, for the OpenTelemetry API to load (a real
  // dynamic import) before it sends and starts its timeout. Settled here, so the fake clock the
  // timing tests advance cannot run ahead of a timer not yet started (it did, under CI load).
  beforeAll(async () => {
    await loadOpenTelemetry();
  });

  it('a handshake gets 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const manager = nodeManager([
      {
        name: 'mute',
        transport: 'custom',
        // The other end never answers the initialize request.
        createTransport: () => InMemoryTransport.createLinkedPair()[0],
      },
    ]);
    managers.push(manager);
    const connecting = manager.get('mute').connect();
    const settled = settledFlag(connecting);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(connecting).rejects.toMatchObject({
      code: 'timeout',
      message: 'MCP server "mute" did not complete the MCP handshake within 30000 ms',
    });
  });

  it('a request gets 60 s', async () => {
    const manager = nodeManager([
      { name: 'slow', transport: 'custom', createTransport: async () => (await inMemoryPair()).clientSide },
    ]);
    managers.push(manager);
    await manager.connectAll();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const request = manager
      .get('slow')
      .request('tools/call "hang"', (client, options) => client.callTool({ name: 'hang' }, options));
    const settled = settledFlag(request);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const failure = (await request.catch((error: unknown) => error)) as McpClientError;
    expect([failure.code, failure.message]).toEqual([
      'timeout',
      'MCP server "slow" did not answer tools/call "hang" within 60000 ms; the request was cancelled',
    ]);
  });

  it('a stdio server that ignores its closed stdin gets SIGTERM after 500 ms', async () => {
    const directory = await temporaryDirectory('mcp-grace');
    const signalLog = join(directory.path, 'signals');
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          stubborn: {
            command: process.execPath,
            args: [fixturePath('flaky-server.mjs')],
            env: { FIXTURE_IGNORE_STDIN_END: signalLog },
          },
        },
      }),
    );
    await manager.connectAll();
    const pid = manager.get('stubborn').pid!;
    const closing = Date.now();
    await manager.closeAll();
    expect(processExists(pid)).toBe(false);
    const times = Object.fromEntries(
      (await readFile(signalLog, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => line.split(' '))
        .map(([event, at]) => [event, Number(at)]),
    ) as { end: number; term: number };
    await directory.remove();
    // The grace runs from the close of stdin to SIGTERM. Measured from when the adapter closed
    // stdin (the server may notice the end late on a busy machine, which only shortens its own
    // view): never shorter than 500 ms, and well short of the SDK's own 2 s.
    expect(times.end).toBeGreaterThanOrEqual(closing);
    expect(times.term - closing).toBeGreaterThanOrEqual(495);
    expect(times.term - closing).toBeLessThan(1900);
  });
});
