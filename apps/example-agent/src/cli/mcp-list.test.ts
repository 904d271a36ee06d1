import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

const directory = makeTemporaryDirectory('mcp-list');
let http: Server;
let url: string;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

/** A real Streamable HTTP MCP server whose front answers every tools/list with 403. */
beforeAll(async () => {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  http = createServer((request, response) => {
    void (async () => {
      const body = request.method === 'POST' ? await readBody(request) : undefined;
      if ((body as { method?: unknown } | undefined)?.method === 'tools/list') {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('insufficient scope');
        return;
      }
      const id = request.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (transport === undefined) {
        const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId: string): void => {
            sessions.set(sessionId, fresh);
          },
        });
        const server = new McpServer({ name: 'gated', version: '1.0.0' });
        server.registerTool('secret', { description: 'Needs a scope.' }, async () => ({
          content: [{ type: 'text', text: 'secret' }],
        }));
        await server.connect(fresh);
        transport = fresh;
      }
      await transport.handleRequest(request, response, body);
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/mcp`;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  directory.remove();
  await removeCliUnderTest();
});

describe('mcp list', () => {
  it('shows a server whose tools/list answers 403 as failed with the reason, and exits 1', async () => {
    const workspace = join(directory.path, 'workspace');
    mkdirSync(workspace, { recursive: true });
    writeFileSync(
      join(workspace, '.mcp.json'),
      JSON.stringify({ mcpServers: { gated: { type: 'http', url } } }),
    );
    const list = await runCli(['mcp', 'list', '--trust-workspace'], {
      cwd: workspace,
      home: join(directory.path, 'home'),
    });
    expect(list.code).toBe(1);
    expect(list.stdout).toMatch(
      /^gated\s+failed\s+- tools\s+MCP server "gated" completed the handshake, but listing its tools failed: .*HTTP 403/m,
    );
    expect(list.stdout).not.toMatch(/connected/);
    const json = await runCli(['mcp', 'list', '--json', '--trust-workspace'], {
      cwd: workspace,
      home: join(directory.path, 'home'),
    });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({
        server: 'gated',
        phase: 'failed',
        tools: 0,
        lastError: expect.stringContaining('HTTP 403'),
      }),
    ]);
  });
});
