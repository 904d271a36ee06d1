import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { McpAdapter } from '@toolwright/mcp-adapter';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const root = makeTempDir('mcp-server-call-identity');
const clients: Client[] = [];
let http: McpHttpServer;

/** A served tool that answers with the identity its call ran under. */
const identity = createTool({
  name: 'Identity',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ order: Type.String() }),
  description: 'Tells the call id and idempotency key it ran under.',
  async execute(_params, context) {
    return ToolResults.success(
      JSON.stringify({ toolCallId: context.toolCallId, idempotencyKey: context.idempotencyKey }),
    );
  },
});

beforeAll(async () => {
  const served = new ToolRegistry();
  served.register(identity);
  http = await serveHttp(new ToolwrightMcpServer({ registry: served, workspaceRoot: root }));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await http?.close({ graceMs: 1000 });
});

async function newClient(): Promise<Client> {
  const { client } = await connectHttpClient(http.url);
  clients.push(client);
  return client;
}

async function identityOf(client: Client, meta?: Record<string, unknown>) {
  const result = (await client.request(
    {
      method: 'tools/call',
      params: {
        name: 'Identity',
        arguments: { order: 'A-1' },
        ...(meta === undefined ? {} : { _meta: meta }),
      },
    },
    CallToolResultSchema,
  )) as CallToolResult;
  const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
  return JSON.parse(text) as { toolCallId: string; idempotencyKey: string };
}

describe('the identity of a call served over MCP', () => {
  it('is the request id, with a key of this session: two clients’ equal first calls get different keys', async () => {
    const [first, second] = await Promise.all([newClient(), newClient()]);
    const [a, b] = await Promise.all([identityOf(first), identityOf(second)]);
    expect(a.toolCallId).toBe(b.toolCallId);
    expect(a.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
    expect(a.idempotencyKey).not.toBe(b.idempotencyKey);
  });

  it('keeps the key a client sent in _meta under io.toolwright/idempotencyKey', async () => {
    const seen = await identityOf(await newClient(), { 'io.toolwright/idempotencyKey': 'agent-key-1' });
    expect(seen.idempotencyKey).toBe('agent-key-1');
  });

  it('carries an agent’s key from its executor, through McpAdapter, to the served tool', async () => {
    const registry = new ToolRegistry();
    const adapter = new McpAdapter({
      registry,
      artifacts: new SessionArtifactStore({ root: join(root, 'client'), namespace: 'mcp', sessionId: 'c' }),
      deferTools: false,
      servers: parseMcpServersConfig({ mcpServers: { remote: { type: 'http', url: http.url } } }),
    });
    try {
      expect((await adapter.connect()).failed).toEqual([]);
      const executor = new ToolExecutor({
        lookup: (name) => registry.get(name),
        permissions: new PermissionPolicy({ workspaceRoot: root, allow: ['mcp__remote__Identity'] }),
        sessionId: 'agent',
        workspaceRoot: root,
      });
      const [executed] = await executor.executeBatch([
        { id: 'toolu_42', name: 'mcp__remote__Identity', arguments: { order: 'A-1' } },
      ]);
      expect(executed!.status).toBe('success');
      // The adapter wraps a server's text as untrusted; the key is inside.
      expect(executed!.idempotencyKey).toMatch(/^[0-9a-f]{64}$/);
      expect(executed!.content).toContain(`"idempotencyKey":"${executed!.idempotencyKey}"`);
    } finally {
      await adapter.close();
    }
  });
});
