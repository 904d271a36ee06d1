import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, InMemoryServerEventBus, type McpServer } from '@modelcontextprotocol/server';

/** A 2026-07-28 server (also serving 2025-era clients, per request) on a loopback port. */
export interface ModernHttpServer {
  readonly url: URL;
  /** Every request the server received: method, path and headers, in order. */
  readonly requests: ReadonlyArray<{
    readonly method: string;
    readonly headers: Readonly<Record<string, string>>;
  }>;
  /** Tells the clients' `subscriptions/listen` streams that a list changed. */
  readonly notify: { toolsChanged(): void; promptsChanged(): void; resourcesChanged(): void };
  /** How many `subscriptions/listen` streams are open. */
  readonly openSubscriptions: () => number;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Hands a Node request to a fetch-shaped handler and streams its answer back. */
async function serveThroughFetch(
  handler: { fetch(request: Request): Promise<Response> },
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
): Promise<void> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bodyOf(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const answer = await handler.fetch(
    new Request(new URL(request.url ?? '/', origin), {
      method: request.method ?? 'GET',
      headers,
      ...(body === undefined ? {} : { body }),
    }),
  );
  response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
  if (answer.body === null) return void response.end();
  const reader = answer.body.getReader();
  response.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    response.write(value);
  }
  response.end();
}

/**
 * Serves `build()` with the SDK v2's `createMcpHandler` on 127.0.0.1: a fresh server per request,
 * no session, the 2026-07-28 era for a client that negotiates it and the 2025 era otherwise.
 */
export async function startModernHttpServer(build: () => McpServer): Promise<ModernHttpServer> {
  const bus = new InMemoryServerEventBus();
  const handler = createMcpHandler(build, { bus });
  const requests: Array<{ method: string; headers: Record<string, string> }> = [];
  const server = createServer((request, response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[name] = value;
    }
    requests.push({ method: request.method ?? 'GET', headers });
    serveThroughFetch(handler, request, response, origin).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: new URL('/mcp', origin),
    requests,
    notify: handler.notify,
    openSubscriptions: () => bus.listenerCount,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}
