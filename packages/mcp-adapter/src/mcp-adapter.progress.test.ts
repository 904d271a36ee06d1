import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { ProgressUpdate } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

const MESSAGES = ['step\u001b[2J one\r\nof\tthree\u202e', 'x'.repeat(2000)];

let directory: { path: string; remove(): Promise<void> };
let adapter: McpAdapter;
let registry: ToolRegistry;

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-progress');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'progress' }),
    deferTools: false,
    servers: [
      inMemoryServer('noisy', () => {
        const server = new McpServer({ name: 'noisy', version: '1.0.0' });
        server.registerTool('work', { description: 'Reports progress.' }, async (extra) => {
          const token = extra._meta?.progressToken;
          if (token !== undefined)
            for (const [index, message] of MESSAGES.entries())
              await extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken: token, progress: index + 1, total: MESSAGES.length, message },
              });
          // A last report without words: the adapter names the tool and the count.
          if (token !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: 3 },
            });
          return { content: [{ type: 'text', text: 'done' }] };
        });
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

describe('progress a server reports', () => {
  it('reaches the host as one printable line of at most 500 characters', async () => {
    const updates: ProgressUpdate[] = [];
    const context = { ...executionContext(), onProgress: (update: ProgressUpdate) => updates.push(update) };
    const result = await registry.get('mcp__noisy__work')!.build({}).execute(context);
    expect(result.error).toBeUndefined();
    // The last report can arrive after the result (see the README); the others never do.
    expect(updates.slice(0, 2)).toEqual([
      { message: 'step[2J one of three', progress: 1, total: 2 },
      { message: `${'x'.repeat(500)}…`, progress: 2, total: 2 },
    ]);
  });
});
