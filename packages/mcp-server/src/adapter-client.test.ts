import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import {
  createTool,
  type ExecutionContext,
  type LlmContentPart,
  ToolKind,
  ToolResults,
} from '@toolwright/contracts';
import { createMcpContentTools, McpAdapter } from '@toolwright/mcp-adapter';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir, waitFor } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { type BinUnderTest, binUnderTest, removeBinUnderTest } from './test-support/bin-under-test.js';
import { createSampleRegistry, type SampleProbes } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const root = makeTempDir('mcp-server-adapter');
const probes: SampleProbes = { aborts: [], started: 0 };
const served = createSampleRegistry(probes);
let http: McpHttpServer;
let bundle: BinUnderTest;
let adapter: McpAdapter;
const registry = new ToolRegistry();

function context(
  signal = new AbortController().signal,
  extra: Partial<ExecutionContext> = {},
): ExecutionContext {
  return { signal, sessionId: 'adapter-test', workspaceRoot: root, ...extra };
}

function textOf(content: string | readonly LlmContentPart[]): string {
  return typeof content === 'string'
    ? content
    : content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

beforeAll(async () => {
  const server = new ToolwrightMcpServer({
    registry: served,
    artifacts: new SessionArtifactStore({
      root: join(root, 'server'),
      namespace: 'mcp-server',
      sessionId: 's',
    }),
    listChangedDebounceMs: 10,
  });
  [http, bundle] = await Promise.all([serveHttp(server), binUnderTest()]);
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: join(root, 'client'),
      namespace: 'mcp',
      sessionId: 'c',
    }),
    listChangedDebounceMs: 20,
    servers: parseMcpServersConfig({
      mcpServers: {
        remote: { type: 'http', url: http.url },
        local: { command: process.execPath, args: [bundle.bin, '--config', bundle.sampleServer] },
      },
    }),
  });
  const { failed } = await adapter.connect();
  expect(failed).toEqual([]);
  registry.registerAll(createMcpContentTools(adapter));
}, 120_000);

afterAll(async () => {
  await adapter?.close();
  await http?.close({ graceMs: 1000 });
  await removeBinUnderTest();
});

describe.each(['remote', 'local'])('our McpAdapter as the client (%s)', (server) => {
  const name = (tool: string) => `mcp__${server}__${tool}`;

  it('registers every served tool with the kind and hint tags the annotations give', () => {
    const tools = registry.getBySource(`mcp:${server}`);
    expect(tools.map((tool) => tool.name)).toEqual(
      ['Echo', 'Fail', 'Picture', 'Report', 'Wait', 'WhoAmI', 'WriteNote'].map(name),
    );
    expect(registry.get(name('Echo'))?.kind).toBe(ToolKind.ReadOnly);
    expect(registry.get(name('Echo'))?.tags).toContain('idempotent');
    expect(registry.get(name('WriteNote'))?.kind).toBe(ToolKind.Execute);
    expect(registry.get(name('WriteNote'))?.tags).toContain('destructive');
    expect(registry.get(name('WriteNote'))?.tags).not.toContain('idempotent');
  });

  it('coerces and refuses invalid arguments with the repairable message', async () => {
    // adapter.callTool validates like build() (the served schema), before anything is sent.
    const coerced = await adapter.callTool(name('Echo'), { text: 'hi', times: '2' }, context());
    expect(coerced.error).toBeUndefined();
    expect(textOf(coerced.llmContent)).toContain('hi hi');
    const invalid = await adapter.callTool(name('Echo'), { times: 2 }, context());
    expect(invalid.error?.type).toBe('validation');
    expect(invalid.error?.message).toContain('"text"');
  });

  it('forwards progress to the calling context', async () => {
    const updates: Array<number | undefined> = [];
    const tool = registry.get(name('Wait'));
    const result = await tool
      ?.build({ steps: 3, stepMs: 5 })
      .execute(context(undefined, { onProgress: (update) => updates.push(update.progress) }));
    expect(textOf(result?.llmContent ?? '')).toContain('waited 3 steps');
    // Progress notifications may trail the result on the wire: wait for all three, not a fixed time.
    await waitFor(() => updates.length >= 3);
    expect(updates).toEqual([1, 2, 3]);
  });

  it('cancels the server-side call when the context signal aborts', async () => {
    const controller = new AbortController();
    const before = probes.aborts.length;
    let progressed = 0;
    const call = registry
      .get(name('Wait'))
      ?.build({ steps: 1000, stepMs: 10 })
      .execute(context(controller.signal, { onProgress: () => (progressed += 1) }));
    // The first progress notification proves the call runs on the server (a subprocess for
    // "local"), so the abort cancels a running call, not one still on its way.
    await waitFor(() => progressed > 0);
    controller.abort(new Error('stop'));
    const result = await call;
    expect(result?.error?.type).toBe('aborted');
    if (server === 'remote') await waitFor(() => probes.aborts.length > before);
  });

  it('follows a resource_link to a large artifact with resources/read', async () => {
    const result = await adapter.callTool(name('Picture'), { large: true }, context());
    // Every link carries its grant: for the session (stdio, 2025) or the client (HTTP, 2026-07-28).
    const uri = /uri: (toolwright:\/\/artifact\/[0-9a-f]{64}(\?grant=[\w-]{22}))/.exec(
      textOf(result.llmContent),
    );
    expect(uri?.[2]).toBeDefined();
    const read = await registry.get('McpReadResource')?.build({ server, uri: uri?.[1] }).execute(context());
    expect(read?.error).toBeUndefined();
    expect(read?.artifacts?.[0]).toMatchObject({ mimeType: 'image/png', byteLength: 300 * 1024 + 70 });
  });
});

describe('list_changed reaching our McpAdapter', () => {
  it('adds a tool registered on the served registry to the client registry', async () => {
    served.register(
      createTool({
        name: 'Later',
        kind: ToolKind.ReadOnly,
        schema: Type.Object({}),
        description: 'Registered while clients are connected.',
        execute: async () => ToolResults.success('later'),
      }),
    );
    await waitFor(() => registry.has('mcp__remote__Later'));
    served.unregister('Later');
    await waitFor(() => !registry.has('mcp__remote__Later'));
  });
});
