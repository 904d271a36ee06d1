import { lookup as dnsLookup } from 'node:dns/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { type AddressClass, classOfAddress, classOfHostName, isLoopbackHost } from './address-class.js';
import { DiscoveryGuard, DiscoveryRefusedError, type LookupAll } from './discovery-guard.js';

/** A real server on 127.0.0.1 that counts what reaches it. */
interface Target {
  readonly origin: string;
  readonly requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
}

const servers: Server[] = [];

async function target(
  answer: (url: string) => { status: number; headers?: Record<string, string> } = () => ({
    status: 200,
  }),
): Promise<Target> {
  const requests: Target['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    const { status, headers } = answer(request.url ?? '');
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
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

/** A resolver with fixed answers, recording what it was asked. */
function resolver(answers: Record<string, readonly string[]>): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const found = answers[hostname];
    if (found === undefined) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return found;
  };
  return Object.assign(lookup, { asked });
}

function guard(
  serverUrl: string,
  lookup: LookupAll,
  allowPrivate: true | readonly string[] | undefined = undefined,
  headers: Record<string, string> = {},
) {
  return new DiscoveryGuard({
    server: 'hosted',
    serverUrl: new URL(serverUrl),
    allowPrivate,
    lookup,
    headers,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DiscoveryRefusedError);
    return (error as Error).message;
  }
  return 'allowed';
}

describe('address classes', () => {
  it.each<[string, AddressClass]>([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classOfAddress(address)).toBe(kind);
  });

  it('knows names without a lookup, in every spelling a URL leaves them', () => {
    for (const url of [
      'http://metadata.google.internal/',
      'http://METADATA.google.internal./',
      'http://metadata/',
    ]) {
      expect(classOfHostName(new URL(url).hostname), url).toBe('metadata');
    }
    for (const url of [
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::ffff:7f00:1]/',
      'http://app.localhost/',
    ]) {
      expect(classOfHostName(new URL(url).hostname), url).toBe('loopback');
    }
    expect(classOfHostName('[::ffff:a9fe:a9fe]')).toBe('metadata');
    expect(classOfHostName('auth.example.com')).toBeUndefined();
    expect(isLoopbackHost('app.localhost')).toBe(false);
    expect(isLoopbackHost('[::1]')).toBe(true);
  });
});

describe('DiscoveryGuard', () => {
  it('never sends a public server discovery to loopback: the request does not reach the listening server', async () => {
    const loopback = await target();
    const lookup = resolver({ 'mcp.example.com': ['93.184.216.34'] });
    const message = await refusal(
      guard('https://mcp.example.com/mcp', lookup).fetch(`${loopback.origin}/.well-known/x`),
    );
    expect(message).toBe(
      `MCP server "hosted": the OAuth request to ${loopback.origin}/.well-known/x is refused: it is a loopback address, and the MCP server's own address is not; discovery only goes to public addresses or to the class of the server's own. To allow it, list the host in "oauth.allowPrivateDiscovery" (or set it to true for loopback and private networks). Nothing was sent to it`,
    );
    expect(loopback.requests).toEqual([]);
    // Allowed by the option, the same request does reach it.
    await guard('https://mcp.example.com/mcp', lookup, true).fetch(`${loopback.origin}/a`);
    await guard('https://mcp.example.com/mcp', lookup, ['127.0.0.1']).fetch(`${loopback.origin}/b`);
    // Another spelling of the same address in the list matches too.
    await guard('https://mcp.example.com/mcp', lookup, ['0177.0.0.1']).fetch(`${loopback.origin}/c`);
    expect(loopback.requests.map((request) => request.url)).toEqual(['/a', '/b', '/c']);
    expect(
      await refusal(
        guard('https://mcp.example.com/mcp', lookup, ['127.0.0.2']).fetch(`${loopback.origin}/d`),
      ),
    ).toMatch(/loopback address/);
  });

  it('resolves a name and refuses it when any of its addresses is closed, and names the addresses', async () => {
    const lookup = resolver({
      'mcp.example.com': ['93.184.216.34'],
      'as.evil.example': ['93.184.216.35', '169.254.169.254'],
      'as.lan.example': ['192.168.1.10'],
      'as.example.com': ['93.184.216.36', '2606:4700::1'],
    });
    const protect = guard('https://mcp.example.com/mcp', lookup);
    expect(await refusal(protect.check(new URL('https://as.evil.example/'), undefined))).toMatch(
      /https:\/\/as\.evil\.example\/ is refused: it is a metadata address \(it resolves to 93\.184\.216\.35, 169\.254\.169\.254\)/,
    );
    expect(await refusal(protect.check(new URL('https://as.lan.example/'), undefined))).toMatch(
      /it is a private address \(it resolves to 192\.168\.1\.10\)/,
    );
    expect(await refusal(protect.check(new URL('https://as.example.com/'), undefined))).toBe('allowed');
    // A metadata service's name is refused by name, with no lookup at all.
    lookup.asked.length = 0;
    expect(
      await refusal(
        protect.check(new URL('https://metadata.google.internal./computeMetadata/v1/'), undefined),
      ),
    ).toMatch(/is a metadata address, and the MCP server's own address is not/);
    expect(lookup.asked).toEqual([]);
    // `true` opens loopback and private networks, never link-local or a metadata service.
    const opened = guard('https://mcp.example.com/mcp', lookup, true);
    expect(await refusal(opened.check(new URL('https://as.lan.example/'), undefined))).toBe('allowed');
    for (const closed of [
      'https://169.254.169.254/',
      'https://[fe80::1]/',
      'https://as.evil.example/',
      'https://0.0.0.0/',
    ]) {
      expect(await refusal(opened.check(new URL(closed), undefined)), closed).toMatch(/is refused/);
    }
  });

  it('opens the class of the server own address, and only that class', async () => {
    const lookup = resolver({ 'mcp.corp.example': ['10.1.2.3'] });
    const corp = guard('https://mcp.corp.example/mcp', lookup);
    expect(await refusal(corp.check(new URL('https://10.9.9.9/token'), 'token_endpoint'))).toBe('allowed');
    expect(await refusal(corp.check(new URL('https://[fd00::5]/token'), 'token_endpoint'))).toBe('allowed');
    expect(await refusal(corp.check(new URL('https://169.254.169.254/'), 'token_endpoint'))).toMatch(
      /metadata address/,
    );
    expect(await refusal(corp.check(new URL('https://127.0.0.1/'), 'token_endpoint'))).toMatch(
      /loopback address/,
    );
    const local = guard('http://127.0.0.1:3000/mcp', lookup);
    expect(await refusal(local.check(new URL('http://localhost:4000/'), undefined))).toBe('allowed');
    expect(await refusal(local.check(new URL('https://10.0.0.1/'), undefined))).toMatch(/private address/);
  });

  it('refuses cleartext and other schemes before any lookup, naming what is accepted', async () => {
    const lookup = resolver({});
    const protect = guard('https://mcp.example.com/mcp', lookup, true);
    expect(await refusal(protect.check(new URL('http://10.0.0.1/token?secret=1#x'), 'token_endpoint'))).toBe(
      'MCP server "hosted": the OAuth token_endpoint http://10.0.0.1/token is refused: it is plain http: on the non-loopback host 10.0.0.1; accepted are https: URLs, and http: only on loopback (127.0.0.0/8, ::1, localhost). Nothing was sent to it',
    );
    expect(await refusal(protect.check(new URL('http://as.example.com/'), undefined))).toMatch(/plain http:/);
    expect(await refusal(protect.fetch('file:///etc/passwd'))).toMatch(
      /"file:\/\/\/etc\/passwd" is refused: it uses file:/,
    );
    expect(lookup.asked).toEqual([]);
    expect(() => protect.checkAuthorizationUrl(new URL('javascript:alert(1)'))).toThrow(
      /authorization URL "javascript:alert\(1\)" is refused and was not shown or opened: it uses javascript:/,
    );
    expect(() => protect.checkAuthorizationUrl(new URL('http://127.0.0.1:9/authorize'))).not.toThrow();
  });

  it('keeps the configured headers for the server own origin and returns redirects unfollowed', async () => {
    const other = await target((url) =>
      url === '/moved'
        ? { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }
        : { status: 200 },
    );
    const protect = guard(
      'https://mcp.example.com/mcp',
      resolver({ 'mcp.example.com': ['93.184.216.34'] }),
      true,
      {
        'x-api-key': 'configured-key-0123456789',
      },
    );
    await protect.fetch(`${other.origin}/metadata`, {
      headers: { 'x-api-key': 'configured-key-0123456789', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(other.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(other.requests[0]?.headers['mcp-protocol-version']).toBe('2025-11-25');
    const moved = await protect.fetch(`${other.origin}/moved`);
    expect([moved.status, moved.headers.get('location')]).toEqual([
      302,
      'http://169.254.169.254/latest/meta-data/',
    ]);
    expect(other.requests.map((request) => request.url)).toEqual(['/metadata', '/moved']);
  });

  it('remembers a refusal the caller swallowed, and checks what discovery found, naming the key', async () => {
    const protect = guard('http://127.0.0.1:3000/mcp', resolver({}));
    await protect.fetch('https://10.0.0.1/.well-known/oauth-protected-resource').catch(() => undefined);
    const state = { authorizationServerUrl: 'http://127.0.0.1:3000/' };
    expect(await refusal(protect.checkDiscovery(state))).toMatch(/https:\/\/10\.0\.0\.1\/\.well-known/);
    expect(await refusal(protect.checkDiscovery(state))).toBe('allowed');
    const metadata = {
      issuer: 'http://127.0.0.1:3000/',
      authorization_endpoint: 'http://127.0.0.1:3000/authorize',
      token_endpoint: 'http://127.0.0.1:3000/token',
      response_types_supported: ['code'],
    };
    expect(
      await refusal(
        protect.checkDiscovery({
          ...state,
          authorizationServerMetadata: { ...metadata, authorization_endpoint: 'file:///etc/passwd' },
        }),
      ),
    ).toMatch(
      /the OAuth authorization server metadata's "authorization_endpoint" "file:\/\/\/etc\/passwd" is refused and was not shown or opened/,
    );
    expect(
      await refusal(
        protect.checkDiscovery({
          ...state,
          authorizationServerMetadata: {
            ...metadata,
            registration_endpoint: 'https://169.254.169.254/register',
          },
        }),
      ),
    ).toMatch(
      /"registration_endpoint" https:\/\/169\.254\.169\.254\/register is refused: it is a metadata address/,
    );
    expect(
      await refusal(
        protect.checkDiscovery({
          ...state,
          resourceMetadata: {
            resource: 'http://127.0.0.1:3000/mcp',
            authorization_servers: ['http://as.example.com/'],
          },
        }),
      ),
    ).toMatch(/"authorization_servers\[0\]" http:\/\/as\.example\.com\/ is refused: it is plain http:/);
  });

  it('resolves with the system resolver by default, every address of the name', async () => {
    const name = hostname();
    const addresses = (await dnsLookup(name, { all: true })).map((entry) => entry.address);
    const protect = new DiscoveryGuard({
      server: 'hosted',
      serverUrl: new URL('https://93.184.216.34/mcp'),
      allowPrivate: undefined,
    });
    const message = await refusal(protect.check(new URL(`https://${name}/`), undefined));
    if (addresses.every((address) => classOfAddress(address) === 'public')) expect(message).toBe('allowed');
    else expect(message).toContain(`(it resolves to ${addresses.join(', ')})`);
  });

  it('lets through the hosts listed or configured, in any spelling, and the server own host on any port', async () => {
    const lookup = resolver({});
    const listed = guard('https://mcp.example.com/mcp', lookup, ['not a host', '0:0:0:0:0:0:0:1']);
    expect(await refusal(listed.check(new URL('http://[::1]:9/'), undefined))).toBe('allowed');
    const configured = new DiscoveryGuard({
      server: 'hosted',
      serverUrl: new URL('https://mcp.example.com/mcp'),
      allowPrivate: undefined,
      configuredUrls: ['https://10.0.0.7/token'],
      lookup,
    });
    expect(await refusal(configured.check(new URL('https://10.0.0.7/other'), undefined))).toBe('allowed');
    expect(await refusal(configured.check(new URL('https://mcp.example.com:8443/'), undefined))).toBe(
      'allowed',
    );
    expect(lookup.asked).toEqual([]);
  });

  it('opens public addresses to a private server, and nothing else when the server own name does not resolve', async () => {
    const lookup = resolver({ 'mcp.corp.example': ['10.1.2.3'], 'as.example.com': ['93.184.216.36'] });
    expect(
      await refusal(
        guard('https://mcp.corp.example/mcp', lookup).check(new URL('https://as.example.com/'), undefined),
      ),
    ).toBe('allowed');
    const unresolved = guard('https://mcp.gone.example/mcp', lookup);
    expect(await refusal(unresolved.check(new URL('https://10.0.0.1/'), undefined))).toMatch(
      /it is a private address, and/,
    );
    expect(await refusal(unresolved.check(new URL('https://93.184.216.36/'), undefined))).toBe('allowed');
  });

  it('sends the server own origin its configured headers, other origins only headers the caller set differently', async () => {
    const own = await target();
    const protect = guard(`${own.origin}/mcp`, resolver({}), undefined, {
      'x-api-key': 'configured-key-0123456789',
    });
    await protect.fetch(`${own.origin}/.well-known/x`, {
      headers: { 'x-api-key': 'configured-key-0123456789' },
    });
    expect(own.requests[0]?.headers['x-api-key']).toBe('configured-key-0123456789');
    const other = await target();
    const opened = guard('https://mcp.example.com/mcp', resolver({}), true, {
      'x-api-key': 'configured-key-0123456789',
    });
    await opened.fetch(`${other.origin}/a`, { headers: { 'x-api-key': 'the-callers-own' } });
    expect(other.requests[0]?.headers['x-api-key']).toBe('the-callers-own');
  });

  it('sends a Request as given and keeps a redirect refused when the caller refuses redirects', async () => {
    const other = await target((url) =>
      url === '/moved' ? { status: 302, headers: { location: 'http://169.254.169.254/' } } : { status: 200 },
    );
    const opened = guard('https://mcp.example.com/mcp', resolver({}), true);
    await opened.fetch(
      new Request(`${other.origin}/token`, { method: 'POST', body: 'grant_type=x', headers: { 'x-a': '1' } }),
    );
    expect(other.requests[0]?.headers['content-length']).toBe('12');
    expect(other.requests[0]?.headers['x-a']).toBe('1');
    await opened.fetch(new Request(`${other.origin}/get`));
    await expect(opened.fetch(`${other.origin}/moved`, { redirect: 'error' })).rejects.toThrow();
    expect(other.requests.map((request) => request.url)).toEqual(['/token', '/get', '/moved']);
  });

  it('hands a looked-up host the caller request with its signal: an aborted one ends in an AbortError, not a connection', async () => {
    // Whatever connects here is cut off at once: a request sent without the signal fails with a reset.
    const listener = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const port = (listener.address() as AddressInfo).port;
      const protect = guard('http://127.0.0.1:3000/mcp', resolver({ 'as.example.com': ['127.0.0.1'] }));
      const sent = protect.fetch(`https://as.example.com:${port}/token`, {
        method: 'POST',
        body: 'grant_type=x',
        signal: AbortSignal.abort(),
      });
      await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });

  it('remembers only refusals, not a failed lookup, and refuses with its own code', async () => {
    const protect = guard('https://mcp.example.com/mcp', resolver({}));
    await expect(protect.fetch('https://nowhere.example/')).rejects.toThrow(/ENOTFOUND/);
    expect(protect.takeRefusal()).toBeUndefined();
    await protect.fetch('https://10.0.0.1/').catch(() => undefined);
    expect(protect.takeRefusal()).toMatchObject({ code: 'discovery_refused' });
  });

  it('checks every fetched place discovery found, naming each key, and a URL that does not parse', async () => {
    const protect = guard('https://mcp.example.com/mcp', resolver({}));
    const closed = 'https://169.254.169.254/x';
    expect(await refusal(protect.checkDiscovery({ authorizationServerUrl: closed }))).toMatch(
      /^MCP server "hosted": the OAuth authorization server https:\/\/169\.254\.169\.254\/x is refused: it is a metadata address/,
    );
    const metadata = {
      issuer: 'https://93.184.216.34/',
      authorization_endpoint: 'https://93.184.216.34/authorize',
      token_endpoint: 'https://93.184.216.34/token',
      response_types_supported: ['code'],
    };
    for (const key of ['jwks_uri', 'revocation_endpoint', 'token_endpoint']) {
      expect(
        await refusal(
          protect.checkDiscovery({
            authorizationServerUrl: 'https://93.184.216.34/',
            authorizationServerMetadata: { ...metadata, [key]: closed },
          }),
        ),
      ).toMatch(
        new RegExp(
          `the OAuth authorization server metadata's "${key}" https://169\\.254\\.169\\.254/x is refused`,
        ),
      );
    }
    expect(
      await refusal(
        protect.checkDiscovery({
          authorizationServerUrl: 'https://93.184.216.34/',
          authorizationServerMetadata: { ...metadata, authorization_endpoint: 'not a url' },
        }),
      ),
    ).toBe(
      `MCP server "hosted": the OAuth authorization server metadata's "authorization_endpoint" is not a valid URL`,
    );
  });
});
