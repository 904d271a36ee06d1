import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** A loopback HTTP server that records requests and answers each with the given JSON. */
export interface RecordingServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that records every request body and answers
 * with `respond(request)` as JSON — a stand-in for a provider's API that the official SDKs
 * talk to over a real socket.
 */
export async function startRecordingServer(
  respond: (request: RecordedRequest) => unknown,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      requests.push(recorded);
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(respond(recorded)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
