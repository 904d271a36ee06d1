import { TRACEPARENT_META_KEY } from '@modelcontextprotocol/client';
import { McpServer as LegacyMcpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { McpServer } from '@modelcontextprotocol/server';
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { streamableHttpServer } from '@toolwright/test-support/http-mcp-server';
import { startModernHttpServer } from '@toolwright/test-support/mcp';
import { inMemoryTelemetryPerTest, startInMemoryTelemetry } from '@toolwright/test-support/otlp';
import type { TelemetryOptions } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
import { McpConnectionManager } from '../connection-manager.js';
import { McpClientError } from '../errors.js';
import { parseMcpServersConfig } from '../server-config.js';

// Client spans and trace context against real servers of both eras over loopback HTTP, with the
// real OpenTelemetry SDK registered globally as a host would.

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;
const cleanups: Array<() => Promise<unknown>> = [];
const telemetryOfTest = inMemoryTelemetryPerTest(cleanups);

/** The `_meta` each tool call carried, as the server saw it. */
const seenMeta: Array<Record<string, unknown> | undefined> = [];

function legacyServer(): LegacyMcpServer {
  const server = new LegacyMcpServer({ name: 'legacy', version: '1.0.0' });
  server.registerTool('echo', { description: 'Answers.' }, async (extra) => {
    seenMeta.push(extra._meta);
    return { content: [{ type: 'text', text: 'echoed' }] };
  });
  server.registerTool('broken', { description: 'Fails as a tool.' }, async () => ({
    content: [{ type: 'text', text: 'it broke' }],
    isError: true,
  }));
  server.registerTool('hang', { description: 'Never answers.' }, async () => new Promise<never>(() => {}));
  return server;
}

function modernServer(): McpServer {
  const server = new McpServer({ name: 'modern', version: '1.0.0' });
  server.registerTool('echo', { description: 'Answers.' }, async (ctx) => {
    seenMeta.push(ctx.mcpReq._meta);
    return { content: [{ type: 'text', text: 'echoed' }] };
  });
  return server;
}

async function connect(
  url: URL | string,
  options: { telemetry?: TelemetryOptions; requestTimeoutMs?: number } = {},
) {
  const manager = new McpConnectionManager(
    parseMcpServersConfig({ mcpServers: { weather: { url: String(url) } } }),
    {
      reconnect: { maxAttempts: 0 },
      ...options,
    },
  );
  cleanups.push(() => manager.closeAll());
  expect((await manager.connectAll()).failed).toEqual([]);
  return manager.get('weather');
}

/** Runs `work` under a span standing for the agent's turn; returns its result and the turn's span context. */
async function inTurn<T>(work: () => Promise<T>) {
  const turn = trace.getTracer('test').startSpan('turn');
  try {
    const result = await context.with(trace.setSpan(context.active(), turn), work);
    return { result, turn: turn.spanContext() };
  } finally {
    turn.end();
  }
}

function clientSpans() {
  return telemetryOfTest()
    .spans()
    .filter((span) => span.instrumentationScope.name === '@toolwright/mcp-client');
}

describe('mcp-client telemetry, 2025 era (a session over Streamable HTTP)', () => {
  it('makes one CLIENT span per request, under the caller span, and carries its traceparent in _meta', async () => {
    seenMeta.length = 0;
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url);
    const { turn } = await inTurn(() =>
      connection.request('tools/call "echo"', (client, options) =>
        client.callTool({ name: 'echo', arguments: { city: 'Oslo' } }, options),
      ),
    );
    const [span] = clientSpans().filter((candidate) => candidate.name === 'tools/call echo');
    expect(span).toBeDefined();
    expect(span!.kind).toBe(SpanKind.CLIENT);
    expect(span!.spanContext().traceId).toBe(turn.traceId);
    expect(span!.parentSpanContext?.spanId).toBe(turn.spanId);
    const port = Number(new URL(server.url).port);
    expect(span!.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'toolwright.mcp.server.name': 'weather',
      'server.address': '127.0.0.1',
      'server.port': port,
      'network.transport': 'tcp',
      'mcp.protocol.version': connection.protocol?.version,
    });
    expect(connection.protocol?.era).toBe('legacy');
    expect(span!.attributes['mcp.session.id']).toMatch(/.+/);
    expect(span!.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
    // Privacy by default: no argument values.
    expect(JSON.stringify(span!.attributes)).not.toContain('Oslo');
    expect(span!.status.code).toBe(SpanStatusCode.UNSET);
    // The server got the client span's context, in the key the SDK names.
    const wire = seenMeta.at(-1)?.[TRACEPARENT_META_KEY];
    expect(wire).toBe(`00-${span!.spanContext().traceId}-${span!.spanContext().spanId}-01`);
  });

  it('with no SDK registered sends the request untraced, and traces the next once a host registers one', async () => {
    seenMeta.length = 0;
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url);
    // The API installed, nothing registered: a library's usual case.
    await telemetryOfTest().stop();
    const call = () =>
      connection.request('tools/call "echo"', (client, options) =>
        client.callTool({ name: 'echo', arguments: { city: 'Oslo' } }, options),
      );
    expect(await call()).toMatchObject({ content: [{ type: 'text', text: 'echoed' }] });
    expect(seenMeta.at(-1)?.[TRACEPARENT_META_KEY]).toBeUndefined();
    const late = startInMemoryTelemetry();
    cleanups.push(() => late.stop());
    await call();
    const spans = late.spans().filter((span) => span.instrumentationScope.name === '@toolwright/mcp-client');
    expect(spans.map((span) => span.name)).toEqual(['tools/call echo']);
    expect(seenMeta.at(-1)?.[TRACEPARENT_META_KEY]).toBe(
      `00-${spans[0]!.spanContext().traceId}-${spans[0]!.spanContext().spanId}-01`,
    );
    expect((await late.histogram('mcp.client.operation.duration')).map((point) => point.count)).toEqual([1]);
  });

  it('keeps the _meta keys a caller set, its own traceparent included, and adds the baggage', async () => {
    seenMeta.length = 0;
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url);
    const callersOwn = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const baggage = propagation.createBaggage({ tenant: { value: 'acme' } });
    await context.with(propagation.setBaggage(context.active(), baggage), () =>
      inTurn(() =>
        connection.request('tools/call "echo"', (client, options) =>
          client.callTool(
            {
              name: 'echo',
              arguments: {},
              _meta: { traceparent: callersOwn, 'example.com/request': 'r-1' },
            },
            options,
          ),
        ),
      ),
    );
    expect(seenMeta.at(-1)).toMatchObject({
      traceparent: callersOwn,
      'example.com/request': 'r-1',
      baggage: 'tenant=acme',
    });
  });

  it('types failures: tool_error for an isError result, the JSON-RPC code, the client error code', async () => {
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url, { requestTimeoutMs: 300 });
    await connection.request('tools/call "broken"', (client, options) =>
      client.callTool({ name: 'broken', arguments: {} }, options),
    );
    const refused = await connection
      .request('prompts/get "missing"', (client, options) => client.getPrompt({ name: 'missing' }, options))
      .catch((error: unknown) => error);
    expect(McpClientError.isInstance(refused)).toBe(true);
    const timedOut = await connection
      .request('tools/call "hang"', (client, options) =>
        client.callTool({ name: 'hang', arguments: {} }, options),
      )
      .catch((error: unknown) => error);
    expect((timedOut as McpClientError).code).toBe('timeout');

    const byName = new Map(clientSpans().map((span) => [span.name, span]));
    expect(byName.get('tools/call broken')?.attributes['error.type']).toBe('tool_error');
    expect(byName.get('tools/call broken')?.status.code).toBe(SpanStatusCode.ERROR);
    const prompt = byName.get('prompts/get missing');
    // A server without prompts answers method-not-found.
    expect(prompt?.attributes['error.type']).toBe('-32601');
    expect(prompt?.attributes['rpc.response.status_code']).toBe('-32601');
    expect(prompt?.status.code).toBe(SpanStatusCode.ERROR);
    expect(byName.get('tools/call hang')?.attributes['error.type']).toBe('timeout');

    const points = await telemetryOfTest().histogram('mcp.client.operation.duration');
    const call = (tool: string) => points.find((point) => point.attributes['gen_ai.tool.name'] === tool);
    expect(call('broken')?.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'error.type': 'tool_error',
    });
    expect(call('hang')?.attributes['error.type']).toBe('timeout');
    expect(call('hang')!.sum).toBeGreaterThanOrEqual(0.3);
    expect(points.find((point) => point.attributes['mcp.method.name'] === 'prompts/get')?.attributes).toEqual(
      {
        'mcp.method.name': 'prompts/get',
        'toolwright.mcp.server.name': 'weather',
        'error.type': '-32601',
      },
    );
    await connection.request('tools/call "echo"', (client, options) =>
      client.callTool({ name: 'echo', arguments: {} }, options),
    );
    const after = await telemetryOfTest().histogram('mcp.client.operation.duration');
    expect(after.find((point) => point.attributes['gen_ai.tool.name'] === 'echo')?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'toolwright.mcp.server.name': 'weather',
    });
  });
});

describe('mcp-client telemetry, 2026-07-28 era (stateless requests)', () => {
  it('carries the trace context in _meta beside the per-request envelope; no session id', async () => {
    seenMeta.length = 0;
    const server = await startModernHttpServer(modernServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url);
    expect(connection.protocol).toEqual({ era: 'modern', version: '2026-07-28' });
    await inTurn(() =>
      connection.request('tools/call "echo"', (client, options) =>
        client.callTool({ name: 'echo', arguments: {} }, options),
      ),
    );
    const [span] = clientSpans().filter((candidate) => candidate.name === 'tools/call echo');
    expect(span?.attributes['mcp.protocol.version']).toBe('2026-07-28');
    expect(span?.attributes).not.toHaveProperty('mcp.session.id');
    const [, traceId, spanId] = TRACEPARENT.exec(String(seenMeta.at(-1)?.traceparent)) ?? [];
    expect([traceId, spanId]).toEqual([span!.spanContext().traceId, span!.spanContext().spanId]);
  });
});

describe('the telemetry option', () => {
  it('enabled: false sends no trace context and makes no span', async () => {
    seenMeta.length = 0;
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url, { telemetry: { enabled: false } });
    await inTurn(() =>
      connection.request('tools/call "echo"', (client, options) =>
        client.callTool({ name: 'echo', arguments: {} }, options),
      ),
    );
    expect(clientSpans()).toEqual([]);
    expect(seenMeta).toHaveLength(1);
    expect(seenMeta[0]?.traceparent).toBeUndefined();
  });

  it('recordContent: arguments and result, capped and with secrets redacted', async () => {
    const server = await streamableHttpServer(legacyServer);
    cleanups.push(() => server.close());
    const connection = await connect(server.url, {
      telemetry: { recordContent: true, maxContentChars: 200 },
    });
    await connection.request('tools/call "echo"', (client, options) =>
      client.callTool(
        { name: 'echo', arguments: { city: 'Oslo', key: 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123' } },
        options,
      ),
    );
    const [span] = clientSpans().filter((candidate) => candidate.name === 'tools/call echo');
    expect(span?.attributes['gen_ai.tool.call.arguments']).toContain('Oslo');
    expect(span?.attributes['gen_ai.tool.call.arguments']).not.toContain('abcdefghijklmnop');
    expect(span?.attributes['gen_ai.tool.call.result']).toContain('echoed');
  });

  it('is checked by name and value', () => {
    const definitions = parseMcpServersConfig({ mcpServers: { weather: { url: 'http://127.0.0.1:9/mcp' } } });
    expect(() => new McpConnectionManager(definitions, { telemetry: { enabled: 'yes' } as never })).toThrow(
      /telemetry\.enabled/,
    );
    expect(
      () => new McpConnectionManager(definitions, { telemetry: { recordContents: true } as never }),
    ).toThrow(/recordContent/);
  });
});
