/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { OidcToken, default as Provider } from 'oidc-provider';
import { readJsonBody } from '../../http-mcp-server.js';

/** A running MCP server that only answers requests with a valid bearer token. */
export interface ProtectedMcpServer {
  /** The MCP endpoint (also the resource identifier). */
  readonly url: string;
  /** Every `Authorization` header value received (to prove what was sent). */
  readonly authorizations: string[];
  /** The `Authorization` header of every event stream (GET) served, not refused. */
  readonly servedEventStreams: string[];
  /** Refuses the access token `value` from now on (its revocation reached the server). */
  revoke(value: string): void;
  close(): Promise<void>;
}

export interface ProtectedMcpServerOptions {
  /** The authorization server (its tokens are looked up in it). */
  readonly issuer: () => string;
  readonly provider: () => Provider;
  /** The scopes `tools/call` of `write` needs (step-up); default none beyond `mcp:read`. */
  readonly writeScopes?: readonly string[];
  /** The resource the protected-resource metadata names; default the server's own URL. */
  readonly advertisedResource?: string;
  /** Serves requests without an `Authorization` header too (a benchmark's unauthenticated peer). */
  readonly allowAnonymous?: boolean;
  /** JSON-RPC methods served without a token (as servers that let `initialize` through do). */
  readonly anonymousMethods?: readonly string[];
  /** The `authorization_servers` of the protected-resource metadata; default `[issuer()]`. */
  readonly authorizationServers?: () => readonly string[];
  /** The `resource_metadata` URL the 401 challenge names; default the server's own metadata. */
  readonly resourceMetadataUrl?: string;
  /**
   * Answers an authorized request with an error instead (a server that echoes what it was sent
   * in its error bodies): given the bearer token and the JSON-RPC method, a status and a body.
   */
  readonly errorAnswer?: (token: string, method: string) => { status: number; body: string } | undefined;
  /**
   * Holds the 401 of a request without a token that is not a JSON-RPC POST (the client's event
   * stream, a GET) until a request with a valid token has been served: the refusal then arrives
   * after the client's login finished, as it does when the network is slow.
   */
  readonly holdTokenlessStreamRefusal?: boolean;
}

function mcpServer(identity: string): McpServer {
  const server = new McpServer({ name: 'protected', version: '1.0.0' });
  server.registerTool('whoami', { description: 'Says who the token belongs to.' }, async () => ({
    content: [{ type: 'text', text: identity }],
  }));
  server.registerTool('write', { description: 'Needs the mcp:write scope.' }, async () => ({
    content: [{ type: 'text', text: 'written' }],
  }));
  server.registerResource('readme', 'file:///readme.txt', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'hello' }],
  }));
  server.registerPrompt('greet', { description: 'Says hello.' }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }],
  }));
  return server;
}

/**
 * The SDK's Streamable HTTP server transport (stateless) behind node:http, with RFC 9728
 * protected-resource metadata. A request without a token, or with one the authorization
 * server does not know, did not issue for this resource, or that expired, is answered 401
 * with `WWW-Authenticate` naming the metadata and the `mcp:read` scope; a `tools/call` of
 * `write` without `writeScopes` is answered 403 `insufficient_scope`.
 */
export async function startProtectedMcpServer(
  options: ProtectedMcpServerOptions,
): Promise<ProtectedMcpServer> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const url = `${origin}/mcp`;
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const authorizations: string[] = [];
  const servedEventStreams: string[] = [];
  let servedAuthorized: () => void = () => {};
  const authorizedOnce = new Promise<void>((resolve) => {
    servedAuthorized = resolve;
  });
  // Tokens already looked up, until they expire: a resource server caches its token checks, and
  // a benchmark must not time oidc-provider's lookup on every call.
  const known = new Map<string, { token: OidcToken; expiresAt: number }>();
  const revoked = new Set<string>();
  const lookUp = async (provider: Provider, value: string): Promise<OidcToken | undefined> => {
    if (revoked.has(value)) return undefined;
    const cached = known.get(value);
    if (cached !== undefined && cached.expiresAt > Date.now()) return cached.token;
    const token = (await provider.AccessToken.find(value)) ?? (await provider.ClientCredentials.find(value));
    if (token !== undefined && !token.isExpired && token.exp !== undefined) {
      known.set(value, { token, expiresAt: token.exp * 1000 });
    }
    return token;
  };
  http.on('request', async (request, response) => {
    try {
      if (request.url === '/.well-known/oauth-protected-resource/mcp') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            resource: options.advertisedResource ?? url,
            authorization_servers: options.authorizationServers?.() ?? [options.issuer()],
            scopes_supported: ['mcp:read', 'mcp:write'],
          }),
        );
        return;
      }
      if (request.url !== '/mcp') {
        response.writeHead(404).end();
        return;
      }
      const body = request.method === 'POST' ? await readJsonBody(request) : undefined;
      const header = request.headers.authorization ?? '';
      authorizations.push(header);
      const value = header.startsWith('Bearer ') ? header.slice(7) : '';
      const provider = options.provider();
      const method = (body as { method?: string } | undefined)?.method ?? '';
      const anonymous =
        value === '' &&
        (options.allowAnonymous === true ||
          (options.anonymousMethods ?? []).some(
            (allowed) => method === allowed || method.startsWith(`${allowed}/`),
          ));
      const token = value === '' ? undefined : await lookUp(provider, value);
      const audience = Array.isArray(token?.aud) ? token?.aud : [token?.aud];
      if (!anonymous && (token === undefined || token.isExpired || !audience.includes(url))) {
        if (options.holdTokenlessStreamRefusal === true && value === '' && request.method === 'GET') {
          await authorizedOnce;
        }
        response
          .writeHead(401, {
            'content-type': 'application/json',
            'www-authenticate': `Bearer error="invalid_token", scope="mcp:read", resource_metadata="${options.resourceMetadataUrl ?? metadataUrl}"`,
          })
          .end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      if (token !== undefined) servedAuthorized();
      if (request.method === 'GET') servedEventStreams.push(header);
      const failure = options.errorAnswer?.(value, method);
      if (failure !== undefined) {
        response.writeHead(failure.status, { 'content-type': 'text/plain' }).end(failure.body);
        return;
      }
      const scopes = new Set((token?.scope ?? '').split(' '));
      const call = body as { method?: string; params?: { name?: string } } | undefined;
      const needed = options.writeScopes ?? [];
      if (
        call?.method === 'tools/call' &&
        call.params?.name === 'write' &&
        !needed.every((s) => scopes.has(s))
      ) {
        response
          .writeHead(403, {
            'content-type': 'application/json',
            'www-authenticate': `Bearer error="insufficient_scope", scope="${['mcp:read', ...needed].join(' ')}", resource_metadata="${metadataUrl}"`,
          })
          .end(JSON.stringify({ error: 'insufficient_scope' }));
        return;
      }
      const transport = new StreamableHTTPServerTransport({});
      const server = mcpServer(
        token === undefined
          ? 'anonymous'
          : `${token.clientId} ${token.accountId ?? '-'} ${token.scope ?? ''}`.trim(),
      );
      await server.connect(transport);
      response.on('close', () => {
        void transport.close();
        void server.close();
      });
      await transport.handleRequest(request, response, body);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    }
  });
  return {
    url,
    authorizations,
    servedEventStreams,
    revoke: (value) => {
      revoked.add(value);
    },
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
