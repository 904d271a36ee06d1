import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpBearerGrant } from './http/bearer-auth.js';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { McpServerError } from './mcp-server-error.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const TOKENS: Record<string, McpBearerGrant> = {
  'token-alice': { clientId: 'alice', scopes: ['tools'] },
  'token-bob': { clientId: 'bob' },
  'token-expired': { clientId: 'carol', expiresAt: Math.floor(Date.now() / 1000) - 60 },
};

let open: McpHttpServer;
let guarded: McpHttpServer;
const seen: string[] = [];

beforeAll(async () => {
  open = await serveHttp(new ToolwrightMcpServer({ registry: createSampleRegistry() }));
  guarded = await serveHttp(new ToolwrightMcpServer({ registry: createSampleRegistry() }), {
    authorize: ({ token }) => {
      seen.push(token);
      return TOKENS[token];
    },
  });
});

afterAll(async () => {
  await Promise.all([open?.close(), guarded?.close()]);
});

describe('DNS-rebinding protection (on by default)', () => {
  it('refuses a foreign Host with 403 before any session exists', async () => {
    const response = await rawRequest(open.url, {
      headers: { host: 'evil.example.com', origin: 'http://evil.example.com' },
      body: INITIALIZE_BODY,
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringContaining('evil.example.com') },
    });
    expect(open.sessionCount).toBe(0);
  });

  it('refuses a foreign Origin on a loopback Host with 403, and an opaque origin', async () => {
    const port = new URL(open.url).port;
    for (const origin of ['http://evil.example.com', 'null']) {
      const response = await rawRequest(open.url, {
        headers: { host: `127.0.0.1:${port}`, origin },
        body: INITIALIZE_BODY,
      });
      expect(response.status).toBe(403);
    }
  });

  it('accepts loopback names in Host and Origin', async () => {
    const port = new URL(open.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const response = await rawRequest(open.url, {
        headers: { host, origin: `http://${host}` },
        body: INITIALIZE_BODY,
        maxBytes: 1,
      });
      expect(response.status).toBe(200);
    }
  });

  it('gives an accepted browser origin CORS headers and answers its preflight without a token', async () => {
    const port = new URL(guarded.url).port;
    const origin = `http://localhost:${port}`;
    const preflight = await rawRequest(guarded.url, {
      method: 'OPTIONS',
      headers: { host: `localhost:${port}`, origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-headers']).toContain('mcp-session-id');
    const refused = await rawRequest(guarded.url, {
      headers: { host: `localhost:${port}`, origin },
      body: INITIALIZE_BODY,
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-expose-headers']).toContain('www-authenticate');
    const foreign = await rawRequest(guarded.url, {
      method: 'OPTIONS',
      headers: { host: `localhost:${port}`, origin: 'http://evil.example.com' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses other paths with 404', async () => {
    const response = await rawRequest(open.url.replace('/mcp', '/other'), { body: INITIALIZE_BODY });
    expect(response.status).toBe(404);
  });

  it('requires allowedHosts when listening on every interface with the protection on', async () => {
    const server = new ToolwrightMcpServer({ registry: createSampleRegistry() });
    await expect(serveHttp(server, { host: '0.0.0.0' })).rejects.toSatisfy(
      (error: unknown) =>
        McpServerError.isInstance(error) &&
        error.code === 'invalid_option' &&
        /allowedHosts/.test(error.message),
    );
  });
});

describe('bearer tokens through the host hook', () => {
  it('answers a request without a token with 401 and a bare Bearer challenge', async () => {
    const response = await rawRequest(guarded.url, { body: INITIALIZE_BODY });
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('answers a refused or expired token with 401 invalid_token', async () => {
    for (const token of ['token-mallory', 'token-expired']) {
      const response = await rawRequest(guarded.url, {
        headers: { authorization: `Bearer ${token}` },
        body: INITIALIZE_BODY,
      });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('serves an accepted token, gives the tool its auth info, and binds the session to that client', async () => {
    const alice = await connectHttpClient(guarded.url, { headers: { authorization: 'Bearer token-alice' } });
    const result = await alice.client.callTool({ name: 'WhoAmI', arguments: {} });
    const who = JSON.parse((result.content as Array<{ text: string }>)[0]?.text ?? '{}') as {
      clientId: string;
      sessionId: string;
    };
    expect(who.clientId).toBe('alice');
    expect(seen).toContain('token-alice');
    // Bob presenting Alice's session id gets the same answer as for a session that does not exist.
    const hijack = await rawRequest(guarded.url, {
      headers: {
        authorization: 'Bearer token-bob',
        'mcp-session-id': who.sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(hijack.status).toBe(404);
    await alice.client.close();
  });

  it('ends an event stream when the token that opened it expires, not before', async () => {
    // Every check grants the token two seconds from then, so the stream's token is its own.
    const brief = await serveHttp(new ToolwrightMcpServer({ registry: createSampleRegistry() }), {
      authorize: () => ({ clientId: 'dave', expiresAt: Math.floor(Date.now() / 1000) + 2 }),
    });
    try {
      const headers = { authorization: 'Bearer token-dave', 'mcp-protocol-version': '2025-11-25' };
      const opened = await rawRequest(brief.url, { headers, body: INITIALIZE_BODY, maxBytes: 1 });
      const session = opened.headers['mcp-session-id'] as string;
      expect(session).toEqual(expect.any(String));
      const streamStart = Date.now();
      const stream = await rawRequest(brief.url, {
        method: 'GET',
        headers: { ...headers, 'mcp-session-id': session, accept: 'text/event-stream' },
      });
      expect(stream.status).toBe(200);
      // The grant ran to the end of the second after next: between 1 and 2 seconds from the check.
      expect(Date.now() - streamStart).toBeGreaterThanOrEqual(1_000);
      expect(brief.sessionCount).toBe(1);
    } finally {
      await brief.close();
    }
  });
});
