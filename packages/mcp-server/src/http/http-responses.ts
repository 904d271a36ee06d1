import type { ServerResponse } from 'node:http';

/**
 * Ends `response` with `status` and a JSON-RPC error body (id `null`: the request was refused
 * before it was read as JSON-RPC), the form the Streamable HTTP spec uses for refusals.
 */
export function refuse(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  const code = status === 400 ? -32600 : status >= 500 ? -32603 : -32000;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
