import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A running HTTP MCP server on 127.0.0.1. */
export interface HttpMcpServer {
  /** The MCP endpoint: `/mcp` (Streamable HTTP) or `/sse` (legacy SSE). */
  readonly url: string;
  /** Every JSON-RPC request body POSTed, in order. */
  readonly received: Array<{ method?: string; params?: Record<string, unknown> }>;
  /** The SDK servers made so far (one per session). */
  readonly instances: McpServer[];
  /** Every HTTP request line seen (`POST /mcp`, `GET /sse`, ...). */
  readonly requests: string[];
  /** Drops every session, as a restarted server would have (its port stays open). */
  forgetSessions(): void;
  close(): Promise<void>;
}

/** The JSON body of `request`, or `undefined` when it has none. */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}

function listen(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  port = 0,
): Promise<{ http: Server; origin: string }> {
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  return new Promise((resolve) =>
    http.listen(port, '127.0.0.1', () => {
      const address = http.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({ http, origin: `http://127.0.0.1:${port}` });
    }),
  );
}

function closer(http: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
}

/** How the HTTP front answers a request itself, before the MCP server sees it. */
export type FrontAnswer =
  | { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly text: string }
  /** Never answered: a server that hangs. */
  | 'hang';

export interface StreamableHttpServerOptions {
  /**
   * Asked for each request after its session is found or made (so the handshake that made it
   * still counts): an answer of the front's own (a 401 or 403 in front of `tools/list`, a hang),
   * or `undefined` to let the MCP server answer.
   */
  readonly answerFirst?: (body: HttpMcpServer['received'][number] | undefined) => FrontAnswer | undefined;
}

/**
 * A real Streamable HTTP MCP server (the SDK's transport behind node:http), a fresh SDK server
 * from `build` per session, recording every request body.
 */
export async function streamableHttpServer(
  build: () => McpServer,
  options: StreamableHttpServerOptions = {},
): Promise<HttpMcpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const received: HttpMcpServer['received'] = [];
  const instances: McpServer[] = [];
  const requests: string[] = [];
  const { http, origin } = await listen(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url !== '/mcp') {
      response.writeHead(404).end('not found');
      return;
    }
    const body = request.method === 'POST' ? await readJsonBody(request) : undefined;
    if (body !== undefined) received.push(body as HttpMcpServer['received'][number]);
    const sessionId = request.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === 'string' && transport === undefined) {
      // As a real server answers a session it does not know (it restarted).
      response.writeHead(404, { 'content-type': 'text/plain' }).end('unknown session');
      return;
    }
    if (transport === undefined) {
      const server = build();
      const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id: string): void => {
          sessions.set(id, fresh);
          // Only a server that got a session counts: a sessionless request that is not an
          // `initialize` (a 2026-07-28 client's era probe) is refused and leaves no session.
          instances.push(server);
        },
      });
      await server.connect(fresh);
      transport = fresh;
    }
    const answer = options.answerFirst?.(body as HttpMcpServer['received'][number] | undefined);
    if (answer === 'hang') return;
    if (answer !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.text);
      return;
    }
    await transport.handleRequest(request, response, body);
  });
  return {
    url: `${origin}/mcp`,
    received,
    instances,
    requests,
    forgetSessions: () => sessions.clear(),
    close: closer(http),
  };
}

/**
 * A real legacy HTTP+SSE MCP server (MCP 2024-11-05: the SDK's `SSEServerTransport`):
 * `GET /sse` opens the event stream, `POST /messages?sessionId=` carries requests. It answers
 * `POST /sse` with 405, as a server without Streamable HTTP does. `port` 0: any free port.
 */
export async function sseServer(build: () => McpServer, port = 0): Promise<HttpMcpServer> {
  const sessions = new Map<string, SSEServerTransport>();
  const received: HttpMcpServer['received'] = [];
  const instances: McpServer[] = [];
  const requests: string[] = [];
  const { http, origin } = await listen(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', response);
      sessions.set(transport.sessionId, transport);
      const server = build();
      instances.push(server);
      await server.connect(transport);
      return;
    }
    if (request.method === 'POST' && url.pathname === '/messages') {
      const transport = sessions.get(url.searchParams.get('sessionId') ?? '');
      if (transport === undefined) {
        response.writeHead(404).end('unknown session');
        return;
      }
      const body = await readJsonBody(request);
      received.push(body as HttpMcpServer['received'][number]);
      await transport.handlePostMessage(request, response, body);
      return;
    }
    response.writeHead(405, { allow: 'GET' }).end('method not allowed');
  }, port);
  return {
    url: `${origin}/sse`,
    received,
    instances,
    requests,
    forgetSessions: () => sessions.clear(),
    close: closer(http),
  };
}
