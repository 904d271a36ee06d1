import type { OAuthIdentityProviderConfig } from './oauth-config.js';

/** RFC 7523 JWT bearer authorization grant. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
/** The Identity Assertion JWT Authorization Grant (ID-JAG) of cross-app access. */
const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';

/** Who the identity assertion is for. */
export interface IdentityAssertionTarget {
  /** The MCP server's authorization server (its issuer). */
  readonly audience: string | undefined;
  /** The MCP server (its protected-resource identifier). */
  readonly resource: string | undefined;
  readonly scope: string | undefined;
}

/**
 * Step one of cross-app access (SEP-990): the user's ID token is exchanged at the enterprise
 * identity provider (RFC 8693 token exchange) for an identity assertion grant addressed to the
 * MCP server's authorization server, which step two (the SDK's token request with
 * {@link JWT_BEARER_GRANT}) presents. The SDK has no such exchange, so it is done here; the
 * error never quotes the tokens.
 */
export async function exchangeForIdentityAssertion(
  provider: OAuthIdentityProviderConfig,
  target: IdentityAssertionTarget,
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  if (target.audience === undefined || target.resource === undefined) {
    throw new Error(
      'cross-app access needs the authorization server and the resource from discovery; the MCP server published no protected-resource metadata',
    );
  }
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    subject_token: provider.idToken,
    subject_token_type: ID_TOKEN_TYPE,
    requested_token_type: ID_JAG_TOKEN_TYPE,
    audience: target.audience,
    resource: target.resource,
  });
  if (target.scope !== undefined) body.set('scope', target.scope);
  const headers = new Headers({
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  });
  if (provider.clientSecret === undefined) body.set('client_id', provider.clientId);
  else {
    const credentials = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  }
  const response = await fetchFn(provider.tokenEndpoint, { method: 'POST', headers, body });
  const answer = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!response.ok || typeof answer?.access_token !== 'string') {
    const reason = typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}`;
    throw new Error(`the identity provider refused the token exchange for cross-app access: ${reason}`);
  }
  if (answer.issued_token_type !== undefined && answer.issued_token_type !== ID_JAG_TOKEN_TYPE) {
    throw new Error(
      `the identity provider issued a ${String(answer.issued_token_type).slice(0, 80)}, not an identity assertion grant (${ID_JAG_TOKEN_TYPE})`,
    );
  }
  return answer.access_token;
}
