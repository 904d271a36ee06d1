import type { McpOAuthSupport } from '../transport-support.js';
import { loadOAuthFlows } from './lazy-oauth-flows.js';
import { type McpOAuthOptions, type ResolvedOAuthRuntime, resolveOAuthRuntime } from './oauth-runtime.js';

/**
 * OAuth for every server with an `oauth` config, as `options` say (token store, interactive
 * login, the login command a `needs_auth` message names): give it as `McpConnectionManager`'s
 * `oauth` option. `owner` names where the options were given in a refusal of them.
 *
 * @throws McpClientError `invalid_option` for an unknown or out-of-range option.
 */
export function mcpOAuth(options?: McpOAuthOptions, owner = 'mcpOAuth'): McpOAuthSupport {
  return oauthSupportOf(resolveOAuthRuntime(owner, options));
}

/** The support for an already resolved runtime (a login reuses the one it checked). */
export function oauthSupportOf(runtime: ResolvedOAuthRuntime): McpOAuthSupport {
  return Object.freeze({
    transport: async (definition, oauth) =>
      (await loadOAuthFlows()).createOAuthTransport({
        server: definition.name,
        url: definition.url,
        headers: definition.headers,
        oauth,
        runtime,
      }),
  } satisfies McpOAuthSupport);
}
