import { gzipSync } from 'node:zlib';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { type OtlpReceiver, startOtlpReceiver } from './otlp-receiver.js';

let receiver: OtlpReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

describe('the --trace OTLP/HTTP receiver', () => {
  it('decodes what the official JSON exporter posts: hex ids, parents, times, kinds, status, attributes, events and the service', async () => {
    receiver = await startOtlpReceiver();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'a-server' }),
      spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: receiver.tracesUrl }))],
    });
    const tracer = provider.getTracer('test');
    const before = Date.now();
    const parent = tracer.startSpan('tools/call shout', { kind: SpanKind.SERVER });
    const { trace, context } = await import('@opentelemetry/api');
    const child = tracer.startSpan(
      'execute_tool shout',
      {
        attributes: {
          'gen_ai.tool.name': 'shout',
          'toolwright.call.attempts': 2,
          ok: true,
          ratio: 0.5,
          list: ['a', 'b'],
        },
      },
      trace.setSpan(context.active(), parent),
    );
    child.addEvent('retry', { 'toolwright.call.attempts': 2 });
    child.setStatus({ code: SpanStatusCode.ERROR, message: 'timeout' });
    child.end();
    parent.end();
    await provider.forceFlush();
    await receiver.settled();
    const after = Date.now();

    const spans = receiver.spans();
    expect(spans.map((span) => span.name).sort()).toEqual(['execute_tool shout', 'tools/call shout']);
    const server = spans.find((span) => span.name === 'tools/call shout');
    const tool = spans.find((span) => span.name === 'execute_tool shout');
    expect(server?.traceId).toBe(parent.spanContext().traceId);
    expect(server?.spanId).toBe(parent.spanContext().spanId);
    expect(server?.parentSpanId).toBeUndefined();
    expect(server?.kind).toBe('server');
    expect(tool?.parentSpanId).toBe(parent.spanContext().spanId);
    expect(tool?.traceId).toBe(server?.traceId);
    expect(tool?.kind).toBe('internal');
    expect(tool?.status).toBe('error');
    expect(tool?.statusMessage).toBe('timeout');
    expect(tool?.service).toBe('a-server');
    expect(tool?.attributes).toEqual({
      'gen_ai.tool.name': 'shout',
      'toolwright.call.attempts': 2,
      ok: true,
      ratio: 0.5,
      list: ['a', 'b'],
    });
    expect(tool?.events).toEqual([
      { name: 'retry', timeMs: expect.any(Number), attributes: { 'toolwright.call.attempts': 2 } },
    ]);
    for (const time of [tool?.startMs, tool?.endMs, tool?.events[0]?.timeMs, server?.startMs]) {
      expect(time).toBeGreaterThanOrEqual(before - 1);
      expect(time).toBeLessThanOrEqual(after + 1);
    }
    expect(tool?.startMs).toBeLessThanOrEqual(tool?.endMs ?? 0);
    await provider.shutdown();
  });

  it('takes gzip, and refuses what is not an OTLP JSON export on its path with the status OTLP/HTTP names', async () => {
    receiver = await startOtlpReceiver();
    const post = (url: string, body: string | Buffer, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', body, headers });
    const json = { 'content-type': 'application/json' };
    const valid = JSON.stringify({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '0af7651916cd43dd8448eb211c80319c',
                  spanId: 'b7ad6b7169203331',
                  name: 'x',
                  startTimeUnixNano: '1700000000000000000',
                  endTimeUnixNano: 1700000000500000000,
                },
              ],
            },
          ],
        },
      ],
    });
    const gzipped = await post(receiver.tracesUrl, gzipSync(valid), { ...json, 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(receiver.spans()).toEqual([
      expect.objectContaining({
        name: 'x',
        service: 'unknown_service',
        startMs: 1.7e12,
        endMs: 1.7e12 + 500,
      }),
    ]);

    const other = new URL(receiver.tracesUrl);
    expect((await post(`${other.origin}/v1/traces`, valid, json)).status).toBe(404);
    expect((await fetch(receiver.tracesUrl)).status).toBe(405);
    const protobuf = await post(receiver.tracesUrl, 'x', { 'content-type': 'application/x-protobuf' });
    expect(protobuf.status).toBe(415);
    expect(await protobuf.text()).toContain('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json');
    const badId = await post(receiver.tracesUrl, valid.replace('b7ad6b7169203331', 'not-hex'), json);
    expect(badId.status).toBe(400);
    expect(await badId.text()).toContain(
      'resourceSpans[0].scopeSpans[0].spans[0].spanId must be 16 hex digits',
    );
    expect((await post(receiver.tracesUrl, '{', json)).status).toBe(400);
    expect(receiver.spans()).toHaveLength(1);
  });
});
