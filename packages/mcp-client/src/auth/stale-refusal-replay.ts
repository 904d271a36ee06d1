/** What the replay needs to know of the OAuth provider. */
export interface TokenSource {
  /** The access token requests carry now, if any. */
  currentAccessToken(): string | undefined;
  /** Settles when no interactive login is under way (at once when none is). */
  loginSettled(): Promise<void>;
  /** Whether the access token is near its expiry and can be renewed without the user. */
  renewalDue(): boolean;
  /** Renews the access token `stale`, one renewal at a time (at once when it was already replaced). */
  renewAccessToken(stale: string | undefined): Promise<void>;
}

/** The bearer token a request carried, or `undefined` when it had none. */
function carriedToken(init: RequestInit | undefined): string | undefined {
  const header = new Headers(init?.headers).get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/** `init` carrying `token` as its bearer token. */
function withToken(init: RequestInit | undefined, token: string): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

/**
 * Wraps the fetch of an OAuth transport so that every request to the MCP server carries a
 * token that is not about to expire, and the token is renewed once however many requests need
 * it. A token within its renewal margin is renewed before the request goes out (should that
 * fail, the request goes with the old token, which has not run out yet). A request refused
 * with 401 although it carried the current token renews it (one renewal shared by every
 * request refused meanwhile, failing them all with its error) and is sent again.
 *
 * A request refused with 401 is also sent once more with the current token when that token is
 * not the one it carried: a login or
 * a refresh finished while the request was on its way (a catalog's listings and the event
 * stream go out side by side; a slow network answers the tokenless one last). Left to the SDK,
 * such a stale refusal starts an authorization of its own: a needless refresh, or, where the
 * server gives no refresh token, a second login URL for the user. A refusal that arrives while
 * a login is under way waits for it first. Only requests to the MCP endpoint itself are
 * replayed (the refusal means the server did nothing with them), and only those whose body can
 * be sent again.
 */
export function replayingStaleRefusals(
  fetchFn: typeof fetch,
  endpoint: URL,
  tokens: TokenSource,
): typeof fetch {
  return async (input, init) => {
    if (!isEndpoint(input, endpoint)) return fetchFn(input, init);
    const sent = await renewedIfDue(init, tokens);
    const response = await fetchFn(input, sent);
    if (response.status !== 401 || !replayable(sent)) return response;
    await tokens.loginSettled();
    const refused = carriedToken(sent);
    if (refused !== undefined && refused === tokens.currentAccessToken()) {
      await tokens.renewAccessToken(refused);
    }
    const current = tokens.currentAccessToken();
    if (current === undefined || current === refused) return response;
    await response.body?.cancel();
    return fetchFn(input, withToken(sent, current));
  };
}

/** `init` with a renewed token when the one it carries is near its expiry. */
async function renewedIfDue(
  init: RequestInit | undefined,
  tokens: TokenSource,
): Promise<RequestInit | undefined> {
  const carried = carriedToken(init);
  if (carried === undefined || !tokens.renewalDue()) return init;
  try {
    await tokens.renewAccessToken(carried);
  } catch {
    // The carried token still works for the margin; a refusal renews again and reports.
    return init;
  }
  const current = tokens.currentAccessToken();
  return current === undefined ? init : withToken(init, current);
}

function isEndpoint(input: Parameters<typeof fetch>[0], endpoint: URL): boolean {
  if (typeof input !== 'string' && !(input instanceof URL)) return false;
  const url = new URL(input);
  return (
    url.origin === endpoint.origin && url.pathname === endpoint.pathname && url.search === endpoint.search
  );
}

function replayable(init: RequestInit | undefined): boolean {
  return init?.body === undefined || init.body === null || typeof init.body === 'string';
}
