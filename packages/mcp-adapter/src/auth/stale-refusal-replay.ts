/** What the replay needs to know of the OAuth provider. */
export interface TokenSource {
  /** The access token requests carry now, if any. */
  currentAccessToken(): string | undefined;
  /** Settles when no interactive login is under way (at once when none is). */
  loginSettled(): Promise<void>;
}

/** The bearer token a request carried, or `undefined` when it had none. */
function carriedToken(init: RequestInit | undefined): string | undefined {
  const header = new Headers(init?.headers).get('authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

/**
 * Wraps the fetch of an OAuth transport so that a request the MCP server refused with 401 is
 * sent once more with the current token when that token is not the one it carried: a login or
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
    const response = await fetchFn(input, init);
    if (response.status !== 401 || !isEndpoint(input, endpoint) || !replayable(init)) return response;
    await tokens.loginSettled();
    const current = tokens.currentAccessToken();
    if (current === undefined || current === carriedToken(init)) return response;
    await response.body?.cancel();
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${current}`);
    return fetchFn(input, { ...init, headers });
  };
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
