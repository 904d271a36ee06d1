import type { IncomingHttpHeaders } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';

/** What a host's bearer-token hook says about a token it accepts. */
export interface McpBearerGrant {
  /** Who the token belongs to; a session stays bound to the client that opened it. */
  readonly clientId: string;
  readonly scopes?: readonly string[];
  /**
   * Seconds since the epoch; a token is refused from that second on, and an event stream it
   * opened ends then. A value that is not a number of seconds (`NaN` from an unparsable date)
   * counts as expired, never as no expiry; one in milliseconds (from `Date.now()`) is an error.
   */
  readonly expiresAt?: number;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * The host's bearer-token hook: resolve a grant for a token it accepts, `undefined` (or
 * `false`) for one it refuses. It is the host's verification — an OAuth introspection, a JWT
 * check, a constant compared in constant time — this server only carries the answer.
 */
export type McpBearerVerifier = (request: {
  readonly token: string;
  readonly headers: IncomingHttpHeaders;
}) => McpBearerGrant | undefined | false | Promise<McpBearerGrant | undefined | false>;

/** The first expiry, in seconds since the epoch, that can only be a value in milliseconds. */
const SECONDS_CEILING = 1e11;

/** The outcome of checking a request's bearer token. */
export type BearerOutcome =
  | { readonly ok: true; readonly auth: AuthInfo }
  | { readonly ok: false; readonly status: 401; readonly challenge: string; readonly message: string };

/**
 * Checks `Authorization: Bearer <token>` with the host's hook. A missing token gets a bare
 * `Bearer` challenge (RFC 6750 §3.1: no error code when no credentials were sent); a refused
 * or expired one gets `error="invalid_token"`. A hook that throws propagates (a host bug is a
 * 500, not a silent refusal). `now` is the clock, in milliseconds since the epoch.
 */
export async function checkBearer(
  headers: IncomingHttpHeaders,
  verify: McpBearerVerifier,
  now: () => number = Date.now,
): Promise<BearerOutcome> {
  // Node's parser strips the whitespace around a header value, so none can trail the token.
  const match = headers.authorization?.match(/^Bearer\s+([^\s]+)$/i);
  const token = match?.[1];
  if (token === undefined) {
    return { ok: false, status: 401, challenge: 'Bearer', message: 'A bearer token is required.' };
  }
  const grant = await verify({ token, headers });
  const refused = (message: string): BearerOutcome => ({
    ok: false,
    status: 401,
    challenge: `Bearer error="invalid_token", error_description="${message}"`,
    message,
  });
  if (grant === undefined || grant === false) return refused('The bearer token was not accepted.');
  // Seconds since the epoch stay below 1e11 until the year 5138: a larger expiry is milliseconds,
  // which read as seconds would keep the token alive for ever.
  // `Number`: no expiry (undefined) is NaN, below every ceiling.
  if (Number(grant.expiresAt) >= SECONDS_CEILING) {
    throw new McpServerError(
      McpServerErrorCode.InvalidOption,
      `The bearer hook's grant for client "${grant.clientId}" has expiresAt ${grant.expiresAt}, which reads as milliseconds; give seconds since the epoch (Math.floor(Date.now() / 1000) + lifetime).`,
    );
  }
  // Asked as "still ahead?" rather than "past?": an expiry that is not a number (NaN) fails it.
  if (grant.expiresAt !== undefined && !(grant.expiresAt * 1000 > now())) {
    return refused('The bearer token has expired.');
  }
  return {
    ok: true,
    auth: {
      token,
      clientId: grant.clientId,
      scopes: [...(grant.scopes ?? [])],
      ...(grant.expiresAt === undefined ? {} : { expiresAt: grant.expiresAt }),
      ...(grant.extra === undefined ? {} : { extra: { ...grant.extra } }),
    },
  };
}
