import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  type CallToolResult,
  CallToolResultSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import { makeTempDir, waitFor } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { artifactIdOf } from './resources/artifact-uri.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { createSampleRegistry, PIXEL_PNG_BASE64, type SampleProbes } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const root = makeTempDir('mcp-server-http');
const probes: SampleProbes = { aborts: [], started: 0 };
let registry: ToolRegistry;
let server: ToolwrightMcpServer;
let http: McpHttpServer;
let client: Client;

beforeAll(async () => {
  registry = createSampleRegistry(probes);
  server = new ToolwrightMcpServer({
    registry,
    serverInfo: { name: 'sample', version: '1.0.0' },
    artifacts: new SessionArtifactStore({ root, namespace: 'mcp-server', sessionId: 'http-tests' }),
    listChangedDebounceMs: 10,
  });
  http = await serveHttp(server, { port: 0 });
  ({ client } = await connectHttpClient(http.url));
});

afterAll(async () => {
  await client?.close();
  await http?.close({ graceMs: 1000 });
});

function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

describe('tools over Streamable HTTP (raw SDK client)', () => {
  it('lists every tool but ToolSearch, sorted, with rendered descriptions, input schemas and honest annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'Echo',
      'Fail',
      'Picture',
      'Report',
      'Wait',
      'WhoAmI',
      'WriteNote',
    ]);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.Echo?.title).toBe('Echo text');
    expect(byName.Echo?.description).toBe('Repeats text.\n\nIMPORTANT: Never invents text.');
    expect(byName.Echo?.inputSchema).toMatchObject({ type: 'object', required: ['text'] });
    expect(byName.Echo?.annotations).toEqual({
      title: 'Echo text',
      readOnlyHint: true,
      idempotentHint: true,
    });
    expect(byName.WriteNote?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    // Execute and retry-safe: destructive, and idempotent only because the tool says it is retry-safe.
    expect(byName.Wait?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    // ReadOnly but not retry-safe: never idempotent by inference.
    expect(byName.Report?.annotations).toEqual({ readOnlyHint: true, idempotentHint: false });
    for (const tool of tools) expect(tool.outputSchema).toBeUndefined();
  });

  it('validates and coerces arguments through build(), reporting the coercion in _meta', async () => {
    const result = (await client.callTool({
      name: 'Echo',
      arguments: { text: 'hi', times: '3' },
    })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toBe('hi hi hi');
    expect(result._meta?.['toolwright/coercions']).toEqual([
      { path: '/times', from: 'string "3"', to: 'integer 3', kind: 'string-to-integer' },
    ]);
  });

  it('answers invalid arguments with an isError result carrying the repairable message', async () => {
    const result = (await client.callTool({
      name: 'Echo',
      arguments: { txt: 'hi', times: 9 },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('Invalid arguments for tool "Echo"');
    expect(text).toContain('fix and call again');
    expect(text).toContain('unknown argument "txt"');
    expect(text).toContain('/times');
  });

  it('refuses an unknown tool with -32602 naming the closest one', async () => {
    await expect(client.callTool({ name: 'Ecko', arguments: {} })).rejects.toThrow(
      /Unknown tool "Ecko".*Echo/,
    );
  });

  it('turns a throwing tool into an isError result with its message', async () => {
    const result = (await client.callTool({ name: 'Fail', arguments: {} })) as CallToolResult;
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'the tool broke on purpose' }],
    });
  });

  it('sends progress notifications for a progress token, increasing', async () => {
    const updates: Array<{ progress: number; total?: number | undefined; message?: string | undefined }> = [];
    const result = await client.callTool(
      { name: 'Wait', arguments: { steps: 3, stepMs: 5 } },
      CallToolResultSchema,
      {
        onprogress: (progress) => updates.push(progress),
      },
    );
    expect(textOf(result as CallToolResult)).toBe('waited 3 steps');
    // The SDK handles notifications a microtask after responses; the last one may trail, so
    // wait for the third itself rather than for a time that a loaded machine could exceed.
    await waitFor(() => updates.length >= 3);
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
  });

  it('aborts the invocation signal on notifications/cancelled', async () => {
    const controller = new AbortController();
    const before = probes.aborts.length;
    const call = client.callTool(
      { name: 'Wait', arguments: { steps: 500, stepMs: 10 } },
      CallToolResultSchema,
      {
        signal: controller.signal,
      },
    );
    await waitFor(() => server.callsInFlight === 1);
    controller.abort(new Error('the user pressed stop'));
    await expect(call).rejects.toThrow();
    await waitFor(() => probes.aborts.length > before);
    expect(server.callsInFlight).toBe(0);
  });

  it('inlines a small image artifact and links a large one, served by resources/read to this session only', async () => {
    const small = (await client.callTool({ name: 'Picture', arguments: {} })) as CallToolResult;
    expect(small.content).toEqual([
      { type: 'text', text: 'here is the picture' },
      { type: 'image', data: PIXEL_PNG_BASE64, mimeType: 'image/png' },
    ]);
    const large = (await client.callTool({ name: 'Picture', arguments: { large: true } })) as CallToolResult;
    const link = large.content.find((part) => part.type === 'resource_link');
    expect(link).toMatchObject({ type: 'resource_link', mimeType: 'image/png', size: 300 * 1024 + 70 });
    const uri = (link as { uri: string }).uri;
    expect(artifactIdOf(uri)).toMatch(/^[0-9a-f]{64}$/);
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    const blob = Buffer.from((contents[0] as { blob: string }).blob, 'base64');
    expect(blob.length).toBe(300 * 1024 + 70);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).toContain(uri);
    // Another session cannot read it, even knowing the URI.
    const other = await connectHttpClient(http.url);
    await expect(other.client.readResource({ uri })).rejects.toThrow(/Resource not found/);
    await other.client.close();
  });

  it('spills large text to a head-and-tail preview plus a resource_link to the whole text', async () => {
    const result = (await client.callTool({
      name: 'Report',
      arguments: { bytes: 100_000 },
    })) as CallToolResult;
    const [preview, link] = result.content;
    expect(preview?.type).toBe('text');
    expect((preview as { text: string }).text).toMatch(
      /bytes omitted — full output stored as artifact [0-9a-f]{64}/,
    );
    expect(link).toMatchObject({ type: 'resource_link', mimeType: 'text/plain', size: 100_000 });
    const { contents } = await client.readResource({ uri: (link as { uri: string }).uri });
    expect((contents[0] as { text: string }).text).toHaveLength(100_000);
  });

  it('gives tools their MCP session: client info, session id, logging filtered by logging/setLevel', async () => {
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params.data);
    });
    await client.setLoggingLevel('warning');
    const quiet = (await client.callTool({ name: 'WhoAmI', arguments: {} })) as CallToolResult;
    expect(JSON.parse(textOf(quiet))).toMatchObject({ client: 'toolwright-test-client' });
    expect(JSON.parse(textOf(quiet)).sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await client.setLoggingLevel('debug');
    await client.callTool({ name: 'WhoAmI', arguments: {} });
    await waitFor(() => logs.length > 0);
    expect(logs).toEqual(['WhoAmI was called']);
  });

  it('sends notifications/tools/list_changed when the registry changes, once per burst', async () => {
    let notices = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notices += 1;
    });
    const added = (name: string) =>
      createTool({
        name,
        kind: ToolKind.ReadOnly,
        schema: Type.Object({}),
        description: `The ${name} tool.`,
        execute: async () => ToolResults.success(name),
      });
    registry.register(added('Later1'));
    registry.register(added('Later2'));
    await waitFor(() => notices === 1);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('Later2');
    registry.unregister('Later1');
    registry.unregister('Later2');
    await waitFor(() => notices === 2);
    // No second notice of that burst is on its way: notices share one stream, in order, so
    // once the notice of a later change has arrived, any extra one would have come before it.
    registry.register(added('Later3'));
    await waitFor(() => notices >= 3);
    expect(notices).toBe(3);
    registry.unregister('Later3');
  });
});
