// biome-ignore-all lint/suspicious/noTemplateCurlyInString: configuration text whose ${…} references the parser expands.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { McpConnectionChange } from '@toolwright/mcp-client';
import {
  McpConnectionManager,
  type McpConnectionManagerOptions,
  parseMcpServersConfig,
} from '@toolwright/mcp-client';
import { type McpOAuthOptions, mcpOAuth } from '@toolwright/mcp-client/oauth';
import { stdioSupport } from '@toolwright/mcp-client/stdio';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir } from '@toolwright/test-support';
import {
  type AuthorizationServer,
  type ProtectedMcpServer,
  type ProtectedMcpServerOptions,
  startAuthorizationServer,
  startProtectedMcpServer,
} from '@toolwright/test-support/mcp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';

let store: string;
let authorization: AuthorizationServer | undefined;
let mcp: ProtectedMcpServer | undefined;
const closers: Array<() => Promise<void>> = [];
const changes: McpConnectionChange[] = [];

const CLIENTS = [
  {
    client_id: 'ci-bot',
    client_secret: 'ci-secret-0123456789',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
  },
];

async function start(options: Partial<ProtectedMcpServerOptions> = {}): Promise<ProtectedMcpServer> {
  let mcpUrl = '';
  const as = await startAuthorizationServer({ resource: () => mcpUrl, clients: CLIENTS });
  authorization = as;
  const server = await startProtectedMcpServer({
    issuer: () => as.issuer,
    provider: () => as.provider,
    ...options,
  });
  mcp = server;
  mcpUrl = server.url;
  return server;
}

/** A loopback server answering OAuth authorization server metadata (and counting every request). */
async function startMetadataServer(metadata: (origin: string) => Record<string, unknown>) {
  const requests: string[] = [];
  const http: Server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url?.startsWith('/.well-known/oauth-authorization-server')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata(origin)));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  closers.push(
    () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
  return { origin, requests };
}

/** A manager's options, with the OAuth ones as a host gives them (`mcpOAuth` makes the support). */
type ManagerOptions = Partial<Omit<McpConnectionManagerOptions, 'oauth'>> & {
  readonly oauth?: McpOAuthOptions;
};

function manager(url: string, oauth: unknown, options: ManagerOptions = {}, env = {}) {
  const servers = parseMcpServersConfig({ mcpServers: { hosted: { type: 'http', url, oauth } } }, { env });
  const created = new McpConnectionManager(servers, {
    reconnect: { maxAttempts: 0 },
    onConnectionChange: (change) => changes.push(change),
    ...options,
    oauth: mcpOAuth({ storeDirectory: store, ...options.oauth }),
  });
  closers.push(() => created.closeAll());
  return created;
}

function storedAccessToken(): string {
  for (const directory of readdirSync(store)) {
    const file = join(store, directory, 'tokens.json');
    try {
      return (JSON.parse(readFileSync(file, 'utf8')) as { access_token: string }).access_token;
    } catch {}
  }
  throw new Error('no tokens stored');
}

beforeEach(() => {
  store = makeTempDir('oauth-hardening');
  changes.length = 0;
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await mcp?.close();
  await authorization?.close();
  mcp = undefined;
  authorization = undefined;
});

describe('discovery goes nowhere it should not', () => {
  it.each([
    ['the cloud metadata service', 'https://169.254.169.254/latest/meta-data/', /metadata address/],
    ['a private address', 'https://10.0.0.1/', /private address/],
    ['carrier-grade NAT', 'https://100.64.0.7/', /private address/],
    ['an IPv6 unique-local address', 'https://[fd12::1]/', /private address/],
    ['a link-local address', 'https://[fe80::1]/', /link-local address/],
    ['the metadata service by name', 'https://metadata.google.internal/', /metadata address/],
    ['0.0.0.0', 'https://0.0.0.0/', /unspecified address/],
    [
      'plain http: on a non-loopback host',
      'http://as.example.test/',
      /plain http: on the non-loopback host as\.example\.test/,
    ],
  ])('refuses an authorization server at %s named by the resource metadata', async (_what, named, why) => {
    const server = await start({ authorizationServers: () => [named] });
    const result = await manager(server.url, true).connectAll();
    const reason = result.failed[0]?.reason ?? '';
    expect(reason).toContain('MCP server "hosted": the OAuth request to');
    expect(reason).toContain(new URL(named).origin);
    expect(reason).toMatch(why);
    expect(reason).toContain('Nothing was sent to it');
    expect(authorization?.requests).toEqual([]);
  });

  it('refuses a resource_metadata URL in the challenge that points at the metadata service, although the SDK falls back', async () => {
    const server = await start({ resourceMetadataUrl: 'https://169.254.169.254/latest/meta-data/iam/' });
    const result = await manager(server.url, true).connectAll();
    expect(result.failed[0]?.reason).toMatch(
      /the OAuth request to https:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/ is refused: it is a metadata address/,
    );
    expect(authorization?.registrations).toBe(0);
  });

  it('refuses a token or registration endpoint elsewhere before registering, naming the metadata key', async () => {
    const server = await start();
    const metadata = await startMetadataServer((origin) => ({
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: 'http://10.0.0.1/token',
      registration_endpoint: `${origin}/register`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    }));
    await server.close();
    const attacked = await start({ authorizationServers: () => [metadata.origin] });
    const result = await manager(attacked.url, true).connectAll();
    expect(result.failed[0]?.reason).toContain(
      `the OAuth authorization server metadata's "token_endpoint" http://10.0.0.1/token is refused: it is plain http: on the non-loopback host 10.0.0.1`,
    );
    expect(metadata.requests.filter((line) => !line.startsWith('GET /.well-known/'))).toEqual([]);
  });
});

describe('a stored discovery', () => {
  it('is checked again before use: a tampered token endpoint is dropped and discovery runs again', async () => {
    const server = await start();
    const oauth = { grant: 'client_credentials', clientId: 'ci-bot', clientSecret: 'ci-secret-0123456789' };
    expect(await manager(server.url, oauth).connectAll()).toMatchObject({ connected: ['hosted'] });
    const [directory] = readdirSync(store);
    const file = join(store, directory!, 'discovery.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.authorizationServerMetadata.token_endpoint = 'http://10.0.0.1/token';
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
    rmSync(join(store, directory!, 'tokens.json'));
    expect(await manager(server.url, oauth).connectAll()).toMatchObject({
      connected: ['hosted'],
      failed: [],
    });
    expect(authorization?.tokenRequests).toHaveLength(2);
    expect(JSON.parse(readFileSync(file, 'utf8')).authorizationServerMetadata.token_endpoint).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/token$/,
    );
  });
});

describe('an authorization URL is shown only when it is https: (or http: on loopback)', () => {
  it.each([
    [
      'file:///etc/passwd',
      /"authorization_endpoint" "file:\/\/\/etc\/passwd" is refused and was not shown or opened: it uses file:/,
    ],
    [
      'http://login.example.test/authorize',
      /"authorization_endpoint" http:\/\/login\.example\.test\/authorize is refused and was not shown or opened: it is plain http:/,
    ],
    ['javascript:alert(document.cookie)', /authorization_endpoint[\s\S]*javascript:/],
    ['data:text/html,<script>alert(1)</script>', /authorization_endpoint[\s\S]*data:/],
  ])('refuses %s without calling onAuthorizationUrl or registering', async (endpoint, message) => {
    const metadata = await startMetadataServer((origin) => ({
      issuer: origin,
      authorization_endpoint: endpoint,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    }));
    const server = await start({ authorizationServers: () => [metadata.origin] });
    const shown: URL[] = [];
    const result = await manager(server.url, true, {
      oauth: { onAuthorizationUrl: ({ url }) => void shown.push(url) },
    }).connectAll();
    expect(result.failed[0]?.reason).toMatch(message);
    expect(shown).toEqual([]);
    expect(metadata.requests.filter((line) => !line.startsWith('GET /.well-known/'))).toEqual([]);
  });
});

describe('cleartext', () => {
  it('refuses a hand-built definition of a non-loopback http: server with oauth before any request', async () => {
    const [parsed] = parseMcpServersConfig({
      mcpServers: { hosted: { type: 'http', url: 'https://mcp.example.test/mcp', oauth: true } },
    });
    const definition = { ...parsed!, url: new URL('http://10.0.0.1:8080/mcp') };
    const connections = new McpConnectionManager([definition], {
      reconnect: { maxAttempts: 0 },
      oauth: mcpOAuth({ storeDirectory: store }),
    });
    closers.push(() => connections.closeAll());
    const result = await connections.connectAll();
    expect(result.failed[0]?.reason).toContain(
      '"url" must be https: when "oauth" is set, but it is plain http: on the non-loopback host 10.0.0.1',
    );
    expect(readdirSync(store)).toEqual([]);
  });
});

describe('variables in oauth', () => {
  it('sends the client secret from ${CI_SECRET}, not the literal text', async () => {
    const server = await start();
    const connections = manager(
      server.url,
      { grant: 'client_credentials', clientId: '${CI_ID}', clientSecret: '${CI_SECRET}' },
      {},
      { CI_ID: 'ci-bot', CI_SECRET: 'ci-secret-0123456789' },
    );
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'], failed: [] });
    expect(authorization?.tokenRequests).toEqual([
      { grant: 'client_credentials', clientAuth: 'client_secret_basic' },
    ]);
  });
});

describe('a server that echoes its bearer token', () => {
  async function adapterFor(url: string) {
    const artifactsRoot = makeTempDir('oauth-hardening-artifacts');
    const diagnostics: unknown[] = [];
    const adapter = new McpAdapter({
      registry: new ToolRegistry(),
      artifacts: new SessionArtifactStore({ root: artifactsRoot, namespace: 'mcp', sessionId: 'echo' }),
      servers: parseMcpServersConfig(
        {
          mcpServers: {
            hosted: {
              type: 'http',
              url,
              oauth: { grant: 'client_credentials', clientId: 'ci-bot', clientSecret: '${S}' },
            },
          },
        },
        { env: { S: 'ci-secret-0123456789' } },
      ),
      reconnect: { maxAttempts: 0 },
      oauth: { storeDirectory: store },
      onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
    });
    closers.push(async () => {
      await adapter.close();
    });
    return { adapter, diagnostics, artifactsRoot };
  }

  /** Every text a host can see of `error`: message, stack, and its causes'. */
  function textsOf(error: unknown): string {
    const texts: string[] = [];
    for (let current = error; current instanceof Error; current = current.cause) {
      texts.push(current.message, current.stack ?? '');
    }
    return texts.join('\n');
  }

  it('has it redacted from the listing failure, its causes, the events, the status and the diagnostics', async () => {
    const server = await start({
      errorAnswer: (token, method) =>
        method === 'tools/list'
          ? { status: 500, body: `upstream refused ${token} (header was "Authorization: Bearer ${token}")` }
          : undefined,
    });
    const { adapter, diagnostics } = await adapterFor(server.url);
    const result = await adapter.connect();
    const token = storedAccessToken();
    const failure = result.failed[0];
    expect(failure?.reason).toContain('upstream refused [redacted]');
    const seen = [
      failure?.reason,
      JSON.stringify(adapter.drainEvents()),
      JSON.stringify(diagnostics),
      JSON.stringify(adapter.servers()),
    ].join('\n');
    expect(seen).not.toContain(token);
    expect(seen).not.toContain('ci-secret-0123456789');

    // The error of the request itself, and the SDK's errors in its cause chain.
    const connections = manager(server.url, {
      grant: 'client_credentials',
      clientId: 'ci-bot',
      clientSecret: 'ci-secret-0123456789',
    });
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'] });
    const error = await connections
      .get('hosted')
      .request('tools/list', (client, options) => client.listTools(undefined, options))
      .then(
        () => undefined,
        (failed: unknown) => failed,
      );
    expect((error as Error).message).toContain('upstream refused [redacted]');
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(textsOf(error)).not.toContain(storedAccessToken());
  });

  it('has it redacted from a failed tool call', async () => {
    const server = await start({
      errorAnswer: (token, method) =>
        method === 'tools/call' ? { status: 400, body: `bad request from ${token}` } : undefined,
    });
    const { adapter, artifactsRoot } = await adapterFor(server.url);
    expect((await adapter.connect()).failed).toEqual([]);
    const result = await adapter.callTool(
      'mcp__hosted__whoami',
      {},
      { signal: new AbortController().signal, sessionId: 's', workspaceRoot: artifactsRoot },
    );
    const token = storedAccessToken();
    expect(result.error?.message).toContain('bad request from [redacted]');
    expect(JSON.stringify(result)).not.toContain(token);
    expect(JSON.stringify(adapter.drainEvents())).not.toContain(token);
  });

  it('has the credentials of configured headers and a stdio env redacted from what the server echoes', async () => {
    const token = 'ghp_configuredToken0123456789';
    const connections = new McpConnectionManager(
      parseMcpServersConfig(
        {
          mcpServers: {
            local: {
              command: process.execPath,
              args: ['-e', 'console.error("token is " + process.env.GITHUB_TOKEN); process.exit(3)'],
              env: { GITHUB_TOKEN: '${T}' },
            },
          },
        },
        { env: { T: token } },
      ),
      {
        reconnect: { maxAttempts: 0 },
        onConnectionChange: (change) => changes.push(change),
        stdio: stdioSupport,
      },
    );
    closers.push(() => connections.closeAll());
    const result = await connections.connectAll();
    expect(result.failed[0]?.reason).toContain('token is [redacted]');
    expect(
      JSON.stringify([result.failed[0]?.reason, changes, connections.get('local').lastError]),
    ).not.toContain(token);
  });
});
