import { context, trace } from '@opentelemetry/api';
import { McpConnectionManager, parseMcpServersConfig } from '@toolwright/mcp-client';
import { stdioSupport } from '@toolwright/mcp-client/stdio';
import { waitFor } from '@toolwright/test-support';
import {
  type InMemoryTelemetry,
  type OtlpReceiver,
  type ReceivedSpan,
  startInMemoryTelemetry,
  startOtlpReceiver,
} from '@toolwright/test-support/otlp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binUnderTest, removeBinUnderTest } from '../test-support/bin-under-test.js';
import { TOOL_SPAN_NAME } from '../test-support/traced-tools.js';

// One trace across processes: this process stands for the agent (the SDK in memory, a span for
// its turn) and calls through mcp-client the real `toolwright-mcp-server` bin in a child process
// over stdio; the child exports its spans with the official OTLP/HTTP exporter to a receiver on
// loopback, as it would to a collector.

let receiver: OtlpReceiver;
let telemetry: InMemoryTelemetry;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  telemetry = startInMemoryTelemetry();
});
afterAll(async () => {
  await telemetry.stop();
  await receiver.close();
  await removeBinUnderTest();
});

describe('one trace from the agent through mcp-client and the bin (another process) into the tool', () => {
  it('shares one trace id, with each span the child of the one before', async () => {
    const bundle = await binUnderTest();
    const manager = new McpConnectionManager(
      parseMcpServersConfig({
        mcpServers: {
          weather: {
            command: process.execPath,
            args: [bundle.bin, '--config', bundle.tracedServer],
            env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint },
          },
        },
      }),
      { stdio: stdioSupport, reconnect: { maxAttempts: 0 } },
    );
    try {
      expect((await manager.connectAll()).failed).toEqual([]);
      const turn = trace.getTracer('agent').startSpan('turn');
      await context.with(trace.setSpan(context.active(), turn), () =>
        manager
          .get('weather')
          .request('tools/call "Forecast"', (client, options) =>
            client.callTool({ name: 'Forecast', arguments: { city: 'Oslo' } }, options),
          ),
      );
      turn.end();
    } finally {
      // The bin flushes its batched spans as it shuts down, once its stdin closes.
      await manager.closeAll();
    }
    await waitFor(() => receiver.spans.some((span) => span.name === TOOL_SPAN_NAME));
    expect(receiver.refused).toEqual([]);

    const turn = telemetry.spans().find((span) => span.name === 'turn')!;
    const client = telemetry.spans().find((span) => span.name === 'tools/call Forecast')!;
    const traceId = turn.spanContext().traceId;
    expect(client.spanContext().traceId).toBe(traceId);
    expect(client.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);

    const server = receiver.spans.find((span) => span.name === 'tools/call Forecast');
    const tool = receiver.spans.find((span) => span.name === TOOL_SPAN_NAME);
    expect(server).toMatchObject({
      traceId,
      parentSpanId: client.spanContext().spanId,
      kind: 2,
      serviceName: 'toolwright-mcp-server',
    });
    expect(server?.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'Forecast',
    });
    expect(tool?.traceId).toBe(traceId);
    // The executor's own spans may sit between the handler and the tool: walk up to the server span.
    expect(ancestorIds(tool!, receiver.spans)).toContain(server!.spanId);
  }, 60_000);
});

function ancestorIds(span: ReceivedSpan, all: readonly ReceivedSpan[]): string[] {
  const byId = new Map(all.map((candidate) => [candidate.spanId, candidate]));
  const chain: string[] = [];
  for (let parent = span.parentSpanId; parent !== undefined; parent = byId.get(parent)?.parentSpanId) {
    chain.push(parent);
  }
  return chain;
}
