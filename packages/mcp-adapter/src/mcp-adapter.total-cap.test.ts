import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let adapter: McpAdapter;
let registry: ToolRegistry;
let stopped = false;

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-total-cap');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'cap' }),
    deferTools: false,
    // A request timeout far above the 50 ms between progress reports, even on a loaded machine.
    requestTimeoutMs: 1_000,
    maxTotalRequestMs: 2_500,
    servers: [
      inMemoryServer('chatty', () => {
        const server = new McpServer({ name: 'chatty', version: '1.0.0' });
        // Reports progress every 50 ms and never finishes: only the total cap ends the call.
        server.registerTool('forever', { description: 'Never finishes.' }, async (extra) => {
          const token = extra._meta?.progressToken;
          for (let step = 1; !stopped && token !== undefined; step++) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step },
            });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return { content: [{ type: 'text', text: 'stopped' }] };
        });
        return server;
      }),
    ],
  });
  await adapter.connect();
});
afterAll(async () => {
  stopped = true;
  await adapter.close();
  await directory.remove();
});

describe('maxTotalRequestMs', () => {
  it('ends a call whose progress keeps resetting its request timeout, naming the cap', async () => {
    let reports = 0;
    const context = { ...executionContext(), onProgress: () => reports++ };
    const started = Date.now();
    const result = await registry.get('mcp__chatty__forever')!.build({}).execute(context);
    // Progress carried the call past three request timeouts, not past the cap.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
    expect(reports).toBeGreaterThan(6);
    expect(result.error?.message).toContain('within 2500 ms in all (maxTotalRequestMs');
  });
});
