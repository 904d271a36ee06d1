import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a browser client must be allowed to send: the transport's own headers, and a token. */
const ALLOWED_HEADERS =
  'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id';

/**
 * CORS for browser clients (the MCP Inspector, web apps) on an origin the DNS-rebinding check
 * already accepted — and only then, so CORS never widens what that check allows. The session id
 * and the auth challenge are exposed so the client can read them. No credentials are allowed:
 * bearer tokens travel in a header the page sets itself, never in cookies.
 */
export function allowOrigin(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('vary', 'Origin');
  response.setHeader('access-control-expose-headers', 'mcp-session-id, www-authenticate');
}

/** Answers a CORS preflight (`OPTIONS`) with what the endpoint accepts. */
export function answerPreflight(response: ServerResponse): void {
  response.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '600',
  });
  response.end();
}
