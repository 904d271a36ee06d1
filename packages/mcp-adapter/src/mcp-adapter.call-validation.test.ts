import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { type HttpMcpServer, streamableHttpServer } from '@toolwright/test-support/http-mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, temporaryDirectory } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let server: HttpMcpServer;
let adapter: McpAdapter;
let registry: ToolRegistry;

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-call-validation');
  server = await streamableHttpServer(() => {
    const mcp = new McpServer({ name: 'math', version: '1.0.0' });
    mcp.registerTool(
      'add',
      { description: 'Adds two integers.', inputSchema: { a: z.number().int(), b: z.number().int() } },
      async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
    );
    return mcp;
  });
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'calls' }),
    servers: parseMcpServersConfig({ mcpServers: { math: { type: 'http', url: server.url } } }),
  });
  expect((await adapter.connect()).connected).toEqual(['math']);
});
afterAll(async () => {
  await adapter.close();
  await server.close();
  await directory.remove();
});

const calls = () => server.received.filter((body) => body.method === 'tools/call');

describe('McpAdapter.callTool validates exactly like build()', () => {
  it('refuses wrong types before the server sees them, with the same error build() throws', async () => {
    const before = calls().length;
    const result = await adapter.callTool('mcp__math__add', { a: 'one', b: 2 }, executionContext());
    expect(result.error?.type).toBe('validation');
    let thrown: unknown;
    try {
      registry.get('mcp__math__add')!.build({ a: 'one', b: 2 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(result.error?.message).toContain((thrown as Error).message);
    expect(calls().length).toBe(before);
  });

  it('refuses a missing argument and an unknown one by name', async () => {
    const missing = await adapter.callTool('mcp__math__add', { a: 1 }, executionContext());
    expect(missing.error?.type).toBe('validation');
    expect(missing.error?.message).toContain('"b"');
    expect(calls()).toEqual([]);
  });

  it('sends what build() makes of valid arguments, and the server answers', async () => {
    const result = await adapter.callTool('mcp__math__add', { a: 2, b: 3 }, executionContext());
    expect(result.error).toBeUndefined();
    expect(JSON.stringify(result.llmContent)).toContain('5');
    expect(calls().at(-1)?.params).toEqual({ name: 'add', arguments: { a: 2, b: 3 } });
  });

  it('a call through the registry tool validates once and reaches the server the same way', async () => {
    const result = await registry.get('mcp__math__add')!.build({ a: 4, b: 5 }).execute(executionContext());
    expect(JSON.stringify(result.llmContent)).toContain('9');
    expect(calls()).toHaveLength(2);
  });
});
