import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { McpConnectionManager } from './connection-manager.js';

const managers: McpConnectionManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.closeAll()));
});

/**
 * A server whose tool reports progress 1, 2, 3 and returns; its transport holds each progress
 * notification back and sends it in the same turn as the next response, as a stdio pipe or an
 * SSE stream hands both over in one chunk.
 */
function serverSendingProgressWithTheResult() {
  return {
    name: 'steps',
    transport: 'custom' as const,
    async createTransport() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const send = serverSide.send.bind(serverSide);
      const held: JSONRPCMessage[] = [];
      serverSide.send = async (message, options) => {
        if ('method' in message && message.method === 'notifications/progress') {
          held.push(message);
          return;
        }
        for (const notification of held.splice(0)) void send(notification);
        return send(message, options);
      };
      const server = new McpServer({ name: 'steps', version: '1.0.0' });
      server.registerTool('count', { description: 'Counts to three.' }, async (extra) => {
        const token = extra._meta?.progressToken;
        for (const progress of [1, 2, 3]) {
          if (token !== undefined) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress, total: 3 },
            });
          }
        }
        return { content: [{ type: 'text', text: 'counted' }] };
      });
      await server.connect(serverSide);
      return clientSide;
    },
  };
}

describe('progress read together with its result', () => {
  it('reaches the caller before the result: the last update is not dropped', async () => {
    const manager = new McpConnectionManager([serverSendingProgressWithTheResult()]);
    managers.push(manager);
    expect((await manager.connectAll()).failed).toEqual([]);
    const seen: number[] = [];
    const result = await manager
      .get('steps')
      .request('tools/call', (client, options) =>
        client.callTool(
          { name: 'count', arguments: {} },
          { ...options, onprogress: (update) => seen.push(update.progress) },
        ),
      );
    expect(result.content).toEqual([{ type: 'text', text: 'counted' }]);
    expect(seen).toEqual([1, 2, 3]);
  });
});
