import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { McpClientError } from './errors.js';
import type { McpConnectionChange } from './events/connection-state.js';
import { parseMcpServersConfig } from './server-config.js';
import { fixturePath, nodeManager, processExists, serverEntry, waitFor } from './test-support/helpers.js';

const everything = serverEntry('@modelcontextprotocol/server-everything');

/** A transport to a small SDK server in this process (one tool), made fresh for each connect. */
async function inMemoryTransport() {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new McpServer({ name: 'in-memory', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong.' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  await server.connect(serverSide);
  return clientSide;
}
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('every error a connection throws is an McpClientError naming the server', () => {
  const custom = (createTransport: () => never | Promise<never> | ReturnType<typeof inMemoryTransport>) =>
    nodeManager([{ name: 'custom', transport: 'custom', createTransport }]);

  it('a createTransport that throws is a failed connect, not a raw error', async () => {
    const manager = custom(() => {
      throw new TypeError('no socket for you');
    });
    const error = await manager
      .get('custom')
      .connect()
      .catch((failure: unknown) => failure);
    expect(McpClientError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'connect_failed',
      server: 'custom',
      message: 'MCP server "custom" failed to start or complete the MCP handshake: no socket for you',
    });
  });

  it('a request whose send throws before returning a promise rejects with server_error', async () => {
    const manager = custom(inMemoryTransport);
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    const request = manager.get('custom').request('tools/list', () => {
      throw new RangeError('bad options');
    });
    await expect(request).rejects.toMatchObject({
      code: 'server_error',
      server: 'custom',
      message: 'tools/list on MCP server "custom" failed: bad options',
    });
    expect(McpClientError.isInstance(await request.catch((error: unknown) => error))).toBe(true);
  });

  it('an onReady hook that throws fails the connect with the reason', async () => {
    const manager = nodeManager(
      [{ name: 'custom', transport: 'custom', createTransport: inMemoryTransport }],
      {
        onReady: () => {
          throw new Error('catalog store is read-only');
        },
      },
    );
    cleanups.push(() => manager.closeAll());
    const [failure] = (await manager.connectAll()).failed;
    expect(McpClientError.isInstance(failure?.error)).toBe(true);
    expect(failure?.reason).toBe(
      'MCP server "custom" connected, but preparing it failed: catalog store is read-only',
    );
  });
});

describe('McpConnectionManager', () => {
  it('connects in parallel, reports a failing server by name and reason while the others work, and leaves no child process', async () => {
    const changes: McpConnectionChange[] = [];
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          everything: { command: process.execPath, args: [everything, 'stdio'] },
          missing: { command: '/nonexistent/mcp-server-binary' },
          silent: {
            command: process.execPath,
            args: ['-e', 'setInterval(() => {}, 1000)'],
            connectTimeoutMs: 800,
          },
        },
      }),
      { onConnectionChange: (change) => changes.push(change) },
    );
    cleanups.push(() => manager.closeAll());
    // The silent server never answers: connectAll returns only by its 800 ms handshake limit.
    const result = await manager.connectAll();
    expect(result.connected).toEqual(['everything']);
    expect(result.failed.map((failure) => failure.server).sort()).toEqual(['missing', 'silent']);
    const missing = result.failed.find((failure) => failure.server === 'missing')!;
    expect(missing.error.code).toBe('connect_failed');
    expect(missing.reason).toContain('MCP server "missing" failed to start');
    expect(missing.reason).toContain('ENOENT');
    const silent = result.failed.find((failure) => failure.server === 'silent')!;
    expect(silent.error.code).toBe('timeout');
    expect(silent.reason).toBe('MCP server "silent" did not complete the MCP handshake within 800 ms');

    const connection = manager.get('everything');
    const tools = await connection.request('tools/list', (client, options) => client.listTools({}, options));
    expect(tools.tools.map((tool) => tool.name)).toContain('echo');
    expect(changes.filter((change) => change.server === 'everything').map((change) => change.state)).toEqual([
      'connecting',
      'connected',
    ]);
    expect(
      changes.find((change) => change.server === 'missing' && change.state === 'failed')?.error,
    ).toContain('ENOENT');

    const pid = connection.pid!;
    expect(processExists(pid)).toBe(true);
    await manager.closeAll();
    expect(processExists(pid)).toBe(false);
    expect(connection.phase).toBe('closed');
    expect(() => connection.client).toThrow(/MCP server "everything" is not connected \(phase: closed/);
  });

  it('turns a server that exits mid-call into a clear error, then reconnects with backoff and reports the phases', async () => {
    const directory = makeTempDir('mcp-flaky');
    const pidLog = join(directory, 'pids');
    const changes: McpConnectionChange[] = [];
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          flaky: {
            command: process.execPath,
            args: [fixturePath('flaky-server.mjs')],
            env: { FIXTURE_PID_LOG: pidLog },
          },
        },
      }),
      { reconnect: { initialDelayMs: 50 }, onConnectionChange: (change) => changes.push(change) },
    );
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    const connection = manager.get('flaky');
    const failure = await connection
      .request('tools/call "exit-now"', (client, options) => client.callTool({ name: 'exit-now' }, options))
      .catch((error: unknown) => error);
    expect(McpClientError.isInstance(failure)).toBe(true);
    expect((failure as McpClientError).code).toBe('connection_lost');
    expect((failure as McpClientError).message).toContain(
      'MCP server "flaky" closed the connection during tools/call "exit-now"',
    );

    await waitFor(() => changes.some((change) => change.state === 'recovered'));
    expect(changes.map((change) => change.state)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'recovered',
    ]);
    expect(changes[2]).toMatchObject({ attempt: 1 });
    const echoed = await connection.request('tools/call "echo"', (client, options) =>
      client.callTool({ name: 'echo', arguments: { text: 'back' } }, options),
    );
    expect(echoed.content).toEqual([{ type: 'text', text: 'back' }]);

    // Three starts: the first connect's era probe runs on a short-lived sibling process (a server
    // that exits on an unknown request must not cost the session its child), then the session's
    // own process, then the reconnect's, which adopts the era already agreed and probes no more.
    const pids = (await readFile(pidLog, 'utf8')).trim().split('\n').map(Number);
    expect(pids).toHaveLength(3);
    await manager.closeAll();
    for (const pid of pids) expect(processExists(pid)).toBe(false);
  });

  it('times out a call to a server that hangs, and the server stays usable', async () => {
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          flaky: {
            command: process.execPath,
            args: [fixturePath('flaky-server.mjs')],
            // Long enough for the echo after it on a loaded machine.
            requestTimeoutMs: 1_000,
          },
        },
      }),
    );
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    const connection = manager.get('flaky');
    const failure = await connection
      .request('tools/call "hang"', (client, options) => client.callTool({ name: 'hang' }, options))
      .catch((error: unknown) => error as McpClientError);
    expect(failure.code).toBe('timeout');
    expect(failure.message).toBe(
      'MCP server "flaky" did not answer tools/call "hang" within 1000 ms; the request was cancelled',
    );
    const echoed = await connection.request('echo', (client, options) =>
      client.callTool({ name: 'echo', arguments: { text: 'still here' } }, options),
    );
    expect(echoed.content).toEqual([{ type: 'text', text: 'still here' }]);
  });

  it('gives up after the configured attempts and reports failed', async () => {
    const changes: McpConnectionChange[] = [];
    let starts = 0;
    // The first start runs the real server; every restart points at a missing script and fails.
    let transports = 0;
    const manager = nodeManager(
      [
        {
          name: 'once',
          transport: 'custom',
          createTransport: () => {
            transports += 1;
            return new StdioClientTransport({
              command: process.execPath,
              args: [transports === 1 ? fixturePath('flaky-server.mjs') : '/nonexistent/script.mjs'],
              stderr: 'ignore',
            });
          },
        },
      ],
      {
        reconnect: { maxAttempts: 2, initialDelayMs: 20 },
        onConnectionChange: (change) => {
          changes.push(change);
          if (change.state === 'connecting') starts += 1;
        },
      },
    );
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    process.kill(manager.get('once').pid!, 'SIGKILL');
    await waitFor(() => changes.some((change) => change.state === 'failed'));
    expect(starts).toBe(1);
    expect(transports).toBe(3);
    expect(changes.slice(2).map((change) => [change.state, change.attempt])).toEqual([
      ['reconnecting', 1],
      ['reconnecting', 2],
      ['failed', 2],
    ]);
    expect(changes.at(-1)?.error).toContain(
      'MCP server "once" failed to start or complete the MCP handshake',
    );
  });
  it('sends the configured headers over Streamable HTTP, names a refused server, and ends the HTTP session on close', async () => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    const server = new McpServer({ name: 'guarded', version: '1.0.0' });
    server.registerTool('whoami', { description: 'Says who.' }, async () => ({
      content: [{ type: 'text', text: 'guarded' }],
    }));
    await server.connect(transport);
    const methods: string[] = [];
    const http = createServer((request, response) => {
      if (request.headers.authorization !== 'Bearer s3cret') {
        response.writeHead(401, { 'content-type': 'text/plain' }).end('missing or wrong token');
        return;
      }
      methods.push(request.method ?? '');
      void transport.handleRequest(request, response);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          http.closeAllConnections();
          http.close(resolve);
        }),
    );
    const address = http.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
    const manager = nodeManager(
      parseMcpServersConfig({
        mcpServers: {
          authorised: { type: 'http', url, headers: { Authorization: 'Bearer s3cret' } },
          anonymous: { url },
          down: { url: 'http://127.0.0.1:1/mcp' },
        },
      }),
    );
    cleanups.push(() => manager.closeAll());
    const result = await manager.connectAll();
    expect(result.connected).toEqual(['authorised']);
    expect(result.failed[0]?.server).toBe('anonymous');
    expect(result.failed[0]?.reason).toContain(
      'MCP server "anonymous" failed to start or complete the MCP handshake',
    );
    expect(result.failed[0]?.reason).toContain('missing or wrong token');
    const answer = await manager
      .get('authorised')
      .request('whoami', (client, options) => client.callTool({ name: 'whoami' }, options));
    expect(answer.content).toEqual([{ type: 'text', text: 'guarded' }]);
    await manager.closeAll();
    expect(methods).toContain('DELETE');
  });

  it('reconnects a Streamable HTTP server that went away and came back on the same port', async () => {
    /** One MCP server instance behind node:http on `port` (0: any free port). */
    const serve = async (port: number, label: string) => {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
      const server = new McpServer({ name: label, version: '1.0.0' });
      server.registerTool('whoami', { description: 'Says who.' }, async () => ({
        content: [{ type: 'text', text: label }],
      }));
      await server.connect(transport);
      const http = createServer((request, response) => void transport.handleRequest(request, response));
      await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
      const address = http.address();
      return {
        port: typeof address === 'object' && address !== null ? address.port : 0,
        stop: async () => {
          http.closeAllConnections();
          await new Promise((resolve) => http.close(resolve));
          await server.close();
        },
      };
    };
    const first = await serve(0, 'first');
    const changes: McpConnectionChange[] = [];
    const manager = nodeManager(
      parseMcpServersConfig({ mcpServers: { remote: { url: `http://127.0.0.1:${first.port}/mcp` } } }),
      {
        reconnect: { initialDelayMs: 50, maxAttempts: 8 },
        onConnectionChange: (change) => changes.push(change),
      },
    );
    cleanups.push(() => manager.closeAll());
    await manager.connectAll();
    const connection = manager.get('remote');
    const whoami = () =>
      connection.request('whoami', (client, options) => client.callTool({ name: 'whoami' }, options));
    expect((await whoami()).content).toEqual([{ type: 'text', text: 'first' }]);

    await first.stop();
    const failure = await whoami().catch((error: unknown) => error as McpClientError);
    expect(failure.code).toBe('connection_lost');
    expect(failure.message).toContain('MCP server "remote" was lost during whoami');
    const second = await serve(first.port, 'second');
    cleanups.push(second.stop);
    await waitFor(() => changes.some((change) => change.state === 'recovered'));
    expect(changes.map((change) => change.state).slice(0, 3)).toEqual([
      'connecting',
      'connected',
      'reconnecting',
    ]);
    expect((await whoami()).content).toEqual([{ type: 'text', text: 'second' }]);
  });
});
