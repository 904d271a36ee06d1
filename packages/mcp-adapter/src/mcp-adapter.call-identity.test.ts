import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { IDEMPOTENCY_KEY_META, idempotencyKey } from '@toolwright/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

/** The `_meta` of every `tools/call` the server received, in order. */
const received: (Record<string, unknown> | undefined)[] = [];

let directory: { path: string; remove(): Promise<void> };
let adapter: McpAdapter;
let registry: ToolRegistry;

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-call-identity');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'identity' }),
    deferTools: false,
    servers: [
      inMemoryServer('payments', () => {
        const server = new McpServer({ name: 'payments', version: '1.0.0' });
        server.registerTool(
          'charge',
          { description: 'Charges an account.', inputSchema: { account: z.string(), cents: z.number() } },
          async (_args, extra) => {
            received.push(extra._meta as Record<string, unknown> | undefined);
            return { content: [{ type: 'text', text: 'charged' }] };
          },
        );
        return server;
      }),
    ],
  });
  await adapter.connect();
});
afterAll(async () => {
  await adapter.close();
  await directory.remove();
});

async function charge(context: Record<string, unknown>, args: Record<string, unknown>) {
  received.length = 0;
  const result = await registry
    .get('mcp__payments__charge')!
    .build(args)
    .execute({ ...executionContext(), ...context });
  expect(result.error).toBeUndefined();
  return received[0];
}

describe('the identity of an MCP tool call', () => {
  it('reaches the server as the call’s idempotency key in _meta, beside the progress token', async () => {
    const meta = await charge(
      { toolCallId: 'call_1', idempotencyKey: 'key-from-the-executor', onProgress: () => {} },
      { account: 'acme', cents: 500 },
    );
    expect(meta?.['io.toolwright/idempotencyKey']).toBe('key-from-the-executor');
    expect(meta?.progressToken).toBeDefined();
  });

  it('is derived from the call id and the arguments when the host gave only the id', async () => {
    const meta = await charge({ toolCallId: 'call_2' }, { cents: 500, account: 'acme' });
    expect(meta?.[IDEMPOTENCY_KEY_META]).toBe(idempotencyKey('call_2', { account: 'acme', cents: 500 }));
  });

  it('is left out when the call has no identity', async () => {
    const meta = await charge({}, { account: 'acme', cents: 500 });
    expect(meta?.[IDEMPOTENCY_KEY_META]).toBeUndefined();
  });
});
