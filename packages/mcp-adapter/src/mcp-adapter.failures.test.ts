import { getEventListeners } from 'node:events';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import {
  executionContext,
  fixturePath,
  processExists,
  temporaryDirectory,
  waitFor,
} from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let registry: ToolRegistry;
let adapter: McpAdapter;
const call = (tool: string, params: unknown, signal?: AbortSignal) =>
  registry.get(`mcp__flaky__${tool}`)!.build(params).execute(executionContext('session-a', signal));

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-failures');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: 'failures',
    }),
    servers: parseMcpServersConfig({
      mcpServers: {
        flaky: { command: process.execPath, args: [fixturePath('flaky-server.mjs')], requestTimeoutMs: 400 },
        broken: { command: process.execPath, args: ['/nonexistent/server.mjs'] },
      },
    }),
    reconnect: { initialDelayMs: 30 },
  });
});
afterAll(async () => {
  await adapter.close();
  await directory.remove();
});

describe('failures seen through tool calls', () => {
  it('reports a server that fails to start by name and reason while the other one works', async () => {
    const result = await adapter.connect();
    expect(result.connected).toEqual(['flaky']);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.server).toBe('broken');
    expect(result.failed[0]?.reason).toContain(
      'MCP server "broken" failed to start or complete the MCP handshake',
    );
    expect(result.failed[0]?.reason).toContain('/nonexistent/server.mjs');
    expect(registry.getBySource('mcp:flaky').length).toBe(3);
  });

  it('returns a timeout result for a server that hangs', async () => {
    const result = await call('hang', {});
    expect(result.error).toEqual({
      type: 'timeout',
      message:
        'MCP server "flaky" did not answer tools/call "hang" within 400 ms; the request was cancelled (code: timeout)',
    });
  });

  it('returns an aborted result when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user pressed escape')), 50);
    const result = await call('hang', {}, controller.signal);
    // Not a timeout: the SDK cancels an aborted request with its timeout code, the adapter knows better.
    expect(result.error).toEqual({
      type: 'aborted',
      message:
        'tools/call "hang" on MCP server "flaky" was aborted by the caller (user pressed escape); the request was cancelled (code: aborted)',
    });
  });

  it("says a bare abort was the caller's, with no reason to add", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await call('hang', {}, controller.signal);
    expect(result.error).toEqual({
      type: 'aborted',
      message:
        'tools/call "hang" on MCP server "flaky" was aborted by the caller; the request was cancelled (code: aborted)',
    });
  });

  it('does not pile listeners onto a signal shared by many calls, and still cancels through it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const turn = new AbortController();
    try {
      for (let index = 0; index < 30; index += 1) {
        const result = await call('echo', { text: `call ${index}` }, turn.signal);
        expect(result.error).toBeUndefined();
      }
      // Every call listened through a signal of its own, and let go of the shared one once it settled.
      expect(getEventListeners(turn.signal, 'abort')).toEqual([]);
      setTimeout(() => turn.abort(new Error('turn cancelled')), 50);
      const hung = await call('hang', {}, turn.signal);
      expect(hung.error?.type).toBe('aborted');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('leaves no listener on a signal the host already listens to, and still cancels through it', async () => {
    const turn = new AbortController();
    const hostListener = () => undefined;
    turn.signal.addEventListener('abort', hostListener);
    for (let index = 0; index < 3; index += 1) {
      const result = await call('echo', { text: `call ${index}` }, turn.signal);
      expect(result.error).toBeUndefined();
    }
    // Every call went through a signal of its own: only the host's listener is left.
    expect(getEventListeners(turn.signal, 'abort')).toEqual([hostListener]);
    setTimeout(() => turn.abort(new Error('turn cancelled')), 50);
    const hung = await call('hang', {}, turn.signal);
    expect(hung.error?.type).toBe('aborted');
    expect(getEventListeners(turn.signal, 'abort')).toEqual([hostListener]);
  });

  it('fails a call whose server exits mid-call with a clear error, reconnects, and the tool works again', async () => {
    adapter.drainEvents();
    const firstPid = adapter.servers().find((status) => status.server === 'flaky')!.pid!;
    const result = await call('exit-now', {});
    expect(result.error?.type).toBe('execution');
    expect(result.error?.message).toContain(
      'MCP server "flaky" closed the connection during tools/call "exit-now"',
    );
    expect(result.error?.message).toContain('may or may not have taken effect');
    await waitFor(() => adapter.servers()[0]?.phase === 'recovered');
    expect(
      adapter.drainEvents().connectionChanges.items.map((change) => [change.state, change.attempt]),
    ).toEqual([
      ['reconnecting', 1],
      ['recovered', 1],
    ]);
    expect(processExists(firstPid)).toBe(false);
    const echoed = await call('echo', { text: 'again' });
    expect(JSON.stringify(echoed.llmContent)).toContain('again');
  });
});
