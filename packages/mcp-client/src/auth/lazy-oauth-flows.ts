import { createRequire } from 'node:module';

type OAuthFlows = typeof import('../oauth-flows.js');

let loading: Promise<OAuthFlows> | undefined;

/**
 * The OAuth transport and login code (`#oauth-flows`), loaded on the first OAuth connect or login
 * rather than with `@toolwright/mcp-client/oauth`: `mcpOAuth(options)` checks its options at once
 * (a host makes it when it starts, before any server with an `oauth` config connects), and the
 * SDK's OAuth client, discovery and the loopback receiver are most of what the entry cost to load.
 * Each build loads its own kind of the module (the CommonJS build `require`s it, the ES one
 * imports it, sharing the chunks of the connection code the root entry loaded).
 */
export function loadOAuthFlows(): Promise<OAuthFlows> {
  // The CommonJS build has no `import.meta.url` (the bundler leaves an empty object). Not
  // `__filename`: a test runner that runs the ES sources defines it too, and its `require` would
  // then load the built CommonJS copy beside the sources.
  loading ??=
    import.meta.url === undefined
      ? Promise.resolve(createRequire(__filename)('#oauth-flows') as OAuthFlows)
      : (import('#oauth-flows') as Promise<OAuthFlows>);
  return loading;
}
