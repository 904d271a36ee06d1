import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SessionArtifactStore } from '@toolwright/artifacts';
import type { McpConnectionChange, McpServerDefinition } from '@toolwright/mcp-client';
import {
  McpConnectionManager,
  type McpConnectionManagerOptions,
  parseMcpServersConfig,
} from '@toolwright/mcp-client';
import {
  loginMcpServer,
  logoutMcpServer,
  type McpOAuthOptions,
  mcpOAuth,
} from '@toolwright/mcp-client/oauth';
import { ToolRegistry } from '@toolwright/registry';
import { makeTempDir, waitFor } from '@toolwright/test-support';
import {
  type AuthorizationServer,
  completeLoginInBrowser,
  type ProtectedMcpServer,
  startAuthorizationServer,
  startProtectedMcpServer,
} from '@toolwright/test-support/mcp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpAdapter } from './mcp-adapter.js';
import type { McpAdapterOptions } from './mcp-adapter-options.js';

let store: string;
let authorization: AuthorizationServer;
let mcp: ProtectedMcpServer;
const managers: McpConnectionManager[] = [];
const changes: McpConnectionChange[] = [];

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const publicJwk = { ...publicKey.export({ format: 'jwk' }), alg: 'RS256', use: 'sig', kid: 'test-key' };

const CLIENTS = [
  {
    client_id: 'cc-basic',
    client_secret: 'basic-secret-0123456789',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_basic',
  },
  {
    client_id: 'cc-post',
    client_secret: 'post-secret-0123456789',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_post',
  },
  {
    client_id: 'cc-jwt',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'private_key_jwt',
    token_endpoint_auth_signing_alg: 'RS256',
    jwks: { keys: [publicJwk] },
  },
];

async function start(
  options: {
    accessTokenTtl?: number;
    writeScopes?: string[];
    advertisedResource?: string;
    anonymousMethods?: string[];
    holdTokenlessStreamRefusal?: boolean;
    rotateRefreshTokens?: boolean;
  } = {},
) {
  let mcpUrl = '';
  authorization = await startAuthorizationServer({
    resource: () => mcpUrl,
    clients: CLIENTS,
    ...(options.accessTokenTtl === undefined ? {} : { accessTokenTtl: options.accessTokenTtl }),
    ...(options.rotateRefreshTokens === undefined
      ? {}
      : { rotateRefreshTokens: options.rotateRefreshTokens }),
  });
  mcp = await startProtectedMcpServer({
    issuer: () => authorization.issuer,
    provider: () => authorization.provider,
    ...(options.writeScopes === undefined ? {} : { writeScopes: options.writeScopes }),
    ...(options.advertisedResource === undefined ? {} : { advertisedResource: options.advertisedResource }),
    ...(options.anonymousMethods === undefined ? {} : { anonymousMethods: options.anonymousMethods }),
    ...(options.holdTokenlessStreamRefusal === undefined
      ? {}
      : { holdTokenlessStreamRefusal: options.holdTokenlessStreamRefusal }),
  });
  mcpUrl = mcp.url;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A manager's options, with the OAuth ones as a host gives them (`mcpOAuth` makes the support). */
type ManagerOptions = Partial<Omit<McpConnectionManagerOptions, 'oauth'>> & {
  readonly oauth?: McpOAuthOptions;
};

function manager(oauth: unknown, options: ManagerOptions = {}) {
  const servers = parseMcpServersConfig({ mcpServers: { hosted: { type: 'http', url: mcp.url, oauth } } });
  const created = new McpConnectionManager(servers, {
    reconnect: { maxAttempts: 0 },
    onConnectionChange: (change) => changes.push(change),
    ...options,
    oauth: mcpOAuth({ storeDirectory: store, ...options.oauth }),
  });
  managers.push(created);
  return created;
}

async function whoami(connections: McpConnectionManager, tool = 'whoami'): Promise<string> {
  const result = await connections
    .get('hosted')
    .request('tools/call', (client, requestOptions) =>
      client.callTool({ name: tool, arguments: {} }, requestOptions),
    );
  return (result.content as Array<{ text: string }>)[0]!.text;
}

/** Every file of the store, with its mode, and the store's JSON as text. */
function storedFiles(): Array<{ path: string; mode: number; text: string }> {
  const files: Array<{ path: string; mode: number; text: string }> = [];
  for (const directory of readdirSync(store)) {
    for (const file of readdirSync(join(store, directory))) {
      const path = join(store, directory, file);
      files.push({ path, mode: statSync(path).mode & 0o7777, text: readFileSync(path, 'utf8') });
    }
  }
  return files;
}

function storedTokens(): { access_token: string; refresh_token?: string } {
  const file = storedFiles().find((entry) => entry.path.endsWith('tokens.json'));
  return JSON.parse(file!.text);
}

/** The `hosted` server's definition, after a login through the browser stored its tokens. */
async function loggedInServer(): Promise<McpServerDefinition> {
  const [definition] = parseMcpServersConfig({
    mcpServers: { hosted: { type: 'http', url: mcp.url, oauth: true } },
  });
  await loginMcpServer(definition!, { oauth: browserLogin() });
  return definition!;
}

/** OAuth options whose login a user at a browser completes. */
function browserLogin() {
  return {
    storeDirectory: store,
    onAuthorizationUrl: ({ url }: { url: URL }) => completeLoginInBrowser(url).then(() => undefined),
  };
}

beforeEach(() => {
  store = makeTempDir('oauth-store');
  changes.length = 0;
});

afterEach(async () => {
  await Promise.all(managers.splice(0).map((each) => each.closeAll()));
  await mcp?.close();
  await authorization?.close();
});

describe('client_credentials', () => {
  it.each([
    ['client_secret_basic', { clientId: 'cc-basic', clientSecret: 'basic-secret-0123456789' }],
    ['client_secret_post', { clientId: 'cc-post', clientSecret: 'post-secret-0123456789' }],
    ['private_key_jwt', { clientId: 'cc-jwt', privateKey: privateKeyPem }],
  ])('gets a token for the resource with %s and calls a tool with it', async (method, credentials) => {
    await start();
    const connections = manager({
      grant: 'client_credentials',
      tokenEndpointAuthMethod: method,
      scopes: ['mcp:read'],
      ...credentials,
    });
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'], failed: [] });
    expect(await whoami(connections)).toBe(`${credentials.clientId} - mcp:read`);
    expect(authorization.tokenRequests).toEqual([{ grant: 'client_credentials', clientAuth: method }]);
    // The token is bound to the MCP server (resource indicator) and kept 0600 in a 0700 directory.
    const [directory] = readdirSync(store);
    expect(statSync(join(store, directory!)).mode & 0o7777).toBe(0o700);
    expect(storedFiles().every((file) => file.mode === 0o600)).toBe(true);
    expect(mcp.authorizations.at(-1)).toBe(`Bearer ${storedTokens().access_token}`);
  });

  it('refuses a wrong secret with the reason and no token in the message', async () => {
    await start();
    const connections = manager({
      grant: 'client_credentials',
      clientId: 'cc-basic',
      clientSecret: 'wrong-secret',
    });
    const result = await connections.connectAll();
    expect(result.failed[0]?.reason).toMatch(/hosted.*invalid_client|hosted.*client authentication/i);
    expect(result.failed[0]?.reason).not.toContain('wrong-secret');
    expect(changes.at(-1)).toMatchObject({ server: 'hosted', state: 'failed' });
  });
});

describe('authorization code with PKCE', () => {
  it('logs in through the host callback and the loopback redirect, then reuses and refreshes the tokens', async () => {
    await start({ accessTokenTtl: 2 });
    const urls: URL[] = [];
    const interactive = manager(
      { scopes: ['offline_access'] },
      {
        oauth: {
          onAuthorizationUrl: async ({ server, url }) => {
            expect(server).toBe('hosted');
            urls.push(url);
            await completeLoginInBrowser(url);
          },
        },
      },
    );
    const connected = await interactive.connectAll();
    expect(connected.failed.map((failure) => failure.reason)).toEqual([]);
    expect(await whoami(interactive)).toMatch(/ alice mcp:read/);
    expect(urls).toHaveLength(1);
    const sent = urls[0]!;
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('resource')).toBe(mcp.url);
    // The authorization server offers offline_access: it is asked for, so the login yields a
    // refresh token (spec 2026-07-28); the configured scope comes first.
    expect(sent.searchParams.get('scope')).toBe('mcp:read offline_access');
    expect(sent.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/callback$/);
    expect(authorization.registrations).toBe(1);
    const first = storedTokens();
    expect(first.refresh_token).toEqual(expect.any(String));
    await interactive.closeAll();

    // A later non-interactive run: the stored access token has expired, the refresh token gets a new one.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const later = manager({ scopes: ['offline_access'] });
    expect(await later.connectAll()).toMatchObject({ connected: ['hosted'] });
    expect(await whoami(later)).toMatch(/ alice /);
    expect(storedTokens().access_token).not.toBe(first.access_token);
    expect(authorization.tokenRequests.map((request) => request.grant)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(authorization.registrations).toBe(1);

    // No token ever shows up in a state change or a message.
    const secrets = [first.access_token, first.refresh_token!, storedTokens().access_token];
    const reported = JSON.stringify(changes);
    for (const secret of secrets) expect(reported).not.toContain(secret);
  });

  it('is needs_auth without tokens in a non-interactive run, naming the login command, and registers nothing', async () => {
    await start();
    const connections = manager(true);
    const result = await connections.connectAll();
    expect(result.failed[0]?.error.code).toBe('needs_auth');
    expect(result.failed[0]?.reason).toContain('toolwright-agent mcp login hosted');
    expect(changes.at(-1)).toMatchObject({ server: 'hosted', state: 'needs_auth' });
    expect(authorization.registrations).toBe(0);
    expect(authorization.requests.some((line) => line.startsWith('GET /auth'))).toBe(false);
  });

  it('steps up to the scope a 403 insufficient_scope names, within the retry limit', async () => {
    // A pre-registered public client allowed both scopes (a dynamically registered one is
    // limited to the scope it registered with), redirected to a fixed loopback port.
    const port = await freePort();
    CLIENTS.push({
      client_id: 'public-app',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: [`http://127.0.0.1:${port}/oauth/callback`],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    } as never);
    await start({ writeScopes: ['mcp:write'] });
    CLIENTS.pop();
    const scopes: string[] = [];
    const connections = manager(
      { clientId: 'public-app', redirectPort: port },
      {
        oauth: {
          onAuthorizationUrl: async ({ url }) => {
            scopes.push(url.searchParams.get('scope') ?? '');
            await completeLoginInBrowser(url);
          },
        },
      },
    );
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'] });
    expect(await whoami(connections, 'write')).toBe('written');
    expect(scopes).toEqual(['mcp:read offline_access', 'mcp:read mcp:write offline_access']);
  });

  it('refuses a server whose metadata names another resource, before any authorization', async () => {
    await start({ advertisedResource: 'https://elsewhere.example/mcp' });
    let asked = false;
    const connections = manager(true, {
      oauth: {
        onAuthorizationUrl: () => {
          asked = true;
        },
      },
    });
    const result = await connections.connectAll();
    expect(result.failed[0]?.reason).toMatch(/elsewhere\.example/);
    expect(asked).toBe(false);
    expect(authorization.registrations).toBe(0);
  });
});

describe('login and logout', () => {
  it('logs in once for later non-interactive runs, and logs out', async () => {
    await start();
    const definition = await loggedInServer();
    const later = manager(true);
    expect(await later.connectAll()).toMatchObject({ connected: ['hosted'] });
    expect(await whoami(later)).toMatch(/ alice /);
    await later.closeAll();

    expect(logoutMcpServer(definition, { oauth: { storeDirectory: store } })).toBe(true);
    expect(storedFiles()).toEqual([]);
    const after = manager(true);
    expect((await after.connectAll()).failed[0]?.error.code).toBe('needs_auth');
    expect(changes.at(-1)).toMatchObject({ state: 'needs_auth' });
  });

  it('refuses a token file others could read, without quoting it', async () => {
    await start();
    await loggedInServer();
    const tokens = storedFiles().find((file) => file.path.endsWith('tokens.json'))!;
    chmodSync(tokens.path, 0o644);
    const result = await manager(true).connectAll();
    expect(result.failed[0]?.reason).toMatch(/tokens\.json.*mode is 0644/);
    expect(result.failed[0]?.reason).not.toContain(storedTokens().access_token);
  });
});

/**
 * An adapter over `servers` with its own artifact store and no reconnect attempts (a refusal
 * must show as it is, not be retried away), and the OAuth options of the test.
 */
function adapterFor(
  registry: ToolRegistry,
  servers: McpServerDefinition[],
  options: Pick<McpAdapterOptions, 'oauth' | 'onDiagnostic'>,
): McpAdapter {
  return new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: makeTempDir('oauth-artifacts'),
      namespace: 'mcp',
      sessionId: 'oauth',
    }),
    servers,
    reconnect: { maxAttempts: 0 },
    ...options,
  });
}

describe('through McpAdapter', () => {
  it.each([
    ['as they arrive', false],
    ['and the event stream meets its 401 only after the login finished', true],
  ])(
    'logs in once when the listings that follow an anonymous initialize all meet the 401, %s',
    async (_, hold) => {
      await start({ anonymousMethods: ['initialize', 'notifications'], holdTokenlessStreamRefusal: hold });
      const urls: URL[] = [];
      const diagnostics: unknown[] = [];
      const adapter = adapterFor(
        new ToolRegistry(),
        parseMcpServersConfig({ mcpServers: { hosted: { type: 'http', url: mcp.url, oauth: true } } }),
        {
          oauth: {
            storeDirectory: store,
            onAuthorizationUrl: async ({ url }) => {
              urls.push(url);
              await completeLoginInBrowser(url);
            },
          },
          onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
        },
      );
      try {
        expect((await adapter.connect()).failed).toEqual([]);
        expect(urls).toHaveLength(1);
        if (hold) {
          // The event stream's refusal arrived after the login: it is sent again with the new
          // token, not answered with an authorization of its own (a refresh here; a second login
          // URL where the server gives no refresh token).
          await waitFor(() => mcp.servedEventStreams.length > 0);
          expect(mcp.servedEventStreams).toEqual([`Bearer ${storedTokens().access_token}`]);
          expect(authorization.tokenRequests.map((request) => request.grant)).toEqual(['authorization_code']);
        }
        const catalog = adapter.catalog('hosted');
        expect([catalog.tools.length, catalog.resources.length, catalog.prompts.length]).toEqual([2, 1, 1]);
        const tokens = storedTokens();
        const seen = JSON.stringify([adapter.drainEvents(), diagnostics, adapter.servers()]);
        expect(seen).not.toContain(tokens.access_token);
      } finally {
        await adapter.close();
      }
    },
  );
});

describe('a token that can no longer be renewed', () => {
  it('makes a connected server needs_auth and drops its tools, until a login and a reconnect', async () => {
    await start({ accessTokenTtl: 2 });
    const definition = await loggedInServer();
    const registry = new ToolRegistry();
    const adapter = adapterFor(registry, [definition], { oauth: { storeDirectory: store } });
    try {
      expect((await adapter.connect()).failed).toEqual([]);
      expect(registry.get('mcp__hosted__whoami')).toBeDefined();
      // The authorization server forgets the refresh token; the access token runs out.
      await (await authorization.provider.RefreshToken.find(storedTokens().refresh_token!))!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const result = await adapter.callTool(
        'mcp__hosted__whoami',
        {},
        {
          signal: new AbortController().signal,
          sessionId: 's',
          workspaceRoot: process.cwd(),
        },
      );
      expect(result.error?.message).toContain('toolwright-agent mcp login hosted');
      expect(adapter.drainEvents().connectionChanges.items.at(-1)).toMatchObject({
        server: 'hosted',
        state: 'needs_auth',
      });
      expect(adapter.servers()[0]).toMatchObject({ phase: 'needs_auth' });
      await adapter.settled();
      expect(registry.get('mcp__hosted__whoami')).toBeUndefined();

      await loginMcpServer(definition, { oauth: browserLogin() });
      expect(await adapter.reconnect('hosted')).toMatchObject({ outcome: 'recovered' });
      expect(registry.get('mcp__hosted__whoami')).toBeDefined();
    } finally {
      await adapter.close();
    }
  });
});

describe('renewing the access token', () => {
  it('refreshes once for calls side by side that all meet the 401 of a revoked token, under refresh-token rotation', async () => {
    await start({ rotateRefreshTokens: true });
    await loggedInServer();
    const connections = manager(true);
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'] });
    const old = storedTokens();
    mcp.revoke(old.access_token);

    // A second refresh with the rotated refresh token would make the server revoke the grant.
    const answers = await Promise.all(Array.from({ length: 5 }, () => whoami(connections)));
    expect(answers).toEqual(Array.from({ length: 5 }, () => expect.stringMatching(/ alice /)));
    expect(authorization.tokenRequests.map((request) => request.grant)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(storedTokens().refresh_token).not.toBe(old.refresh_token);
  });

  it('fails every call awaiting a refresh that failed with the same error, after one token request', async () => {
    await start({ rotateRefreshTokens: true });
    await loggedInServer();
    const connections = manager(true);
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'] });
    const old = storedTokens();
    mcp.revoke(old.access_token);
    await (await authorization.provider.RefreshToken.find(old.refresh_token!))!.destroy();
    const tokenRequestsBefore = authorization.requests.filter((request) => request === 'POST /token').length;

    const results = await Promise.allSettled(Array.from({ length: 4 }, () => whoami(connections)));
    const messages = results.map((result) =>
      result.status === 'rejected' ? String((result.reason as Error).message) : 'fulfilled',
    );
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toContain('toolwright-agent mcp login hosted');
    const tokenRequests = authorization.requests.filter((request) => request === 'POST /token').length;
    expect(tokenRequests - tokenRequestsBefore).toBe(1);
  });

  it('refreshes a token within a minute of its expiry before using it: the server never sees it again', async () => {
    await start();
    await loggedInServer();
    const old = storedTokens();
    // Ten minutes left at the authorization server; the stored expiry says thirty seconds.
    const file = storedFiles().find((entry) => entry.path.endsWith('tokens.json'))!;
    writeFileSync(file.path, JSON.stringify({ ...old, expires_at: Date.now() + 30_000 }));
    mcp.authorizations.length = 0;

    const connections = manager(true);
    expect(await connections.connectAll()).toMatchObject({ connected: ['hosted'] });
    expect(await whoami(connections)).toMatch(/ alice /);
    expect(authorization.tokenRequests.map((request) => request.grant)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(mcp.authorizations.length).toBeGreaterThan(0);
    expect(mcp.authorizations).not.toContain(`Bearer ${old.access_token}`);
    expect(mcp.authorizations).toContain(`Bearer ${storedTokens().access_token}`);
  });
});
