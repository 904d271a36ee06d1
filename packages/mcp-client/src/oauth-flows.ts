// The heavy half of `@toolwright/mcp-client/oauth`: the authorized transport (the SDK's OAuth
// client, discovery, the loopback receiver for the browser's redirect) and the connection manager
// a login connects with. Not a public entry: package.json `imports` names it `#oauth-flows`, and
// the oauth entry loads it on the first OAuth connect or login (see auth/lazy-oauth-flows.ts).
export { createOAuthTransport } from './auth/oauth-transport.js';
export { McpConnectionManager } from './connection-manager.js';
