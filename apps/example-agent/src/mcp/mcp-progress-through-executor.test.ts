import { setTimeout as sleep } from 'node:timers/promises';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { ProgressUpdate } from '@toolwright/contracts';
import { type ExecutorEvent, PermissionPolicy, ToolExecutor } from '@toolwright/executor';
import { McpAdapter } from '@toolwright/mcp-adapter';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, describe, expect, it } from 'vitest';
import { toolCall } from '../test-support/executor-fixture.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Ten progress reports per request timeout: a loaded machine delaying one still never times out.
const REQUEST_TIMEOUT_MS = 1_000;
const PROGRESS_EVERY_MS = 100;
/** Three request timeouts: without progress resetting it, the call would time out. */
const RUNS_FOR_MS = 3 * REQUEST_TIMEOUT_MS;

const directory = makeTemporaryDirectory('mcp-progress');
const adapters: McpAdapter[] = [];
afterAll(async () => {
  await Promise.all(adapters.map((adapter) => adapter.close()));
  directory.remove();
});

/** A server whose `build` tool works for RUNS_FOR_MS, reporting progress every PROGRESS_EVERY_MS when asked to. */
function slowServer(): McpServer {
  const server = new McpServer({ name: 'slow', version: '1.0.0' });
  const readOnly = { readOnlyHint: true };
  server.registerTool(
    'build',
    { description: 'Builds for a while.', annotations: readOnly },
    async (extra) => {
      const token = extra._meta?.progressToken;
      const steps = RUNS_FOR_MS / PROGRESS_EVERY_MS;
      for (let step = 1; step <= steps; step++) {
        await sleep(PROGRESS_EVERY_MS);
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: step, total: steps },
          });
      }
      return { content: [{ type: 'text', text: 'built' }] };
    },
  );
  return server;
}

async function setup() {
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'progress' }),
    deferTools: false,
    servers: [
      {
        name: 'slow',
        transport: 'custom',
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        async createTransport() {
          const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
          await slowServer().connect(serverSide);
          return clientSide;
        },
      },
    ],
  });
  adapters.push(adapter);
  await adapter.connect();
  return registry;
}

function executorFor(registry: ToolRegistry, extra: { contextFields?: Record<string, unknown> } = {}) {
  const events: ExecutorEvent[] = [];
  const executor = new ToolExecutor({
    lookup: (name) => registry.get(name),
    permissions: new PermissionPolicy({ workspaceRoot: directory.path, trustedMcpServers: ['slow'] }),
    sessionId: 'progress',
    workspaceRoot: directory.path,
    onEvent: (event) => events.push(event),
    ...extra,
  });
  const reports = () => events.flatMap((event) => (event.type === 'call-progress' ? [event] : []));
  return { executor, reports };
}

describe('an MCP tool that reports progress, run through ToolExecutor', () => {
  it('outlives its request timeout while it keeps reporting, and each report reaches the host as an event', async () => {
    const registry = await setup();
    const { executor, reports } = executorFor(registry);
    const [executed] = await executor.executeBatch([toolCall('mcp__slow__build', {})]);
    expect(executed!.result.error?.message).toBeUndefined();
    expect(executed!.status).toBe('success');
    expect(JSON.stringify(executed!.result.llmContent)).toContain('built');
    // The last report may arrive after the result; every earlier one arrives during the call.
    const steps = RUNS_FOR_MS / PROGRESS_EVERY_MS;
    expect(reports().length).toBeGreaterThanOrEqual(steps - 1);
    expect(reports()[0]!.call.name).toBe('mcp__slow__build');
    expect(reports()[0]!.progress).toMatchObject({ progress: 1, total: steps });
  });

  it("still calls a host's own onProgress context field with every report", async () => {
    const registry = await setup();
    const hostUpdates: ProgressUpdate[] = [];
    const { executor, reports } = executorFor(registry, {
      contextFields: { onProgress: (update: ProgressUpdate) => hostUpdates.push(update) },
    });
    const [executed] = await executor.executeBatch([toolCall('mcp__slow__build', {})]);
    expect(executed!.status).toBe('success');
    expect(hostUpdates.length).toBeGreaterThan(0);
    expect(hostUpdates.map((update) => update.progress)).toEqual(
      reports().map((report) => report.progress.progress),
    );
  });
});
