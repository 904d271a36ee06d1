export type {
  OAuthGrant,
  OAuthIdentityProviderConfig,
  OAuthServerConfig,
  OAuthTokenEndpointAuthMethod,
} from './auth/oauth-config.js';
export { redactErrorChain, redactSecrets, rememberSecret } from './auth/secret-redaction.js';
export { ClientCapabilitySet } from './capabilities/client-capability-set.js';
export type {
  McpClientCapabilities,
  McpElicitationAnswer,
  McpFormElicitation,
  McpFormElicitationHandler,
  McpRequestContext,
  McpRoot,
  McpSamplingHandler,
  McpUrlElicitation,
  McpUrlElicitationAnswer,
  McpUrlElicitationHandler,
} from './capabilities/client-capability-types.js';
export {
  type McpFormAnswerCheck,
  type McpFormAnswerCheckResult,
  restrictedFormAnswerCheck,
} from './capabilities/form-answer-check.js';
export type { ConfigEnvironment } from './config-variables.js';
export {
  type ConnectAllResult,
  McpConnectionManager,
  type McpConnectionManagerOptions,
  resolveConnectionOptions,
} from './connection-manager.js';
export { CONNECTION_OPTION_NAMES } from './connection-option-names.js';
export { McpClientError, McpClientErrorCode } from './errors.js';
export type { McpConnectionChange, McpConnectionState } from './events/connection-state.js';
export type { HostAnswers } from './host-answers.js';
export { listingFailure } from './listing-failure.js';
export { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from './reconnect-loop.js';
export type { RequestDeadline } from './request-deadline.js';
export type { RequestOptions, RequestSender } from './request-signal.js';
export {
  type McpServerConfig,
  type McpServerConfigCommon,
  type ParseMcpServersConfigOptions,
  parseMcpServersConfig,
  type SseServerConfig,
  type StdioServerConfig,
  type StreamableHttpServerConfig,
} from './server-config.js';
export { ServerConnection } from './server-connection.js';
export type { ServerConnectionHooks, ServerConnectionOptions } from './server-connection-options.js';
export {
  type CustomServerDefinition,
  checkServerDefinitions,
  type McpServerDefinition,
} from './server-definition.js';
export { DEFAULT_STDIO_MAX_MESSAGE_BYTES } from './stdio-message-limit.js';
export type { McpOAuthSupport, McpStdioSupport, StdioTransportIo } from './transport-support.js';
export { type FolderFile, MAX_CONFIG_FILE_BYTES } from './trust/folder-files.js';
export {
  defaultFolderTrustDirectory,
  type FolderTrustCheck,
  type FolderTrustDecision,
  type FolderTrustStatus,
  FolderTrustStore,
  type FolderTrustStoreOptions,
  type TrustedFolder,
} from './trust/folder-trust-store.js';
export {
  type ProjectMcpServers,
  type ProjectMcpServersOptions,
  projectMcpServers,
} from './trust/project-mcp-servers.js';
export { describeMcpServersConfig, type McpServerDescription } from './trust/server-description.js';
