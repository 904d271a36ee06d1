// `@toolwright/mcp-client/oauth`: OAuth for MCP servers, kept out of the root entry (it starts
// a loopback receiver for the browser's redirect and keeps tokens on disk).

// The interface a shared credential store implements (`McpOAuthOptions.credentialStore`).
export type { OAuthCredentialStoreV1 } from '@toolwright/spec';
// The config types its functions name, for a reader of this entry alone (the same as the root's).
export type {
  OAuthGrant,
  OAuthIdentityProviderConfig,
  OAuthServerConfig,
  OAuthTokenEndpointAuthMethod,
} from './auth/oauth-config.js';
export {
  forgetMcpServerLogin,
  loginMcpServer,
  logoutMcpServer,
  type McpLoginOptions,
} from './auth/oauth-login.js';
export type { AuthorizationRequest, McpOAuthOptions } from './auth/oauth-runtime.js';
export { defaultOAuthStoreDirectory } from './auth/oauth-store.js';
export { mcpOAuth } from './auth/oauth-support.js';
export type {
  McpServerConfig,
  McpServerConfigCommon,
  SseServerConfig,
  StdioServerConfig,
  StreamableHttpServerConfig,
} from './server-config.js';
export type { CustomServerDefinition, McpServerDefinition } from './server-definition.js';
export type { McpOAuthSupport } from './transport-support.js';
