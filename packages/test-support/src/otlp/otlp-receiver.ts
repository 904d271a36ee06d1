import { createServer, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carried it, with its attributes as plain values. */
export interface ReceivedSpan {
  /** 32 lowercase hex digits (the JSON encoding carries ids as hex, not base64). */
  readonly traceId: string;
  readonly spanId: string;
  /** `undefined` for a root span. */
  readonly parentSpanId: string | undefined;
  readonly name: string;
  /** OTLP's numbering: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  readonly kind: number;
  readonly attributes: Record<string, unknown>;
  /** `service.name` of the resource that sent it. */
  readonly serviceName: string | undefined;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
}

/** An OTLP/HTTP JSON trace and metrics receiver on 127.0.0.1, as a collector would be. */
export interface OtlpReceiver {
  /** What `OTEL_EXPORTER_OTLP_ENDPOINT` is set to: the exporters append `/v1/traces`, `/v1/metrics`. */
  readonly endpoint: string;
  /** Every span received so far, in arrival order. */
  readonly spans: ReceivedSpan[];
  /** The name of every metric in every metrics export received so far, in arrival order. */
  readonly metrics: string[];
  /** Every request that was not a decodable trace export (path, content type), for failures. */
  readonly refused: string[];
  close(): Promise<void>;
}

interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: OtlpAnyValue[] };
}

interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpKeyValue[];
  status?: { code?: number };
}

interface ExportTraceServiceRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

/** Only the metric names: what the tests ask is which instruments an exporter sent. */
interface ExportMetricsServiceRequest {
  resourceMetrics?: Array<{ scopeMetrics?: Array<{ metrics?: Array<{ name: string }> }> }>;
}

const EXPORT_PATHS = new Set(['/v1/traces', '/v1/metrics']);

function plain(value: OtlpAnyValue): unknown {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  // int64 travels as a string in OTLP JSON when it may not fit a double.
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

function attributesOf(list: OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

/**
 * Decodes `ExportTraceServiceRequest` JSON (`resourceSpans[].scopeSpans[].spans[]`) posted to
 * `/v1/traces` and `ExportMetricsServiceRequest` JSON posted to `/v1/metrics`, as the official
 * OTLP/HTTP exporters send them, and answers as a collector does (200 with an empty response).
 * Protobuf is refused with 415 and recorded in `refused`: the exporters under test are the JSON
 * ones.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metrics: string[] = [];
  const refused: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const type = request.headers['content-type'] ?? '';
      const path = request.url ?? '';
      if (request.method !== 'POST' || !EXPORT_PATHS.has(path) || !type.startsWith('application/json')) {
        refused.push(`${request.method} ${path} ${type}`);
        await bodyOf(request);
        response.writeHead(EXPORT_PATHS.has(path) ? 415 : 404).end();
        return;
      }
      if (path === '/v1/metrics') {
        const decoded = JSON.parse(await bodyOf(request)) as ExportMetricsServiceRequest;
        for (const resourceMetrics of decoded.resourceMetrics ?? [])
          for (const scopeMetrics of resourceMetrics.scopeMetrics ?? [])
            for (const metric of scopeMetrics.metrics ?? []) metrics.push(metric.name);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const decoded = JSON.parse(await bodyOf(request)) as ExportTraceServiceRequest;
      for (const resourceSpans of decoded.resourceSpans ?? []) {
        const serviceName = attributesOf(resourceSpans.resource?.attributes)['service.name'];
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId:
                span.parentSpanId === undefined || span.parentSpanId === '' ? undefined : span.parentSpanId,
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              serviceName: typeof serviceName === 'string' ? serviceName : undefined,
              statusCode: span.status?.code ?? 0,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    })().catch((error: unknown) => {
      refused.push(`undecodable: ${String(error)}`);
      response.writeHead(400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    metrics,
    refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
