import type { JsonValue } from './json-schema.js';

/**
 * What an OAuth client keeps per MCP server: its tokens (with `expires_at`, when the access token
 * runs out, in milliseconds since the epoch), its dynamic client registration, and what discovery
 * found (the authorization server and its metadata). A PKCE code verifier is never stored: it
 * lives in the process whose browser login uses it.
 */
export type OAuthCredentialKindV1 = 'tokens' | 'client' | 'discovery';

/** Every {@link OAuthCredentialKindV1}, for a store that checks what it is asked for. */
export const OAUTH_CREDENTIAL_KINDS_V1: readonly OAuthCredentialKindV1[] = Object.freeze([
  'tokens',
  'client',
  'discovery',
]);

/**
 * One stored value: a JSON object the client wrote (the OAuth `token` response, the registration
 * response, the discovery state). A store keeps it whole and gives it back as written; it need not
 * understand it. Tokens and registrations hold secrets: a shared store must keep them as the local
 * one does (encrypted, or where only the host can read them).
 */
export type OAuthCredentialValueV1 = { readonly [key: string]: JsonValue };

/**
 * Where an MCP client keeps the OAuth state of its servers: private local files by default, a
 * shared store (Redis, a database) so that a fleet of workers logs in once and shares the tokens.
 *
 * `serverKey` names one server's credentials: the client makes it from the configured name and a
 * hash of the server's URL (letters, digits, `_`, `.` and `-`), so tokens saved for one
 * URL are never sent to another server configured later under the same name. A store uses it as
 * it is.
 *
 * `withRefreshLock` is how one renewal happens per server across the fleet: a refresh token is
 * often single-use, and a second refresh with it would fail (or revoke the grant). The client
 * renews only inside it, and reads the tokens again first: a worker that waited finds the tokens
 * the holder saved, and uses them. The lock must not outlive a holder that died (a lease that
 * runs out, then someone else may take it).
 */
export interface OAuthCredentialStoreV1 {
  readonly specificationVersion: 'v1';
  /** The value last written under `kind` for `serverKey`, or `undefined` when there is none. */
  read(serverKey: string, kind: OAuthCredentialKindV1): Promise<OAuthCredentialValueV1 | undefined>;
  /** Replaces the value under `kind` for `serverKey`, whole (readers see the old or the new one). */
  write(serverKey: string, kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1): Promise<void>;
  /** Forgets the value under `kind` for `serverKey`; nothing happens when there is none. */
  delete(serverKey: string, kind: OAuthCredentialKindV1): Promise<void>;
  /**
   * Runs `renew` while holding the refresh lock of `serverKey`, one holder at a time across every
   * process sharing the store, and settles as it did. Waits while another holds it; rejects,
   * without running `renew`, when the lock cannot be had in the store's own time limit.
   */
  withRefreshLock<T>(serverKey: string, renew: () => Promise<T>): Promise<T>;
}

/** The current version of the OAuth credential store interface: {@link OAuthCredentialStoreV1}. */
export type OAuthCredentialStore = OAuthCredentialStoreV1;
