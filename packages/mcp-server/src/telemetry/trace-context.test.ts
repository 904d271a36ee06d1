import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  McpConnectionManager,
  type McpServerDefinition,
  parseMcpServersConfig,
  type ServerConnection,
} from '@toolwright/mcp-client';
import { inMemoryTelemetryPerTest, startInMemoryTelemetry } from '@toolwright/test-support/otlp';
import { describe, expect, it } from 'vitest';
import { serveHttp } from '../http/http-server.js';
import { createTracedRegistry, TOOL_SPAN_NAME } from '../test-support/traced-tools.js';
import { ToolwrightMcpServer } from '../toolwright-mcp-server.js';

// mcp-client and mcp-server in one process over loopback HTTP, with the real OpenTelemetry SDK
// registered as a host would: the server's spans join the client's trace, in both eras.

const cleanups: Array<() => Promise<unknown>> = [];
const telemetryOfTest = inMemoryTelemetryPerTest(cleanups);

async function servedOverHttp() {
  const server = new ToolwrightMcpServer({ registry: createTracedRegistry() });
  const http = await serveHttp(server);
  cleanups.push(() => http.close());
  return http.url;
}

/** A 2025-only server as the client sees it: it answers the 2026 probe `server/discover` with method-not-found. */
function legacyOnly(url: string): McpServerDefinition {
  return {
    name: 'weather',
    transport: 'custom',
    async createTransport() {
      const transport = new StreamableHTTPClientTransport(new URL(url));
      const send = transport.send.bind(transport);
      transport.send = async (message, options) => {
        if ('method' in message && message.method === 'server/discover' && 'id' in message) {
          const { id } = message;
          queueMicrotask(() =>
            transport.onmessage?.({
              jsonrpc: '2.0',
              id,
              error: { code: -32601, message: 'Method not found' },
            }),
          );
          return;
        }
        return send(message, options);
      };
      return transport;
    },
  };
}

/** The client's own Streamable HTTP definition of `url`, as a config file gives it. */
function overHttp(url: string): McpServerDefinition {
  return parseMcpServersConfig({ mcpServers: { weather: { url } } })[0]!;
}

async function connect(definition: McpServerDefinition): Promise<ServerConnection> {
  const manager = new McpConnectionManager([definition], { reconnect: { maxAttempts: 0 } });
  cleanups.push(() => manager.closeAll());
  expect((await manager.connectAll()).failed).toEqual([]);
  return manager.get(definition.name);
}

function call(
  connection: ServerConnection,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
) {
  return connection.request(`tools/call "${name}"`, (client, options) =>
    client.callTool({ name, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) }, options),
  );
}

async function inTurn<T>(work: () => Promise<T>): Promise<ReadableSpan> {
  const turn = trace.getTracer('agent').startSpan('turn');
  await context.with(trace.setSpan(context.active(), turn), work);
  turn.end();
  return telemetryOfTest()
    .spans()
    .find((span) => span.name === 'turn')!;
}

function spanOf(scope: string, name: string): ReadableSpan {
  const found = telemetryOfTest()
    .spans()
    .filter((span) => span.instrumentationScope.name === scope && span.name === name);
  expect(found, `${scope} ${name}`).toHaveLength(1);
  return found[0]!;
}

/** `span`'s parent chain among the recorded spans, nearest first. */
function ancestorsOf(span: ReadableSpan): string[] {
  const byId = new Map(
    telemetryOfTest()
      .spans()
      .map((recorded) => [recorded.spanContext().spanId, recorded]),
  );
  const chain: string[] = [];
  for (let parent = span.parentSpanContext?.spanId; parent !== undefined; ) {
    const recorded = byId.get(parent);
    if (recorded === undefined) break;
    chain.push(recorded.name);
    parent = recorded.parentSpanContext?.spanId;
  }
  return chain;
}

describe.each([
  ['2026-07-28 (stateless)', 'modern'],
  ['2025 (a session)', 'legacy'],
] as const)('one trace from the caller through the server into the tool, %s', (_era, era) => {
  async function connected() {
    const url = await servedOverHttp();
    const connection = await connect(era === 'modern' ? overHttp(url) : legacyOnly(url));
    expect(connection.protocol?.era).toBe(era);
    return connection;
  }

  it('client span -> server span -> tool span, one trace id; server attributes and metric', async () => {
    const connection = await connected();
    const turn = await inTurn(() => call(connection, 'Forecast', { city: 'Oslo' }));
    const client = spanOf('@toolwright/mcp-client', 'tools/call Forecast');
    const server = spanOf('@toolwright/mcp-server', 'tools/call Forecast');
    const tool = spanOf('forecast-tool', TOOL_SPAN_NAME);
    const traceId = turn.spanContext().traceId;
    for (const span of [client, server, tool]) expect(span.spanContext().traceId).toBe(traceId);
    expect(client.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(server.parentSpanContext?.spanId).toBe(client.spanContext().spanId);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(server.kind).toBe(SpanKind.SERVER);
    // The executor's own spans may sit between the handler and the tool.
    expect(ancestorsOf(tool)).toContain('tools/call Forecast');
    expect(ancestorsOf(tool).at(-1)).toBe('turn');
    expect(server.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'Forecast',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': connection.protocol?.version,
      'jsonrpc.request.id': client.attributes['jsonrpc.request.id'],
    });
    if (era === 'legacy')
      expect(server.attributes['mcp.session.id']).toBe(client.attributes['mcp.session.id']);
    else expect(server.attributes).not.toHaveProperty('mcp.session.id');
    expect(JSON.stringify(server.attributes)).not.toContain('Oslo');
    const points = await telemetryOfTest().histogram('mcp.server.operation.duration');
    expect(points.find((point) => point.attributes['gen_ai.tool.name'] === 'Forecast')?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'Forecast',
    });
  });

  it('a malformed traceparent the caller set is kept by the client and ignored by the server: a fresh root', async () => {
    const connection = await connected();
    const result = await call(
      connection,
      'Forecast',
      { city: 'Oslo' },
      { traceparent: '00-not-a-trace-01', baggage: 42 },
    );
    expect(result.isError).not.toBe(true);
    const client = spanOf('@toolwright/mcp-client', 'tools/call Forecast');
    const server = spanOf('@toolwright/mcp-server', 'tools/call Forecast');
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.spanContext().traceId).not.toBe(client.spanContext().traceId);
    // The tool still joins the server's (new) trace.
    expect(spanOf('forecast-tool', TOOL_SPAN_NAME).spanContext().traceId).toBe(server.spanContext().traceId);
  });

  it('types failures on the server span: tool_error, and the JSON-RPC code of a refused request', async () => {
    const connection = await connected();
    await call(connection, 'Broken', {});
    // A tool the server does not serve: refused as invalid params.
    await call(connection, 'Nowhere', {}).catch(() => undefined);
    const broken = spanOf('@toolwright/mcp-server', 'tools/call Broken');
    expect(broken.attributes['error.type']).toBe('tool_error');
    expect(broken.status.code).toBe(SpanStatusCode.ERROR);
    const refused = spanOf('@toolwright/mcp-server', 'tools/call Nowhere');
    expect(refused.attributes['error.type']).toBe('-32602');
    expect(refused.attributes['rpc.response.status_code']).toBe('-32602');
    expect(refused.status.code).toBe(SpanStatusCode.ERROR);
    // Both ends name the failure alike.
    expect(spanOf('@toolwright/mcp-client', 'tools/call Nowhere').attributes['error.type']).toBe('-32602');
  });
});

describe('the telemetry option of ToolwrightMcpServer', () => {
  it('enabled: false makes no server span; the client side is unaffected', async () => {
    const server = new ToolwrightMcpServer({
      registry: createTracedRegistry(),
      telemetry: { enabled: false },
    });
    const http = await serveHttp(server);
    cleanups.push(() => http.close());
    const connection = await connect(overHttp(http.url));
    await call(connection, 'Forecast', { city: 'Oslo' });
    expect(
      telemetryOfTest()
        .spans()
        .filter((span) => span.instrumentationScope.name === '@toolwright/mcp-server'),
    ).toEqual([]);
    expect(spanOf('@toolwright/mcp-client', 'tools/call Forecast')).toBeDefined();
  });

  it('with no SDK registered serves untraced, and traces the next request once a host registers one', async () => {
    const connection = await connect(overHttp(await servedOverHttp()));
    // The API installed, nothing registered: a library's usual case.
    await telemetryOfTest().stop();
    const untraced = await call(connection, 'Forecast', { city: 'Oslo' });
    expect(untraced).toMatchObject({ content: expect.any(Array) });
    expect(untraced).not.toHaveProperty('isError', true);
    const late = startInMemoryTelemetry();
    cleanups.push(() => late.stop());
    await call(connection, 'Forecast', { city: 'Bergen' });
    const server = late.spans().filter((span) => span.instrumentationScope.name === '@toolwright/mcp-server');
    expect(server.map((span) => span.name)).toEqual(['tools/call Forecast']);
    expect((await late.histogram('mcp.server.operation.duration')).map((point) => point.count)).toEqual([1]);
  });

  it('is checked by name and value', () => {
    expect(
      () => new ToolwrightMcpServer({ registry: createTracedRegistry(), telemetry: { maxContentChars: 0 } }),
    ).toThrow(/telemetry\.maxContentChars/);
  });
});
