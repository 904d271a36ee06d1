export type { ArtifactSinkV1 } from '@toolwright/spec';
export type { Drained } from '@toolwright/utils';
export type { McpArtifactSink } from './artifact-sink.js';
export type {
  OAuthGrant,
  OAuthIdentityProviderConfig,
  OAuthServerConfig,
  OAuthTokenEndpointAuthMethod,
} from './auth/oauth-config.js';
export { loginMcpServer, logoutMcpServer, type McpLoginOptions } from './auth/oauth-login.js';
export type { AuthorizationRequest, McpOAuthOptions } from './auth/oauth-runtime.js';
export { defaultOAuthStoreDirectory } from './auth/oauth-store.js';
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
export type { CatalogDiagnostic, CatalogDiagnosticCode, CatalogListKind } from './catalog-diagnostic.js';
export { type CatalogLimits, DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
export {
  type McpCatalogEntry,
  type McpToolAnnotations,
  type McpToolDefinition,
  type ScreenedList,
  screenContentList,
  screenToolCatalog,
} from './catalog-screen.js';
export type { ConfigEnvironment } from './config-variables.js';
export {
  type ConnectAllResult,
  McpConnectionManager,
  type McpConnectionManagerOptions,
} from './connection-manager.js';
export { DEFAULT_OUTPUT_ROUTING, type OutputRoutingOptions } from './content-routing.js';
export { createMcpContentTools } from './content-tools.js';
export { McpAdapterError, McpAdapterErrorCode } from './errors.js';
export type { McpConnectionChange, McpConnectionState } from './events/connection-state.js';
export { MCP_EVENT_QUEUE_CAPACITY, type McpAdapterEvents } from './events/mcp-event-inbox.js';
export type {
  McpContentChange,
  McpLogEntry,
  McpResourceUpdate,
  McpServerInstructions,
  McpTaskChange,
} from './events/mcp-events.js';
export { mcpSourceGroup } from './events/source-group.js';
export { McpAdapter } from './mcp-adapter.js';
export type { McpAdapterOptions } from './mcp-adapter-options.js';
export type {
  McpAdapterStats,
  McpConnectResult,
  McpReconnectResult,
  McpServerCatalog,
  McpServerStatus,
} from './mcp-adapter-results.js';
export { mcpToolKind, mcpToolTags } from './mcp-tool.js';
export { listAllPages, type Page, type PaginatedListing } from './paginate.js';
export { DEFAULT_RECONNECT_POLICY, type ReconnectPolicy } from './reconnect-loop.js';
export { type RefreshKind, RefreshScheduler } from './refresh-scheduler.js';
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
export type { CustomServerDefinition, McpServerDefinition } from './server-definition.js';
export { TaskOwnership } from './task-ownership.js';
export { createMcpTaskTools } from './task-tools.js';
export type { McpTaskStatus } from './tool-call.js';
export { type FingerprintedDefinition, fingerprintToolDefinition } from './tool-fingerprint.js';
export { McpToolNameMap, type McpToolTarget, mcpToolName } from './tool-naming.js';
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
export { markUntrusted } from './untrusted-text.js';
