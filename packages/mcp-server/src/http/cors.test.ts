import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowOrigin, answerPreflight } from './cors.js';

/**
 * Sends one request on loopback to a server that runs `allowOrigin`, then answers a preflight
 * for `OPTIONS` or 200 otherwise, and returns the response's status and headers.
 */
async function exchange(
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const server = createServer((incoming, response) => {
    allowOrigin(incoming, response);
    if (incoming.method === 'OPTIONS') answerPreflight(response);
    else response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, method, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const ORIGIN = 'http://localhost:3000';

describe('CORS for an origin the rebinding check accepted', () => {
  it('names that origin, varies on Origin, exposes the session id and the challenge, and allows no credentials', async () => {
    const { headers } = await exchange('POST', { origin: ORIGIN });
    expect(headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(headers.vary).toBe('Origin');
    expect(headers['access-control-expose-headers']).toBe('mcp-session-id, www-authenticate');
    expect(headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('adds nothing to a request without Origin (not from a browser page)', async () => {
    const { headers } = await exchange('POST', {});
    for (const name of ['access-control-allow-origin', 'vary', 'access-control-expose-headers']) {
      expect(headers[name], name).toBeUndefined();
    }
  });

  it('answers a preflight with 204, the methods and headers the transport takes, cached for 10 minutes', async () => {
    const { status, headers } = await exchange('OPTIONS', {
      origin: ORIGIN,
      'access-control-request-method': 'DELETE',
      'access-control-request-headers': 'mcp-session-id, authorization',
    });
    expect(status).toBe(204);
    expect(headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    expect(headers['access-control-allow-headers']).toBe(
      'content-type, accept, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
    );
    expect(headers['access-control-max-age']).toBe('600');
  });
});
