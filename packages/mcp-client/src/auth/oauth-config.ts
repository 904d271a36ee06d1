import { isIPv6 } from 'node:net';
import { closestName } from '@toolwright/utils';
import { type ConfigEnvironment, expandVariables } from '../config-variables.js';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { HTTPS_RULE, insecureSchemeProblem } from './address-class.js';

/** How the client obtains its tokens. */
export type OAuthGrant = 'authorization_code' | 'client_credentials' | 'jwt_bearer';

/** How the client authenticates at the token endpoint (RFC 7591 names). */
export type OAuthTokenEndpointAuthMethod =
  | 'none'
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt';

/**
 * Cross-app access (Enterprise-Managed Authorization, SEP-990): an identity token from the
 * enterprise identity provider is exchanged there (RFC 8693) for an identity assertion grant,
 * which the MCP server's authorization server turns into an access token (RFC 7523 JWT bearer).
 */
export interface OAuthIdentityProviderConfig {
  /** The identity provider's token endpoint, where the token exchange is sent. */
  readonly tokenEndpoint: URL;
  /** This client's id at the identity provider. */
  readonly clientId: string;
  /** This client's secret at the identity provider, if it has one. */
  readonly clientSecret: string | undefined;
  /** The user's ID token from the identity provider (the subject of the exchange). */
  readonly idToken: string;
}

/**
 * The `oauth` object of an HTTP server entry, checked. Everything is optional: `"oauth": {}`
 * (or `true`) means the authorization code flow with PKCE, a client registered dynamically
 * (or by client ID metadata document when `clientMetadataUrl` is given and the server accepts
 * it), and scopes chosen as the MCP specification says (`WWW-Authenticate`, then
 * `scopes_supported`, then `scopes` here).
 */
export interface OAuthServerConfig {
  readonly grant: OAuthGrant;
  /** A pre-registered client id; without it the client registers itself. */
  readonly clientId: string | undefined;
  readonly clientSecret: string | undefined;
  /** Scopes to ask for when neither the server's challenge nor its metadata name any. */
  readonly scopes: readonly string[];
  readonly tokenEndpointAuthMethod: OAuthTokenEndpointAuthMethod | undefined;
  /** A PKCS#8 PEM private key for `private_key_jwt`. */
  readonly privateKey: string | undefined;
  /** The JWS algorithm of `privateKey`; default `RS256`. */
  readonly signingAlgorithm: string;
  /** An HTTPS URL serving this client's metadata document (its client id where accepted). */
  readonly clientMetadataUrl: string | undefined;
  /** The authorization server the configured client credentials belong to (they go nowhere else). */
  readonly authorizationServer: string | undefined;
  /** The client name shown on consent screens; default `toolwright`. */
  readonly clientName: string;
  /** The fixed loopback port for the redirect; default an ephemeral one. */
  readonly redirectPort: number | undefined;
  /** For `grant: "jwt_bearer"`: the identity provider of cross-app access. */
  readonly identityProvider: OAuthIdentityProviderConfig | undefined;
  /**
   * Where discovery may go beyond public addresses and the class of the server's own address:
   * `true` opens loopback and private networks (never link-local or a metadata service), a list
   * opens exactly those host names and IP addresses. Default: neither.
   */
  readonly allowPrivateDiscovery?: true | readonly string[] | undefined;
}

const OAUTH_KEYS = [
  'grant',
  'clientId',
  'clientSecret',
  'scopes',
  'tokenEndpointAuthMethod',
  'privateKey',
  'signingAlgorithm',
  'clientMetadataUrl',
  'authorizationServer',
  'clientName',
  'redirectPort',
  'identityProvider',
  'allowPrivateDiscovery',
] as const;
const IDP_KEYS = ['tokenEndpoint', 'clientId', 'clientSecret', 'idToken'] as const;
const GRANTS: readonly OAuthGrant[] = ['authorization_code', 'client_credentials', 'jwt_bearer'];
const AUTH_METHODS: readonly OAuthTokenEndpointAuthMethod[] = [
  'none',
  'client_secret_basic',
  'client_secret_post',
  'private_key_jwt',
];

/** The server an `oauth` entry belongs to and where its `${VAR}` references are looked up. */
interface Context {
  readonly server: string;
  readonly environment: ConfigEnvironment;
}

function fail(server: string, message: string): never {
  throw new McpClientError(McpClientErrorCode.ConfigInvalid, `MCP server "${server}": ${message}`, {
    server,
  });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  // Never quote a string here: the key may hold a secret.
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKeys(server: string, where: string, entry: Record<string, unknown>, known: readonly string[]) {
  for (const key of Object.keys(entry)) {
    if ((known as readonly string[]).includes(key)) continue;
    const near = closestName(key, known);
    fail(
      server,
      `unknown key "${where}.${key}"${near === undefined ? '' : ` (did you mean "${near}"?)`}; accepted keys are ${[...known].sort().join(', ')}`,
    );
  }
}

/** A string of the entry with its `${VAR}` references expanded (the same rules as `url` and `headers`). */
function optionalString(context: Context, key: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const { server, environment } = context;
  if (typeof value !== 'string' || value === '')
    fail(server, `"${key}" must be a non-empty string, got ${describe(value)}`);
  const expanded = expandVariables(server, key, value, environment);
  if (expanded === '') fail(server, `"${key}" is empty once its variables are expanded`);
  return expanded;
}

function oneOf<T extends string>(
  context: Context,
  key: string,
  value: unknown,
  accepted: readonly T[],
): T | undefined {
  const text = typeof value === 'string' && value !== '' ? optionalString(context, key, value) : value;
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !(accepted as readonly string[]).includes(text)) {
    fail(
      context.server,
      `"${key}" must be one of ${accepted.map((item) => JSON.stringify(item)).join(', ')}, got ${typeof text === 'string' ? JSON.stringify(text.slice(0, 40)) : describe(text)}`,
    );
  }
  return text as T;
}

/** A URL the client sends credentials to: `https:`, or `http:` on a loopback host. */
function url(context: Context, key: string, value: unknown): URL | undefined {
  const text = optionalString(context, key, value);
  if (text === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return fail(context.server, `"${key}" is not a valid URL`);
  }
  const problem = insecureSchemeProblem(parsed);
  if (problem !== undefined) fail(context.server, `"${key}" is refused: ${problem}; ${HTTPS_RULE}`);
  return parsed;
}

function scopes(context: Context, value: unknown): string[] {
  const { server } = context;
  if (value === undefined) return [];
  const expanded =
    typeof value === 'string'
      ? optionalString(context, 'oauth.scopes', value)
      : Array.isArray(value)
        ? value.map((scope, index) =>
            typeof scope === 'string' && scope !== ''
              ? optionalString(context, `oauth.scopes[${index}]`, scope)
              : scope,
          )
        : value;
  const list = typeof expanded === 'string' ? expanded.split(' ').filter((scope) => scope !== '') : expanded;
  if (
    !Array.isArray(list) ||
    list.some((scope) => typeof scope !== 'string' || scope === '' || /\s/.test(scope))
  ) {
    fail(
      server,
      `"oauth.scopes" must be an array of scope names (or one space-separated string), got ${describe(value)}`,
    );
  }
  return list as string[];
}

function identityProvider(context: Context, value: unknown): OAuthIdentityProviderConfig | undefined {
  const { server } = context;
  if (value === undefined) return undefined;
  if (!isRecord(value)) fail(server, `"oauth.identityProvider" must be an object, got ${describe(value)}`);
  checkKeys(server, 'oauth.identityProvider', value, IDP_KEYS);
  const tokenEndpoint = url(context, 'oauth.identityProvider.tokenEndpoint', value.tokenEndpoint);
  const clientId = optionalString(context, 'oauth.identityProvider.clientId', value.clientId);
  const idToken = optionalString(context, 'oauth.identityProvider.idToken', value.idToken);
  if (tokenEndpoint === undefined || clientId === undefined || idToken === undefined) {
    fail(server, '"oauth.identityProvider" needs "tokenEndpoint", "clientId" and "idToken"');
  }
  return {
    tokenEndpoint,
    clientId,
    clientSecret: optionalString(context, 'oauth.identityProvider.clientSecret', value.clientSecret),
    idToken,
  };
}

/** `allowPrivateDiscovery`: `true`, `false`, or host names and IP addresses (no scheme, port or path). */
function allowPrivateDiscovery(context: Context, value: unknown): true | readonly string[] | undefined {
  const { server } = context;
  if (value === undefined || value === false) return undefined;
  if (value === true) return true;
  const accepted =
    '"oauth.allowPrivateDiscovery" must be true, false, or an array of host names and IP addresses (no scheme, port or path)';
  if (!Array.isArray(value)) fail(server, `${accepted}, got ${describe(value)}`);
  return Object.freeze(
    value.map((entry: unknown, index) => {
      const key = `oauth.allowPrivateDiscovery[${index}]`;
      if (typeof entry !== 'string' || entry === '')
        fail(server, `${accepted}; "${key}" is ${describe(entry)}`);
      const host = optionalString(context, key, entry) as string;
      const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
      if (!isIPv6(bare) && !/^[A-Za-z0-9._-]+$/.test(bare)) {
        fail(server, `${accepted}; "${key}" is ${JSON.stringify(host.slice(0, 80))}`);
      }
      return bare.toLowerCase();
    }),
  );
}

/**
 * Checks the `oauth` value of an HTTP server entry: `undefined` or `false` (no OAuth), `true`
 * or an object (see {@link OAuthServerConfig}). Combinations that cannot work are refused
 * here rather than at the first 401: `client_credentials` without a client id, a secret
 * method without a secret, `private_key_jwt` without a key, `jwt_bearer` without an identity
 * provider. Secrets are never quoted in a message.
 *
 * @throws McpClientError `config_invalid` naming the server and the key.
 */
export function parseOAuthConfig(
  server: string,
  value: unknown,
  environment: ConfigEnvironment = process.env,
): OAuthServerConfig | undefined {
  if (value === undefined || value === false) return undefined;
  const context: Context = { server, environment };
  const entry = value === true ? {} : value;
  if (!isRecord(entry)) fail(server, `"oauth" must be true or an object, got ${describe(value)}`);
  checkKeys(server, 'oauth', entry, OAUTH_KEYS);
  const grant = oneOf(context, 'oauth.grant', entry.grant, GRANTS) ?? 'authorization_code';
  const clientId = optionalString(context, 'oauth.clientId', entry.clientId);
  const clientSecret = optionalString(context, 'oauth.clientSecret', entry.clientSecret);
  const privateKey = optionalString(context, 'oauth.privateKey', entry.privateKey);
  const method = oneOf(context, 'oauth.tokenEndpointAuthMethod', entry.tokenEndpointAuthMethod, AUTH_METHODS);
  const redirectPort = entry.redirectPort;
  if (
    redirectPort !== undefined &&
    (typeof redirectPort !== 'number' ||
      !Number.isInteger(redirectPort) ||
      redirectPort < 1 ||
      redirectPort > 65_535)
  ) {
    fail(
      server,
      `"oauth.redirectPort" must be an integer port from 1 to 65535, got ${describe(redirectPort)}`,
    );
  }
  if (grant !== 'authorization_code' && clientId === undefined) {
    fail(server, `"oauth.grant" "${grant}" needs a pre-registered "oauth.clientId"`);
  }
  if (clientSecret !== undefined && clientId === undefined) {
    fail(server, '"oauth.clientSecret" needs "oauth.clientId" (the client it belongs to)');
  }
  if ((method === 'client_secret_basic' || method === 'client_secret_post') && clientSecret === undefined) {
    fail(server, `"oauth.tokenEndpointAuthMethod" "${method}" needs "oauth.clientSecret"`);
  }
  if (method === 'private_key_jwt' && privateKey === undefined) {
    fail(
      server,
      '"oauth.tokenEndpointAuthMethod" "private_key_jwt" needs "oauth.privateKey" (a PKCS#8 PEM key)',
    );
  }
  if (privateKey !== undefined && method !== 'private_key_jwt') {
    fail(server, '"oauth.privateKey" is only used with "tokenEndpointAuthMethod": "private_key_jwt"');
  }
  if (grant === 'client_credentials' && clientSecret === undefined && privateKey === undefined) {
    fail(server, '"oauth.grant" "client_credentials" needs "oauth.clientSecret" or "oauth.privateKey"');
  }
  const provider = identityProvider(context, entry.identityProvider);
  if ((grant === 'jwt_bearer') !== (provider !== undefined)) {
    fail(
      server,
      '"oauth.identityProvider" goes with "grant": "jwt_bearer" (cross-app access), and only with it',
    );
  }
  const metadataUrl = url(context, 'oauth.clientMetadataUrl', entry.clientMetadataUrl);
  if (metadataUrl !== undefined && (metadataUrl.protocol !== 'https:' || metadataUrl.pathname === '/')) {
    fail(
      server,
      '"oauth.clientMetadataUrl" must be an https: URL with a path (a client ID metadata document)',
    );
  }
  return Object.freeze({
    grant,
    clientId,
    clientSecret,
    scopes: Object.freeze(scopes(context, entry.scopes)),
    tokenEndpointAuthMethod: method,
    privateKey,
    signingAlgorithm: optionalString(context, 'oauth.signingAlgorithm', entry.signingAlgorithm) ?? 'RS256',
    clientMetadataUrl: metadataUrl?.href,
    authorizationServer: url(context, 'oauth.authorizationServer', entry.authorizationServer)?.href,
    clientName: optionalString(context, 'oauth.clientName', entry.clientName) ?? 'toolwright',
    redirectPort: redirectPort as number | undefined,
    identityProvider: provider,
    allowPrivateDiscovery: allowPrivateDiscovery(context, entry.allowPrivateDiscovery),
  });
}
