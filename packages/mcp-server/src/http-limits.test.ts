import { afterEach, describe, expect, it, vi } from 'vitest';
import type { McpBearerGrant } from './http/bearer-auth.js';
import type { McpHttpOptions } from './http/http-options.js';
import { type McpHttpServer, serveHttp } from './http/http-server.js';
import { IdleTimer } from './http/idle-timer.js';
import { McpServerError } from './mcp-server-error.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';
import { createSampleRegistry } from './test-support/sample-tools.js';
import { ToolwrightMcpServer } from './toolwright-mcp-server.js';

const running: McpHttpServer[] = [];

async function serve(
  options: McpHttpOptions = {},
): Promise<{ http: McpHttpServer; server: ToolwrightMcpServer }> {
  const server = new ToolwrightMcpServer({ registry: createSampleRegistry() });
  const http = await serveHttp(server, options);
  running.push(http);
  return { http, server };
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((http) => http.close({ graceMs: 0 })));
});

const PROTOCOL = { 'mcp-protocol-version': '2025-11-25' };

/** Opens a session with raw requests (initialize, then initialized) and returns its headers. */
async function openSession(
  url: string,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Record<string, string>> {
  const opened = await rawRequest(url, { body: INITIALIZE_BODY, ...options });
  expect(opened.status).toBe(200);
  const headers = {
    ...options.headers,
    ...PROTOCOL,
    'mcp-session-id': opened.headers['mcp-session-id'] as string,
  };
  const initialized = await rawRequest(url, {
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    ...(options.localAddress === undefined ? {} : { localAddress: options.localAddress }),
  });
  expect(initialized.status).toBe(202);
  return headers;
}

/** The event ids of an event-stream body, in order. */
function eventIds(body: string): string[] {
  return [...body.matchAll(/^id: (\S+)$/gm)].map((match) => match[1] as string);
}

function errorOf(body: string): { code: number; message: string } {
  return (JSON.parse(body) as { error: { code: number; message: string } }).error;
}

describe('the resumability store is bounded by bytes', () => {
  it('keeps a flood of large pings within its per-session and total bounds, and answers every one', async () => {
    const perSession = 64 * 1024;
    const total = 160 * 1024;
    const { http } = await serve({ maxEventBytesPerSession: perSession, maxEventBytesTotal: total });
    const id = 'x'.repeat(16 * 1024);
    const sessions = await Promise.all([0, 1, 2, 3].map(() => openSession(http.url)));
    let answered = 0;
    for (let round = 0; round < 12; round += 1) {
      for (const [index, headers] of sessions.entries()) {
        const pong = await rawRequest(http.url, {
          headers,
          body: JSON.stringify({ jsonrpc: '2.0', id: `${id}-${index}-${round}`, method: 'ping' }),
        });
        expect(pong.status).toBe(200);
        if (pong.body.includes(`"id":"${id}-${index}-${round}"`)) answered += 1;
        expect(http.eventStoreBytes).toBeLessThanOrEqual(total);
      }
    }
    // 48 answers of 16 KiB each went out (768 KiB): far more than the store kept.
    expect(answered).toBe(48);
    expect(http.eventStoreBytes).toBeGreaterThan(total - 20 * 1024);
    expect(http.eventStoreBytes).toBeLessThanOrEqual(total);

    // One session alone stays within its own bound.
    const { http: single } = await serve({ maxEventBytesPerSession: perSession });
    const headers = await openSession(single.url);
    for (let round = 0; round < 12; round += 1) {
      await rawRequest(single.url, {
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: `${id}-${round}`, method: 'ping' }),
      });
    }
    expect(single.eventStoreBytes).toBeGreaterThan(perSession - 20 * 1024);
    expect(single.eventStoreBytes).toBeLessThanOrEqual(perSession);
  });

  it('refuses with 410 a resume whose missed events were dropped, naming the bounds', async () => {
    const { http } = await serve({ maxEventBytesPerSession: 32 * 1024 });
    const headers = await openSession(http.url);
    const first = await rawRequest(http.url, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 'first', method: 'ping' }),
    });
    // The priming event (the client's cursor) comes before the answer on the same stream.
    const [priming, answer] = eventIds(first.body);
    expect(priming).toBeDefined();
    expect(answer).toBeDefined();
    // Later traffic pushes the answer out of the store.
    for (let round = 0; round < 4; round += 1) {
      await rawRequest(http.url, {
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: `${'y'.repeat(12 * 1024)}${round}`, method: 'ping' }),
      });
    }
    const resumed = await rawRequest(http.url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': priming as string },
    });
    expect(resumed.status).toBe(410);
    expect(errorOf(resumed.body).message).toMatch(
      new RegExp(
        `^Cannot resume after event "${priming}": later events of its stream were dropped .*maxEventBytesPerSession 32768, maxEventBytesTotal 67108864, maxEventsPerSession 1000.*Send the request again`,
      ),
    );
    // The session itself is fine.
    const pong = await rawRequest(http.url, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'ping' }),
    });
    expect(pong.body).toContain('"id":"after"');
  });
});

describe('idle sessions expire', () => {
  it('closes a session idle for sessionIdleTimeoutMs (404 afterwards), but not one with an open stream', async () => {
    // Long enough that no gap between one client's requests reaches it on a loaded machine.
    const { http, server } = await serve({ sessionIdleTimeoutMs: 1_000 });
    // A: a client listening on its GET stream (the request stays open).
    const listening = await openSession(http.url);
    const controller = new AbortController();
    const stream = await fetch(http.url, {
      headers: { ...listening, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    // B: a client that vanished after initialising. Its idle clock starts after A's would have.
    const vanished = await openSession(http.url);
    expect(http.sessionCount).toBe(2);
    await vi.waitFor(() => expect(http.sessionCount).toBe(1), { timeout: 10_000, interval: 20 });
    // The remaining one is A: B's clock started later, so A, had it been idle, would be gone too.
    const gone = await rawRequest(http.url, {
      headers: vanished,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(gone.status).toBe(404);
    expect(errorOf(gone.body).message).toMatch(/Session not found; start a new one with initialize/);
    const alive = await rawRequest(http.url, {
      headers: listening,
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    expect(alive.status).toBe(200);
    // The expired session's server-side state is released: only A's session remains.
    expect(server.sessions.map((session) => session.sessionId)).toEqual([listening['mcp-session-id']]);
    controller.abort();
    // And a client that was expired simply starts again (one request: the new session may idle out after it).
    const again = await rawRequest(http.url, { body: INITIALIZE_BODY, maxBytes: 1 });
    expect(again.status).toBe(200);
    expect(again.headers['mcp-session-id']).not.toBe(vanished['mcp-session-id']);
  });

  it('releases an expired session’s stream events', async () => {
    const { http } = await serve({ sessionIdleTimeoutMs: 1_000 });
    const headers = await openSession(http.url);
    await rawRequest(http.url, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: 'kept', method: 'ping' }),
    });
    expect(http.eventStoreBytes).toBeGreaterThan(0);
    await vi.waitFor(() => expect(http.sessionCount).toBe(0), { timeout: 10_000, interval: 20 });
    await vi.waitFor(() => expect(http.eventStoreBytes).toBe(0), { timeout: 10_000, interval: 20 });
  });

  it('waits for running tool calls before it calls a session idle', async () => {
    let checks = 0;
    const idle = await new Promise<number>((resolve) => {
      const timer = new IdleTimer(
        1,
        () => {
          checks += 1;
          return checks < 3; // a call runs through the first two checks
        },
        () => resolve(checks),
      );
      timer.requestOpened()();
    });
    expect(idle).toBe(3);
  });
});

describe('session caps', () => {
  it('caps sessions per remote address (429) and in total (503), each naming its option', async () => {
    const { http } = await serve({ maxSessionsPerClient: 2, maxSessions: 3 });
    // Five at once from one address: exactly two get a place.
    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map(() => rawRequest(http.url, { body: INITIALIZE_BODY, maxBytes: 1 })),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 200, 429, 429, 429]);
    const refused = attempts.find((attempt) => attempt.status === 429);
    expect(errorOf(refused?.body ?? '{}').message).toMatch(
      /^Too many sessions for this client \(2; the maxSessionsPerClient option of serveHttp allows 2\)\. .*DELETE.*raise maxSessionsPerClient/,
    );
    // Another client (another loopback address) still gets its place...
    const other = await rawRequest(http.url, {
      body: INITIALIZE_BODY,
      localAddress: '127.0.0.2',
      maxBytes: 1,
    });
    expect(other.status).toBe(200);
    // ...until the server as a whole is full.
    const third = await rawRequest(http.url, { body: INITIALIZE_BODY, localAddress: '127.0.0.3' });
    expect(third.status).toBe(503);
    expect(errorOf(third.body).message).toMatch(
      /^Too many sessions on this server \(the maxSessions option of serveHttp allows 3\).*raise maxSessions/,
    );
    // Closing a session gives its place back to its client.
    const first = attempts.find((attempt) => attempt.status === 200);
    const closed = await rawRequest(http.url, {
      method: 'DELETE',
      headers: { ...PROTOCOL, 'mcp-session-id': first?.headers['mcp-session-id'] as string },
    });
    expect(closed.status).toBe(200);
    await vi.waitFor(() => expect(http.sessionCount).toBe(2), { timeout: 10_000, interval: 20 });
    expect((await rawRequest(http.url, { body: INITIALIZE_BODY, maxBytes: 1 })).status).toBe(200);
  });

  it('counts bearer clients by their clientId, whatever address they come from', async () => {
    const tokens: Record<string, McpBearerGrant> = {
      'token-alice': { clientId: 'alice' },
      'token-bob': { clientId: 'bob' },
    };
    const { http } = await serve({ maxSessionsPerClient: 1, authorize: ({ token }) => tokens[token] });
    const alice = { authorization: 'Bearer token-alice' };
    expect((await rawRequest(http.url, { headers: alice, body: INITIALIZE_BODY, maxBytes: 1 })).status).toBe(
      200,
    );
    const again = await rawRequest(http.url, {
      headers: alice,
      body: INITIALIZE_BODY,
      localAddress: '127.0.0.2',
    });
    expect(again.status).toBe(429);
    const bob = await rawRequest(http.url, {
      headers: { authorization: 'Bearer token-bob' },
      body: INITIALIZE_BODY,
      maxBytes: 1,
    });
    expect(bob.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('refuses a body over maxBodyBytes with 413 naming the cap, before it opens a session', async () => {
    const size = Buffer.byteLength(INITIALIZE_BODY);
    const { http } = await serve({ maxBodyBytes: size - 1 });
    const refused = await rawRequest(http.url, { body: INITIALIZE_BODY });
    expect(refused.status).toBe(413);
    expect(errorOf(refused.body).message).toBe(`The request body exceeds ${size - 1} bytes.`);
    expect(http.sessionCount).toBe(0);
    const fits = await serve({ maxBodyBytes: size });
    expect((await rawRequest(fits.http.url, { body: INITIALIZE_BODY, maxBytes: 1 })).status).toBe(200);
  });
});

describe('browser origins on this host', () => {
  it('accepts a page on the server’s own port only, with CORS, by default', async () => {
    const { http } = await serve();
    const own = `http://localhost:${http.port}`;
    const accepted = await rawRequest(http.url, {
      headers: { host: `localhost:${http.port}`, origin: own },
      body: INITIALIZE_BODY,
      maxBytes: 1,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.headers['access-control-allow-origin']).toBe(own);
    for (const origin of [`http://localhost:${http.port + 1}`, 'http://127.0.0.1:5173', 'http://localhost']) {
      const refused = await rawRequest(http.url, {
        headers: { host: `localhost:${http.port}`, origin },
        body: INITIALIZE_BODY,
      });
      expect(refused.status).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(errorOf(refused.body).message).toContain(`from port ${http.port} only`);
      // A preflight from it is refused as well: no CORS answer a browser could use.
      const preflight = await rawRequest(http.url, {
        method: 'OPTIONS',
        headers: { host: `localhost:${http.port}`, origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(403);
    }
    expect(http.sessionCount).toBe(1);
  });

  it('accepts the ports of allowedOriginPorts instead, and checks the option', async () => {
    const { http } = await serve({ allowedOriginPorts: [5173] });
    const dev = await rawRequest(http.url, {
      headers: { host: `localhost:${http.port}`, origin: 'http://localhost:5173' },
      body: INITIALIZE_BODY,
      maxBytes: 1,
    });
    expect(dev.status).toBe(200);
    const own = await rawRequest(http.url, {
      headers: { host: `localhost:${http.port}`, origin: `http://localhost:${http.port}` },
      body: INITIALIZE_BODY,
    });
    expect(own.status).toBe(403);
    const server = new ToolwrightMcpServer({ registry: createSampleRegistry() });
    for (const [options, pattern] of [
      [{ allowedOriginPorts: [] }, /allowedOriginPorts must be a non-empty array of port numbers/],
      [{ allowedOriginPorts: [0] }, /allowedOriginPorts must be/],
      [{ allowedOriginPorts: ['5173'] }, /allowedOriginPorts must be/],
      [{ maxSessionsPerClient: 0 }, /maxSessionsPerClient/],
      [{ sessionIdleTimeoutMs: -1 }, /sessionIdleTimeoutMs/],
      [{ maxEventBytesPerSession: 1.5 }, /maxEventBytesPerSession/],
      [{ maxEventBytesTotal: 0 }, /maxEventBytesTotal/],
      [{ allowedOriginPort: [1] }, /allowedOriginPorts/],
    ] as const) {
      await expect(serveHttp(server, options as McpHttpOptions)).rejects.toSatisfy(
        (error: unknown) => McpServerError.isInstance(error) && pattern.test((error as Error).message),
      );
    }
  });
});
