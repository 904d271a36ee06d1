import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFixture } from '../conformance/serve-fixture.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';

let fixture: Awaited<ReturnType<typeof serveFixture>>;

beforeAll(async () => {
  fixture = await serveFixture();
});

afterAll(() => fixture?.stop());

describe('resumable streams (SEP-1699) for clients of 2025-11-25', () => {
  it('primes each call stream with an event id and retry, and replays a result the client missed', async () => {
    const opened = await rawRequest(fixture.url, { body: INITIALIZE_BODY });
    const sessionId = opened.headers['mcp-session-id'] as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const initialized = await rawRequest(fixture.url, {
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(initialized.status).toBe(202);

    // The tool closes its response stream mid-call (McpSessionContext.closeResponseStream).
    const call = await rawRequest(fixture.url, {
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'test_reconnection', arguments: {} },
      }),
    });
    expect(call.status).toBe(200);
    const priming = /^id: (\S+)\nretry: (\d+)\ndata: \n/.exec(call.body);
    expect(priming?.[2]).toBe('1000');
    expect(call.body).not.toContain('"result"');

    // Reconnecting with Last-Event-ID delivers the result written while the client was away.
    const resumed = await rawRequest(fixture.url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream', 'last-event-id': priming?.[1] ?? '' },
      stopWhen: /"id":2/,
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toContain('Reconnection test completed successfully');
  });
});
