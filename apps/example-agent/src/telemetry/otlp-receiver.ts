import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { decodeTraceExport } from './otlp-json-decode.js';
import type { TraceSpan } from './trace-span.js';

const gunzipAsync = promisify(gunzip);

/** The largest export accepted (compressed or not): a few thousand spans. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Spans kept at most; later ones are counted and dropped, so a chatty server cannot grow memory. */
const MAX_SPANS = 20_000;

/** A loopback OTLP/HTTP JSON trace receiver (see {@link startOtlpReceiver}). */
export interface OtlpReceiver {
  /** The URL to give an exporter as `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as it is). */
  readonly tracesUrl: string;
  /** Every span received so far, in arrival order. */
  spans(): readonly TraceSpan[];
  /** Spans dropped because {@link MAX_SPANS} were already kept. */
  readonly dropped: number;
  /** Resolves once no export is being received (a child's last flush may still be arriving). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts an OTLP/HTTP receiver on 127.0.0.1 (a free port) for the spans of the MCP servers the
 * agent starts with `--trace`. It answers only `POST` of JSON (`http/json`, gzip or not) on a path
 * with a random token, so that only the processes told the URL can post; anything else gets the
 * status OTLP/HTTP prescribes (404, 405, 413, 415, or 400 naming what was wrong), never a crash.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const path = `/${randomBytes(16).toString('hex')}/v1/traces`;
  const received: TraceSpan[] = [];
  let dropped = 0;
  let inFlight = 0;
  let idle: Array<() => void> = [];
  const finished = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    for (const resolve of idle) resolve();
    idle = [];
  };
  const server = createServer((request, response) => {
    inFlight += 1;
    void receive(request, response, path)
      .then((spans) => {
        const room = Math.max(0, MAX_SPANS - received.length);
        received.push(...spans.slice(0, room));
        dropped += Math.max(0, spans.length - room);
      })
      .finally(finished);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    tracesUrl: `http://127.0.0.1:${port}${path}`,
    spans: () => received,
    get dropped() {
      return dropped;
    },
    settled: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve))),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers one request; resolves with the spans it carried (none when it was refused). */
async function receive(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<TraceSpan[]> {
  const refuse = (status: number, message: string): TraceSpan[] => {
    // The body is OTLP's Status message, JSON-encoded as for a JSON request.
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
    request.resume();
    return [];
  };
  if (request.url !== path) return refuse(404, 'Not an OTLP endpoint of this receiver.');
  if (request.method !== 'POST') return refuse(405, 'OTLP/HTTP exports are POSTed.');
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type))
    return refuse(
      415,
      `Only OTLP/HTTP JSON (application/json) is accepted, got "${type.slice(0, 80)}"; set OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json.`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return refuse(413, `An export may be at most ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  let spans: TraceSpan[];
  try {
    let body = Buffer.concat(chunks);
    const encoding = request.headers['content-encoding'];
    if (encoding === 'gzip') body = await gunzipAsync(body, { maxOutputLength: MAX_BODY_BYTES });
    else if (encoding !== undefined && encoding !== 'identity')
      return refuse(415, `Content-Encoding "${encoding.slice(0, 40)}" is not supported; gzip or none is.`);
    spans = decodeTraceExport(JSON.parse(body.toString('utf8')) as unknown);
  } catch (error) {
    return refuse(400, error instanceof Error ? error.message : String(error));
  }
  // ExportTraceServiceResponse: everything accepted.
  response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  return spans;
}
