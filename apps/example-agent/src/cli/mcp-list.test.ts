import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type HttpMcpServer, streamableHttpServer } from '@toolwright/test-support/http-mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

const directory = makeTemporaryDirectory('mcp-list');
let server: HttpMcpServer;
let url: string;

/** A real Streamable HTTP MCP server whose front answers every tools/list with 403. */
beforeAll(async () => {
  server = await streamableHttpServer(
    () => {
      const gated = new McpServer({ name: 'gated', version: '1.0.0' });
      gated.registerTool('secret', { description: 'Needs a scope.' }, async () => ({
        content: [{ type: 'text', text: 'secret' }],
      }));
      return gated;
    },
    {
      answerFirst: (body) =>
        body?.method === 'tools/list' ? { status: 403, text: 'insufficient scope' } : undefined,
    },
  );
  url = server.url;
});
afterAll(async () => {
  await server.close();
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
