import type { JSONRPCMessage, StreamableHTTPClientTransportOptions } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { HTTPS_RULE, insecureSchemeProblem } from './address-class.js';
import { DiscoveryGuard, type LookupAll } from './discovery-guard.js';
import { LoopbackRedirectReceiver } from './loopback-redirect.js';
import type { OAuthServerConfig } from './oauth-config.js';
import { ConfiguredOAuthProvider } from './oauth-provider.js';
import type { ResolvedOAuthRuntime } from './oauth-runtime.js';
import { serverStoreName } from './oauth-store.js';
import { rememberClientSecret, rememberNamedSecrets, rememberSecret } from './secret-redaction.js';
import { ServerCredentials } from './server-credentials.js';
import { replayingStaleRefusals } from './stale-refusal-replay.js';

/**
 * Authorizations one request may go through (a login, then step-ups to more scopes) before it
 * fails: a server that keeps asking for scopes it never accepts must not loop.
 */
export const MAX_AUTHORIZATIONS_PER_REQUEST = 3;

type SendOptions = Parameters<StreamableHTTPClientTransport['send']>[1];

/**
 * The SDK's Streamable HTTP transport with the SDK's OAuth (`authProvider`), plus the one step
 * an interactive run needs: when the SDK stopped at the redirect and the login that followed
 * saved new tokens (see `ConfiguredOAuthProvider.redirectToAuthorization`), the request is sent
 * again — at most {@link MAX_AUTHORIZATIONS_PER_REQUEST} times per request.
 */
class OAuthStreamableHttpTransport extends StreamableHTTPClientTransport {
  readonly #provider: ConfiguredOAuthProvider;
  readonly #receiver: LoopbackRedirectReceiver | undefined;
  /** Sends made while there is no token yet, one after another (see {@link send}). */
  #tokenless: Promise<unknown> = Promise.resolve();

  constructor(
    url: URL,
    options: StreamableHTTPClientTransportOptions,
    provider: ConfiguredOAuthProvider,
    receiver: LoopbackRedirectReceiver | undefined,
  ) {
    super(url, { ...options, authProvider: provider });
    this.#provider = provider;
    this.#receiver = receiver;
  }

  /**
   * Until a token exists, requests go one at a time: requests sent side by side (a catalog's
   * listings) would each meet the 401 and each start a login of their own. The first one logs
   * in; the others then carry its token.
   */
  override send(message: JSONRPCMessage | JSONRPCMessage[], options?: SendOptions): Promise<void> {
    if (this.#provider.tokens() !== undefined) return this.#sendAuthorizing(message, options);
    const sent = this.#tokenless.then(() => this.#sendAuthorizing(message, options));
    this.#tokenless = sent.catch(() => undefined);
    return sent;
  }

  /**
   * The SDK stops at the redirect with `UnauthorizedError`; when the interactive login that
   * followed saved new tokens, the request is sent again.
   */
  async #sendAuthorizing(message: JSONRPCMessage | JSONRPCMessage[], options?: SendOptions): Promise<void> {
    for (let authorizations = 1; ; authorizations++) {
      const before = this.#provider.tokens()?.access_token;
      try {
        return await super.send(message, options);
      } catch (error) {
        const renewed = this.#provider.tokens()?.access_token;
        if (!(error instanceof UnauthorizedError) || renewed === undefined || renewed === before) throw error;
        if (authorizations >= MAX_AUTHORIZATIONS_PER_REQUEST) {
          throw new Error(
            `the server still refused the request after ${MAX_AUTHORIZATIONS_PER_REQUEST} authorizations; giving up`,
          );
        }
        // A fresh token the server still refuses may come from an authorization server it no
        // longer trusts (its metadata now names another): the next authorization discovers anew,
        // and registers with the new server if it is one (SEP-2352).
        await this.#provider.invalidateCredentials('discovery');
      }
    }
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      await this.#receiver?.close();
    }
  }
}

/** What an OAuth transport is made for. */
export interface OAuthTransportRequest {
  readonly server: string;
  readonly url: URL;
  readonly oauth: OAuthServerConfig;
  readonly headers: Readonly<Record<string, string>>;
  readonly runtime: ResolvedOAuthRuntime;
  /** How the discovery guard resolves host names (tests); default `dns.lookup`. */
  readonly lookup?: LookupAll;
}

/** The secrets of the config, remembered so that no message the adapter produces can show them. */
function rememberConfiguredSecrets(
  oauth: OAuthServerConfig,
  headers: Readonly<Record<string, string>>,
): void {
  rememberClientSecret(oauth.clientId, oauth.clientSecret);
  rememberSecret(oauth.privateKey);
  const provider = oauth.identityProvider;
  if (provider !== undefined) {
    rememberClientSecret(provider.clientId, provider.clientSecret);
    rememberSecret(provider.idToken);
  }
  rememberNamedSecrets(headers);
}

/**
 * A Streamable HTTP transport that authorizes with the server's OAuth config. In an
 * interactive run of the authorization code flow, a loopback receiver is started first (its
 * port is part of the redirect URI) and closed with the transport.
 */
export async function createOAuthTransport(
  request: OAuthTransportRequest,
): Promise<StreamableHTTPClientTransport> {
  const { server, url, oauth, runtime } = request;
  // A definition built by hand skipped the config's check: nothing is sent before it holds.
  const cleartext = insecureSchemeProblem(url);
  if (cleartext !== undefined) {
    throw new McpClientError(
      McpClientErrorCode.ConfigInvalid,
      `MCP server "${server}": "url" must be https: when "oauth" is set, but ${cleartext}; ${HTTPS_RULE}`,
      { server },
    );
  }
  rememberConfiguredSecrets(oauth, request.headers);
  const guard = new DiscoveryGuard({
    server,
    serverUrl: url,
    allowPrivate: oauth.allowPrivateDiscovery,
    configuredUrls: [
      ...(oauth.authorizationServer === undefined ? [] : [oauth.authorizationServer]),
      ...(oauth.identityProvider === undefined ? [] : [oauth.identityProvider.tokenEndpoint.href]),
    ],
    headers: request.headers,
    ...(request.lookup === undefined ? {} : { lookup: request.lookup }),
  });
  const interactive = runtime.onAuthorizationUrl !== undefined && oauth.grant === 'authorization_code';
  const receiver = interactive ? await LoopbackRedirectReceiver.start(oauth.redirectPort) : undefined;
  const credentials = new ServerCredentials(runtime.credentialStore, serverStoreName(server, url));
  const provider = new ConfiguredOAuthProvider(server, url, oauth, runtime, credentials, receiver, guard);
  try {
    await provider.loadTokens();
  } catch (error) {
    await receiver?.close();
    throw error;
  }
  // Sees each answer before the SDK acts on it: a 403 insufficient_scope starts a step-up.
  const observingFetch: typeof fetch = async (input, init) => {
    const response = await guard.fetch(input, init);
    if (response.status === 403) {
      const challenge = response.headers.get('www-authenticate') ?? '';
      if (/error="?insufficient_scope/.test(challenge)) {
        provider.noteInsufficientScope(/scope="([^"]*)"/.exec(challenge)?.[1]);
      }
    }
    return response;
  };
  return new OAuthStreamableHttpTransport(
    url,
    {
      requestInit: { headers: { ...request.headers } },
      fetch: replayingStaleRefusals(observingFetch, url, provider),
    },
    provider,
    receiver,
  );
}
