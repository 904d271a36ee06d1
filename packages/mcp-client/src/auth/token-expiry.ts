import type { OAuthTokens } from '@modelcontextprotocol/client';

/** Tokens as stored: the SDK's, plus when the access token expires (the SDK keeps only `expires_in`). */
export type StoredTokens = OAuthTokens & { readonly expires_at?: number };

/** The most time before its expiry that an access token is renewed. */
export const RENEWAL_MARGIN_MS = 60_000;

/** The share of its lifetime before expiry that a short-lived access token is renewed. */
export const RENEWAL_MARGIN_SHARE = 0.1;

/** `tokens` with when the access token expires, as `expires_in` counts from `now`. */
export function withExpiry(tokens: OAuthTokens, now = Date.now()): StoredTokens {
  return typeof tokens.expires_in === 'number'
    ? { ...tokens, expires_at: now + tokens.expires_in * 1000 }
    : tokens;
}

/**
 * Whether `tokens` expire within the renewal margin at `now`: 60 s, or a tenth of the token's
 * lifetime when that is shorter. A minute covers a request's way to the server and the clocks
 * of both sides drifting apart, so the server never sees a token that ran out on the way; a
 * token that lives only minutes would be renewed on nearly every use with a fixed minute, so
 * it is used for nine tenths of its life instead. Tokens without a known expiry are never due.
 */
export function dueForRenewal(tokens: StoredTokens | undefined, now = Date.now()): boolean {
  const expiresAt = tokens?.expires_at;
  if (typeof expiresAt !== 'number') return false;
  const lifetime =
    typeof tokens?.expires_in === 'number' ? tokens.expires_in * 1000 : Number.POSITIVE_INFINITY;
  return expiresAt - now <= Math.min(RENEWAL_MARGIN_MS, lifetime * RENEWAL_MARGIN_SHARE);
}
