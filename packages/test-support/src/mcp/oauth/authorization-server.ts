/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors } from 'oidc-provider';

/** The scopes the test authorization server knows. */
export const MCP_SCOPES = ['mcp:read', 'mcp:write'] as const;

/** A running oidc-provider on 127.0.0.1. */
export interface AuthorizationServer {
  readonly issuer: string;
  readonly provider: Provider;
  /** Every token request's grant type and client authentication method, in order. */
  readonly tokenRequests: Array<{ grant: string; clientAuth: string | undefined }>;
  /** Every request path the server saw. */
  readonly requests: string[];
  /** How many clients registered themselves. */
  registrations: number;
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** The MCP server's resource identifier: tokens are only issued for it. */
  readonly resource: () => string;
  /** Pre-registered clients (oidc-provider client metadata). */
  readonly clients?: Array<Record<string, unknown>>;
  /** Lifetime of access tokens in seconds; default 600. */
  readonly accessTokenTtl?: number;
  /**
   * Every refresh hands out a new refresh token and consumes the old one; using a consumed one
   * again revokes the whole grant (refresh-token reuse detection). Default: oidc-provider's
   * choice, which rotates for public clients.
   */
  readonly rotateRefreshTokens?: boolean;
}

/**
 * oidc-provider (a certified OpenID Provider implementation) with dynamic registration,
 * client credentials, resource indicators (RFC 8707, tokens bound to the MCP server), PKCE,
 * refresh tokens and its development login and consent pages.
 */
export async function startAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<AuthorizationServer> {
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const ttl = options.accessTokenTtl ?? 600;
  const provider = new Provider(issuer, {
    clients: options.clients ?? [],
    scopes: ['openid', 'offline_access', ...MCP_SCOPES],
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    enabledJWA: { clientAuthSigningAlgValues: ['RS256', 'ES256'] },
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource(),
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== options.resource()) throw new errors.InvalidTarget('unknown resource');
          return {
            scope: MCP_SCOPES.join(' '),
            audience: indicator,
            accessTokenFormat: 'opaque',
            accessTokenTTL: ttl,
          };
        },
      },
    },
    pkce: { required: () => true },
    issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(grant: string): boolean }) =>
      client.grantTypeAllowed('refresh_token'),
    ...(options.rotateRefreshTokens === undefined
      ? {}
      : { rotateRefreshToken: () => options.rotateRefreshTokens }),
    ttl: { AccessToken: ttl, ClientCredentials: ttl, Interaction: 600, Session: 600, Grant: 600 },
  });
  const server: AuthorizationServer = {
    issuer,
    provider,
    tokenRequests: [],
    requests: [],
    registrations: 0,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  provider.on(
    'grant.success',
    (ctx: { oidc: { params: { grant_type: string }; client: { clientAuthMethod: string } } }) => {
      server.tokenRequests.push({
        grant: ctx.oidc.params.grant_type,
        clientAuth: ctx.oidc.client?.clientAuthMethod,
      });
    },
  );
  provider.on('registration_create.success', () => {
    server.registrations += 1;
  });
  const handle = provider.callback();
  http.on('request', (request, response) => {
    server.requests.push(`${request.method} ${request.url?.split('?')[0]}`);
    handle(request, response);
  });
  return server;
}
