import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { mcpCallContextFields } from './session/call-fields.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const workspace = makeTempDir('mcp-server-executor');
let http: McpHttpServer;
let client: Client;

beforeAll(async () => {
  const registry = createSampleRegistry();
  const executor = new ToolExecutor({
    lookup: (name) => registry.get(name),
    permissions: new PermissionPolicy({
      workspaceRoot: workspace,
      allow: ['Echo', 'Wait', 'WhoAmI'],
      deny: ['WriteNote'],
    }),
    sessionId: 'mcp-executor-test',
    workspaceRoot: workspace,
    toolTimeoutsMs: { Wait: 400 },
    timeoutGraceMs: 100,
    contextFields: mcpCallContextFields(),
  });
  http = await serveHttp(new ToolwrightMcpServer({ registry, executor, workspaceRoot: workspace }));
  ({ client } = await connectHttpClient(http.url));
});

afterAll(async () => {
  await client?.close();
  await http?.close({ graceMs: 1000 });
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const textOf = (result: CallToolResult) => (result.content[0] as { text?: string } | undefined)?.text ?? '';

describe('calls through a ToolExecutor the host passes', () => {
  it('applies the permission policy: a denied tool comes back as an isError result', async () => {
    const result = await call('WriteNote', { path: 'a.md', content: 'x' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/denied/i);
  });

  it('still validates through build(): coercions are reported, bad arguments repaired by message', async () => {
    const coerced = await call('Echo', { text: 'a', times: '2' });
    expect(textOf(coerced)).toBe('a a');
    expect(coerced._meta?.['toolwright/coercions']).toHaveLength(1);
    const invalid = await call('Echo', { text: 3 });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain('Invalid arguments for tool "Echo"');
  });

  it('applies its timeouts', async () => {
    const result = await call('Wait', { steps: 1000, stepMs: 10 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/timed out/);
  });

  it('reaches the tool with the request’s progress callback and MCP session (mcpCallContextFields)', async () => {
    const updates: number[] = [];
    const result = await client.callTool(
      { name: 'Wait', arguments: { steps: 3, stepMs: 5 } },
      CallToolResultSchema,
      {
        onprogress: (progress) => updates.push(progress.progress),
      },
    );
    expect(result.isError).toBeUndefined();
    expect(updates).toEqual([1, 2, 3]);
    const who = JSON.parse(textOf(await call('WhoAmI', {}))) as { client: string };
    expect(who.client).toBe('toolwright-test-client');
  });

  it('leaves the context fields empty outside a request', () => {
    expect({ ...mcpCallContextFields() }).toEqual({
      onProgress: undefined,
      mcpSession: undefined,
      artifacts: undefined,
    });
  });
});
