import { createHash, randomBytes } from 'node:crypto';
import type {
  AddClientAuthentication,
  OAuthClientInformationContext,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
  StoredOAuthClientInformation,
} from '@modelcontextprotocol/client';
import { auth, createPrivateKeyJwtAuth } from '@modelcontextprotocol/client';
import { exchangeForIdentityAssertion, JWT_BEARER_GRANT } from './cross-app-access.js';
import type { DiscoveryGuard } from './discovery-guard.js';
import type { LoopbackRedirectReceiver } from './loopback-redirect.js';
import { NeedsLoginError } from './needs-login-error.js';
import type { OAuthServerConfig } from './oauth-config.js';
import type { ResolvedOAuthRuntime } from './oauth-runtime.js';
import { rememberClientSecret, rememberSecret } from './secret-redaction.js';
import type { CredentialScope, ServerCredentials } from './server-credentials.js';
import { dueForRenewal, type StoredTokens, withExpiry } from './token-expiry.js';

/** Remembers the secrets in `tokens` for redaction (see `redactSecrets`). */
function rememberTokens(tokens: OAuthTokens | undefined): void {
  rememberSecret(tokens?.access_token);
  rememberSecret(tokens?.refresh_token);
  rememberSecret(tokens?.id_token);
}

/** Remembers the secrets of a client registration for redaction. */
function rememberClient(information: OAuthClientInformationMixed | undefined): void {
  if (information === undefined) return;
  rememberClientSecret(information.client_id, information.client_secret);
  rememberSecret((information as { registration_access_token?: unknown }).registration_access_token);
}

/** Sent as the redirect URI where none can be received (a non-interactive run never redirects). */
const UNUSED_REDIRECT = 'http://127.0.0.1/oauth/callback';

/**
 * The SDK's {@link OAuthClientProvider} for one configured server: what `auth()` needs, read
 * from the server's `oauth` config and kept in its {@link ServerCredentials} (local files, or a
 * store a fleet shares). The flows themselves (discovery, registration, PKCE, refresh, resource
 * indicators, step-up) are the SDK's.
 *
 * In an interactive run (the host gave `onAuthorizationUrl`), `redirectToAuthorization` hands
 * the URL to the host, waits for the loopback redirect and exchanges the code it brings with
 * the SDK's own `auth()`; the transport then sees new tokens and sends the request again. One
 * login at a time: an authorization started while another is under way (requests sent side by
 * side, the event stream) waits for that one instead of sending the user a second URL. In a
 * non-interactive run it throws {@link NeedsLoginError} instead, before anything is registered.
 */
export class ConfiguredOAuthProvider implements OAuthClientProvider {
  readonly #server: string;
  readonly #config: OAuthServerConfig;
  readonly #runtime: ResolvedOAuthRuntime;
  readonly #credentials: ServerCredentials;
  readonly #receiver: LoopbackRedirectReceiver | undefined;
  /** Where every OAuth request goes through, and what checks what discovery found. */
  readonly #guard: DiscoveryGuard;
  /** The discovery state (as JSON) the guard last passed: the store's copy is checked once per change. */
  #checkedDiscovery: string | undefined;
  /**
   * Read on every request: kept in memory (loaded by {@link loadTokens}), written through to the
   * store, read from it again before each renewal (another worker may have renewed them).
   */
  #tokens: StoredTokens | undefined;
  /** The verifier of the code being exchanged (see {@link redirectToAuthorization}). */
  #codeVerifier: string | undefined;
  /** Verifiers of authorization requests not yet sent to the user, newest last. */
  readonly #verifiers: string[] = [];
  /** The interactive login under way, if any. */
  #login: Promise<void> | undefined;
  /** The renewal of the access token under way, if any (see {@link renewAccessToken}). */
  #renewal: Promise<void> | undefined;
  /** Whether this provider registered a client (see {@link saveClientInformation}). */
  #registered = false;
  /** Scopes a 403 `insufficient_scope` asked for that the current token lacks (a step-up under way). */
  #stepUpScope: string | undefined;
  // Declared, not initialised: the SDK tells "absent" from "undefined" for both.
  declare readonly clientMetadataUrl?: string;
  declare readonly addClientAuthentication?: AddClientAuthentication;

  readonly #serverUrl: URL;

  constructor(
    server: string,
    serverUrl: URL,
    config: OAuthServerConfig,
    runtime: ResolvedOAuthRuntime,
    credentials: ServerCredentials,
    receiver: LoopbackRedirectReceiver | undefined,
    guard: DiscoveryGuard,
  ) {
    this.#server = server;
    this.#guard = guard;
    this.#serverUrl = serverUrl;
    this.#config = config;
    this.#runtime = runtime;
    this.#credentials = credentials;
    this.#receiver = receiver;
    if (config.clientMetadataUrl !== undefined) this.clientMetadataUrl = config.clientMetadataUrl;
    if (config.tokenEndpointAuthMethod === 'private_key_jwt' && config.privateKey !== undefined) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: config.clientId as string,
        subject: config.clientId as string,
        privateKey: config.privateKey,
        alg: config.signingAlgorithm,
      });
    }
  }

  /** True when a user can be sent to the authorization server in this run. */
  get #interactive(): boolean {
    return this.#receiver !== undefined;
  }

  get redirectUrl(): string | undefined {
    if (this.#config.grant !== 'authorization_code') return undefined;
    return this.#receiver?.redirectUrl ?? UNUSED_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    const interactive = this.#config.grant === 'authorization_code';
    const metadata: OAuthClientMetadata = {
      client_name: this.#config.clientName,
      redirect_uris: interactive ? [this.redirectUrl as string] : [],
      grant_types: interactive
        ? ['authorization_code', 'refresh_token']
        : [this.#config.grant === 'jwt_bearer' ? JWT_BEARER_GRANT : 'client_credentials'],
      response_types: interactive ? ['code'] : [],
      token_endpoint_auth_method:
        this.#config.tokenEndpointAuthMethod ??
        (this.#config.clientSecret === undefined ? 'none' : 'client_secret_basic'),
    };
    if (this.#config.scopes.length > 0) metadata.scope = this.#config.scopes.join(' ');
    return metadata;
  }

  state(): string {
    return randomBytes(32).toString('base64url');
  }

  async clientInformation(
    context?: OAuthClientInformationContext,
  ): Promise<StoredOAuthClientInformation | undefined> {
    const { clientId, clientSecret, tokenEndpointAuthMethod, authorizationServer } = this.#config;
    if (clientId !== undefined) {
      return {
        client_id: clientId,
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
        ...(tokenEndpointAuthMethod === undefined || tokenEndpointAuthMethod === 'private_key_jwt'
          ? {}
          : { token_endpoint_auth_method: tokenEndpointAuthMethod }),
        ...(authorizationServer === undefined ? {} : { issuer: authorizationServer }),
      };
    }
    const stored: StoredOAuthClientInformation | undefined = await this.#credentials.clientInformation();
    rememberClient(stored);
    // A registration belongs to the authorization server that issued it: when the resource's
    // metadata names another one (the server moved), the client registers there afresh.
    if (stored?.issuer !== undefined && context !== undefined && stored.issuer !== context.issuer) {
      if (!this.#interactive) throw this.#needsLogin(`the authorization server moved to ${context.issuer}`);
      return undefined;
    }
    if (stored === undefined && !this.#interactive)
      throw this.#needsLogin('no client registration is stored');
    // A registration made for another loopback port cannot receive this run's redirect.
    const redirects = (stored as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    if (this.#interactive && Array.isArray(redirects) && !redirects.includes(this.redirectUrl))
      return undefined;
    return stored;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    rememberClient(information);
    if (this.#config.clientId !== undefined && information.client_id === this.#config.clientId) return;
    // Two flows that started side by side (a request and the event stream) each register; the
    // first registration is the one the user is sent to authorize, so it stays.
    const stored = await this.#credentials.clientInformation();
    if (this.#registered && stored !== undefined && stored.client_id !== information.client_id) return;
    this.#registered = true;
    await this.#credentials.saveClientInformation(information);
  }

  /** Reads the stored tokens into memory: once, before the transport sends anything. */
  async loadTokens(): Promise<void> {
    this.#tokens = await this.#credentials.tokens();
    rememberTokens(this.#tokens);
  }

  tokens(): OAuthTokens | undefined {
    // A refresh keeps the scopes of the grant: a step-up to more scopes needs a new
    // authorization, so the SDK must not see the refresh token while one is under way.
    if (this.#stepUpScope !== undefined && this.#tokens?.refresh_token !== undefined) {
      const { refresh_token: _kept, ...withoutRefresh } = this.#tokens;
      return withoutRefresh;
    }
    return this.#tokens;
  }

  /** The access token requests carry now (see `replayingStaleRefusals`). */
  currentAccessToken(): string | undefined {
    return this.tokens()?.access_token;
  }

  /** Settles when no interactive login is under way, whatever its outcome. */
  async loginSettled(): Promise<void> {
    await this.#login?.catch(() => undefined);
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    rememberTokens(tokens);
    // A step-up's authorization hands back a new refresh token; without one, keep the old.
    const refresh = tokens.refresh_token ?? this.#tokens?.refresh_token;
    const kept = refresh === undefined ? tokens : { ...tokens, refresh_token: refresh };
    // In memory first: the old refresh token may be spent, so should the store fail, this
    // process at least goes on with the new ones (and the failure reaches the caller).
    this.#tokens = withExpiry(kept);
    this.#stepUpScope = undefined;
    await this.#credentials.saveTokens(this.#tokens);
  }

  /**
   * Whether the access token is within its renewal margin (see `dueForRenewal`) and can be
   * renewed without the user: with a refresh token, or by a grant that needs no user.
   */
  renewalDue(now = Date.now()): boolean {
    const tokens = this.tokens() as StoredTokens | undefined;
    const renewable = tokens?.refresh_token !== undefined || this.#config.grant !== 'authorization_code';
    return renewable && dueForRenewal(tokens, now);
  }

  /**
   * Renews the access token `stale` with the SDK's `auth()` (a refresh, or the grant again),
   * one renewal at a time: a request that finds one under way awaits it, and one whose token
   * a renewal already replaced sends nothing. With refresh-token rotation this matters: a
   * second refresh with the same refresh token makes the authorization server revoke them
   * all. A failed renewal fails everyone awaiting it with its error; the next one tries again.
   *
   * Across processes sharing the store the same holds: the renewal runs under the store's
   * refresh lock, and reads the stored tokens first. When another worker renewed them while
   * this one waited (or before), those are taken and nothing is sent.
   */
  renewAccessToken(stale: string | undefined): Promise<void> {
    if (this.#renewal !== undefined) return this.#renewal;
    if (this.currentAccessToken() !== stale) return Promise.resolve();
    this.#renewal = this.#credentials
      .withRefreshLock(async () => {
        const stored = await this.#credentials.tokens();
        if (stored?.access_token !== stale) {
          rememberTokens(stored);
          this.#tokens = stored;
          if (stored !== undefined && !dueForRenewal(stored)) return;
        }
        await auth(this, { serverUrl: this.#serverUrl, fetchFn: this.#guard.fetch });
      })
      .finally(() => {
        this.#renewal = undefined;
      });
    return this.#renewal;
  }

  /**
   * The server answered 403 `insufficient_scope` asking for `scope`: when the current token
   * lacks any of it, the next authorization is a step-up (see {@link tokens}).
   */
  noteInsufficientScope(scope: string | undefined): void {
    const granted = new Set((this.tokens()?.scope ?? '').split(' '));
    const wanted = (scope ?? '').split(' ').filter((item) => item !== '');
    this.#stepUpScope =
      wanted.length === 0 || wanted.some((item) => !granted.has(item)) ? (scope ?? '') : undefined;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    // Checked at discovery too; here as well, for a URL built from anything else.
    this.#guard.checkAuthorizationUrl(authorizationUrl);
    const receiver = this.#receiver;
    const onAuthorizationUrl = this.#runtime.onAuthorizationUrl;
    if (receiver === undefined || onAuthorizationUrl === undefined) {
      throw this.#needsLogin('the stored tokens are missing, expired or lack a scope it asks for');
    }
    const verifier = this.#verifierFor(authorizationUrl);
    if (this.#login !== undefined) {
      // Another request already sent the user a URL: its login serves this request too.
      await this.#login.catch(() => undefined);
      return;
    }
    this.#login = (async () => {
      const state = authorizationUrl.searchParams.get('state') ?? '';
      const redirect = receiver.waitForCode(state, this.#runtime.authorizationTimeoutMs);
      // Awaited below; until then a close or timeout must not count as unhandled.
      redirect.catch(() => undefined);
      await onAuthorizationUrl({ server: this.#server, url: authorizationUrl });
      const { code, iss } = await redirect;
      rememberSecret(code);
      this.#codeVerifier = verifier;
      // The SDK's exchange (client authentication, resource, saveTokens), as its finishAuth
      // does, through the guard like every other OAuth request.
      // `iss` goes with the code: the SDK checks it against the issuer it discovered (RFC 9207),
      // so a response from another authorization server (a mix-up attack) is refused.
      await auth(this, {
        serverUrl: this.#serverUrl,
        authorizationCode: code,
        ...(iss === undefined ? {} : { iss }),
        fetchFn: this.#guard.fetch,
      });
    })().finally(() => {
      this.#login = undefined;
    });
    await this.#login;
  }

  /** The saved verifier whose S256 challenge the authorization URL carries. */
  #verifierFor(authorizationUrl: URL): string | undefined {
    const challenge = authorizationUrl.searchParams.get('code_challenge');
    return this.#verifiers.find(
      (verifier) => createHash('sha256').update(verifier).digest('base64url') === challenge,
    );
  }

  saveCodeVerifier(codeVerifier: string): void {
    rememberSecret(codeVerifier);
    this.#verifiers.push(codeVerifier);
    if (this.#verifiers.length > 8) this.#verifiers.shift();
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined)
      throw new Error('no PKCE code verifier was saved for this authorization');
    return this.#codeVerifier;
  }

  async prepareTokenRequest(scope?: string): Promise<URLSearchParams | undefined> {
    const requested = scope ?? (this.#config.scopes.length > 0 ? this.#config.scopes.join(' ') : undefined);
    if (this.#config.grant === 'client_credentials') {
      const params = new URLSearchParams({ grant_type: 'client_credentials' });
      if (requested !== undefined) params.set('scope', requested);
      return params;
    }
    if (this.#config.grant === 'jwt_bearer') {
      const discovery = await this.#credentials.discoveryState();
      const assertion = await exchangeForIdentityAssertion(
        this.#config.identityProvider!,
        {
          audience: discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl,
          resource: discovery?.resourceMetadata?.resource,
          scope: requested,
        },
        this.#guard.fetch,
      );
      rememberSecret(assertion);
      const params = new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion });
      if (requested !== undefined) params.set('scope', requested);
      return params;
    }
    return undefined;
  }

  async invalidateCredentials(scope: CredentialScope): Promise<void> {
    if (scope === 'all' || scope === 'client') this.#registered = false;
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.#codeVerifier = undefined;
    await this.#credentials.clear(scope);
  }

  /**
   * Called by the SDK once discovery is done and before anything is registered, authorized or
   * exchanged: what it found is checked first (see `DiscoveryGuard.checkDiscovery`), so a
   * refused endpoint fails the flow here, naming it.
   */
  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#guard.checkDiscovery(state);
    await this.#credentials.saveDiscoveryState(state);
    this.#checkedDiscovery = JSON.stringify(state);
  }

  /** The stored discovery, if it still passes the guard's checks; otherwise discovery runs again. */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const stored = await this.#credentials.discoveryState();
    if (stored === undefined) return undefined;
    const text = JSON.stringify(stored);
    if (text === this.#checkedDiscovery) return stored;
    try {
      await this.#guard.checkDiscovery(stored);
    } catch {
      await this.#credentials.clear('discovery');
      return undefined;
    }
    this.#checkedDiscovery = text;
    return stored;
  }

  #needsLogin(why: string): NeedsLoginError {
    return new NeedsLoginError(this.#server, why, this.#runtime.loginCommand(this.#server));
  }
}
