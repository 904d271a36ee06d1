import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DiscoveryGuard } from './discovery-guard.js';
import { MAX_OAUTH_RESPONSE_BYTES, pinnedFetch } from './pinned-fetch.js';

const servers: Server[] = [];

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function serve(answer: (seen: Seen, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  let connections = 0;
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const entry = {
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    seen.push(entry);
    answer(entry, response);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { port: (server.address() as AddressInfo).port, seen, connections: () => connections };
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('pinnedFetch', () => {
  it('connects to the given address whatever the name resolves to, and sends the request fetch would', async () => {
    const target = await serve((_seen, response) => {
      response.writeHead(201, { 'content-type': 'application/json', 'x-several': 'a' }).end('{"ok":true}');
    });
    // `.invalid` never resolves (RFC 6761): the answer can only come from the pinned address.
    const url = new URL(`http://as.invalid:${target.port}/token?x=1`);
    const response = await pinnedFetch(
      url,
      {
        method: 'POST',
        headers: { authorization: 'Basic abc' },
        body: new URLSearchParams({ grant_type: 'x' }),
      },
      ['127.0.0.1'],
    );
    expect([response.status, response.url, await response.json()]).toEqual([201, url.href, { ok: true }]);
    expect(target.seen).toMatchObject([
      {
        method: 'POST',
        url: '/token?x=1',
        body: 'grant_type=x',
        headers: {
          host: `as.invalid:${target.port}`,
          authorization: 'Basic abc',
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        },
      },
    ]);
  });

  it('returns a redirect unfollowed, decodes gzip, and refuses an answer over the size limit', async () => {
    const target = await serve((seen, response) => {
      if (seen.url === '/moved') response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else if (seen.url === '/gzip')
        response.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('{"issuer":"x"}'));
      else if (seen.url === '/empty') response.writeHead(204).end();
      else response.writeHead(200).end(Buffer.alloc(MAX_OAUTH_RESPONSE_BYTES + 1, 'a'));
    });
    const at = (path: string) =>
      pinnedFetch(new URL(`http://as.invalid:${target.port}${path}`), {}, ['127.0.0.1']);
    const moved = await at('/moved');
    expect([moved.status, moved.headers.get('location')]).toEqual([302, 'http://169.254.169.254/']);
    expect(await (await at('/gzip')).json()).toEqual({ issuer: 'x' });
    expect((await at('/empty')).status).toBe(204);
    await expect(at('/huge')).rejects.toThrow(`larger than ${MAX_OAUTH_RESPONSE_BYTES} bytes`);
    expect(target.seen.map((entry) => entry.url)).toEqual(['/moved', '/gzip', '/empty', '/huge']);
  });

  it('is what the guard connects with: one lookup, and the connection goes to the address it checked', async () => {
    const target = await serve((_seen, response) => response.writeHead(200).end('{}'));
    const asked: string[] = [];
    const guard = new DiscoveryGuard({
      server: 'hosted',
      serverUrl: new URL('https://mcp.example.com/mcp'),
      allowPrivate: true,
      lookup: async (hostname) => {
        asked.push(hostname);
        return hostname === 'mcp.example.com' ? ['93.184.216.34'] : ['127.0.0.1'];
      },
    });
    // https: to a plain HTTP port: the TLS handshake fails, but only after the connection
    // reached the checked loopback address (a real lookup of the name would find nothing).
    await expect(guard.fetch(`https://as.example.invalid:${target.port}/.well-known/x`)).rejects.toThrow();
    expect(target.connections()).toBe(1);
    expect(asked.filter((name) => name === 'as.example.invalid')).toEqual(['as.example.invalid']);
  });
});
