import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { waitFor } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import type { McpHttpOptions } from './http/http-options.js';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';
import { createSampleRegistry, type SampleProbes } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

async function start(options: McpHttpOptions = {}) {
  const probes: SampleProbes = { aborts: [], started: 0 };
  const server = new ToolwrightMcpServer({ registry: createSampleRegistry(probes) });
  const http = await serveHttp(server, options);
  const { client } = await connectHttpClient(http.url);
  return { probes, server, http, client };
}

describe('graceful shutdown over HTTP', () => {
  it('lets a running call finish, refuses new work meanwhile, then closes sessions and stops listening', async () => {
    const { probes, server, http, client } = await start();
    const call = client.callTool(
      { name: 'Wait', arguments: { steps: 10, stepMs: 30 } },
      CallToolResultSchema,
    );
    await waitFor(() => probes.started === 1);
    const closing = http.close({ graceMs: 5000 });
    const during = await rawRequest(http.url, { body: INITIALIZE_BODY }).catch((error: Error) => error);
    // Either the listener is gone (connection refused) or the request is answered 503.
    expect(during instanceof Error ? during.message : during.status).toMatch(/ECONNREFUSED|503/);
    const result = await call;
    expect(result.content).toEqual([{ type: 'text', text: 'waited 10 steps' }]);
    await closing;
    expect(probes.aborts).toEqual([]);
    expect(http.sessionCount).toBe(0);
    expect(server.sessions).toHaveLength(0);
    await expect(rawRequest(http.url, { body: INITIALIZE_BODY })).rejects.toThrow(/ECONNREFUSED/);
    await client.close();
  });

  it('aborts a call that outlasts the timeout; its client gets an aborted result', async () => {
    const { probes, http, client } = await start();
    const call = client.callTool(
      // Each step takes an hour: only the shutdown can end this call, however slow the machine.
      { name: 'Wait', arguments: { steps: 1000, stepMs: 3_600_000 } },
      CallToolResultSchema,
    );
    await waitFor(() => probes.started === 1);
    await Promise.all([
      http.close({ graceMs: 200 }),
      call.then((result) => {
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([
          { type: 'text', text: expect.stringMatching(/^stopped at step \d+$/) },
        ]);
      }),
    ]);
    expect(probes.aborts).toEqual(['the MCP server is shutting down']);
    await client.close();
  });

  // The deprecated names stay for one minor: a host that set them must still get its grace.
  it.each<[string, McpHttpOptions, Parameters<McpHttpServer['close']>[0]]>([
    ['the shutdownGraceMs option', { shutdownGraceMs: 200 }, undefined],
    ['the deprecated shutdownTimeoutMs option', { shutdownTimeoutMs: 200 }, undefined],
    ["close()'s deprecated timeoutMs", {}, { timeoutMs: 200 }],
  ])('gives running calls the grace %s names, then aborts them', async (_name, options, closeOptions) => {
    const { probes, http, client } = await start(options);
    const call = client.callTool(
      { name: 'Wait', arguments: { steps: 1000, stepMs: 10 } },
      CallToolResultSchema,
    );
    await waitFor(() => probes.started === 1);
    await Promise.all([http.close(closeOptions), call]);
    expect(probes.aborts).toEqual(['the MCP server is shutting down']);
    await client.close();
  });

  it('refuses new sessions once the server itself is closing', async () => {
    const { server, http, client } = await start();
    await server.close({ graceMs: 100 });
    await expect(connectHttpClient(http.url)).rejects.toThrow();
    await http.close();
    await client.close();
  });
});
