import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an OpenTelemetry collector, independent of the agent's own receiver: it takes
// what OTLP/HTTP JSON exporters POST to /v1/traces and /v1/metrics and keeps it decoded only as
// far as the tests look (no code shared with src/telemetry, so a bug there cannot hide here).

/** A span as the collector saw it, with its resource's service.name. */
export interface CollectedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: number;
  readonly service: string | undefined;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** A loopback OTLP/HTTP JSON collector for tests. */
export interface OtlpCollector {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT` for it (the exporters append /v1/traces, /v1/metrics). */
  readonly endpoint: string;
  readonly spans: CollectedSpan[];
  /** Names of the metrics received. */
  readonly metrics: string[];
  /** Content types of every request, to check what the exporters sent. */
  readonly contentTypes: string[];
  close(): Promise<void>;
}

type KeyValue = { key: string; value: Record<string, unknown> };

/** The parts of an OTLP/HTTP JSON export the tests look at. */
interface ExportBody {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
  resourceMetrics?: Array<{ scopeMetrics?: Array<{ metrics?: Array<{ name: string }> }> }>;
}

function attributes(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const metrics: string[] = [];
  const contentTypes: string[] = [];
  const server = createServer(async (request, response) => {
    contentTypes.push(request.headers['content-type'] ?? '');
    const body = JSON.parse(await bodyOf(request)) as ExportBody;
    if (request.url === '/v1/traces')
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = attributes(resourceSpans.resource?.attributes)['service.name'] as string | undefined;
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              service,
              attributes: attributes(span.attributes),
            });
      }
    else if (request.url === '/v1/metrics')
      for (const resourceMetrics of body.resourceMetrics ?? [])
        for (const scope of resourceMetrics.scopeMetrics ?? [])
          for (const metric of scope.metrics ?? []) metrics.push(metric.name);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    metrics,
    contentTypes,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
