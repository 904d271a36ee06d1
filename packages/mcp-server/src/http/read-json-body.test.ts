import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BodyOutcome, holdsRequest, isInitialize, readJsonBody } from './read-json-body.js';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A loopback server that reads each request's body with `readJsonBody` and answers the outcome. */
async function bodyReader(maxBytes: number): Promise<number> {
  const server = createServer((incoming, response) => {
    void readJsonBody(incoming, maxBytes).then((outcome) => response.end(JSON.stringify(outcome)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * POSTs `chunks`, each written on its own, and reads the outcome. With `end: false` the request
 * is never finished: the outcome can only come from a reader that stopped on its own.
 */
function post(port: number, chunks: Array<string | Buffer>, { end = true } = {}): Promise<BodyOutcome> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, method: 'POST' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        resolve(JSON.parse(text) as BodyOutcome);
        if (!end) outgoing.destroy();
      });
    });
    // The server may answer (and stop reading) before every byte is written.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    for (const chunk of chunks) outgoing.write(chunk);
    if (end) outgoing.end();
  });
}

const tooLarge = (maxBytes: number): BodyOutcome => ({
  ok: false,
  status: 413,
  message: `The request body exceeds ${maxBytes} bytes.`,
});

describe('readJsonBody', () => {
  it('parses a body of exactly maxBytes, and refuses one byte more with 413 naming the cap', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const exact = await bodyReader(Buffer.byteLength(body));
    expect(await post(exact, [body])).toStrictEqual({ ok: true, body: JSON.parse(body) });
    const short = await bodyReader(Buffer.byteLength(body) - 1);
    expect(await post(short, [body])).toStrictEqual(tooLarge(Buffer.byteLength(body) - 1));
  });

  it('counts bytes, not characters', async () => {
    // "éé" with its quotes: 4 characters, 6 bytes.
    const port = await bodyReader(5);
    expect(await post(port, ['"éé"'])).toStrictEqual(tooLarge(5));
    expect(await post(port, ['"é"'])).toStrictEqual({ ok: true, body: 'é' });
  });

  it('adds up the chunks: many small ones over the cap are refused', async () => {
    const port = await bodyReader(100);
    const chunks = Array.from({ length: 30 }, (_, index) => (index === 0 ? '[' : '"abcd",'));
    expect(await post(port, chunks)).toStrictEqual(tooLarge(100));
    // The same chunks under the cap are one body.
    const roomy = await bodyReader(1000);
    expect(await post(roomy, [...chunks, '"end"]'])).toStrictEqual({
      ok: true,
      body: [...Array(29).fill('abcd'), 'end'],
    });
  });

  it('cuts off a body that never ends once it passes the cap, instead of waiting for it', async () => {
    const port = await bodyReader(1024);
    expect(await post(port, [Buffer.alloc(1025, 0x20)], { end: false })).toStrictEqual(tooLarge(1024));
  });

  it('answers a body that is not JSON, or empty, with 400 and a parse error', async () => {
    const port = await bodyReader(1024);
    const parseError: BodyOutcome = {
      ok: false,
      status: 400,
      message: 'Parse error: the request body is not valid JSON.',
    };
    for (const body of ['{"jsonrpc":', 'initialize', '']) {
      expect(await post(port, [body]), body).toStrictEqual(parseError);
    }
  });
});

describe('holdsRequest', () => {
  const request = { jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'Echo' } };
  const notification = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
  const response = { jsonrpc: '2.0', id: 1, result: {} };

  it('is true for a request (a method with an id), alone or anywhere in a batch', () => {
    expect(holdsRequest(request)).toBe(true);
    expect(holdsRequest([response, notification, request])).toBe(true);
  });

  it('is false for notifications and responses, which a draining session may still deliver', () => {
    expect(holdsRequest(notification)).toBe(false);
    expect(holdsRequest(response)).toBe(false);
    expect(holdsRequest({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'declined' } })).toBe(false);
    expect(holdsRequest([response, notification])).toBe(false);
    expect(holdsRequest([])).toBe(false);
  });

  it('is false, without throwing, for JSON that is no message', () => {
    for (const body of [null, 'method', 42, true, [null, 'id', 7]]) {
      expect(holdsRequest(body), JSON.stringify(body)).toBe(false);
    }
  });
});

describe('isInitialize', () => {
  const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };

  it('is true for an initialize request, alone or in a batch', () => {
    expect(isInitialize(initialize)).toBe(true);
    expect(isInitialize([{ jsonrpc: '2.0', method: 'notifications/initialized' }, initialize])).toBe(true);
  });

  it('is false for any other message, and for JSON that is no message, without throwing', () => {
    for (const body of [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, result: { method: 'initialize' } },
      { jsonrpc: '2.0', id: 1, method: 'Initialize' },
      [],
      null,
      'initialize',
      ['initialize'],
      [null],
      0,
    ]) {
      expect(isInitialize(body), JSON.stringify(body)).toBe(false);
    }
  });
});
