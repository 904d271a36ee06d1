export type { ArtifactSinkV1 } from '@toolwright/spec';
export type { Drained } from '@toolwright/utils';
export type { McpArtifactSink } from './artifact-sink.js';
export type { CatalogDiagnostic, CatalogDiagnosticCode, CatalogListKind } from './catalog-diagnostic.js';
export { type CatalogLimits, DEFAULT_CATALOG_LIMITS } from './catalog-limits.js';
export type { McpCatalogEntry, McpToolAnnotations, McpToolDefinition } from './catalog-screen.js';
export { DEFAULT_OUTPUT_ROUTING, type OutputRoutingOptions } from './content-routing.js';
export { createMcpContentTools } from './content-tools.js';
export { McpAdapterError, McpAdapterErrorCode } from './errors.js';
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
export type { RefreshKind } from './refresh-scheduler.js';
export { createMcpTaskTools } from './task-tools.js';
export type { McpTaskStatus } from './tool-call.js';
export { type McpToolTarget, mcpToolName } from './tool-naming.js';
export { markUntrusted } from './untrusted-text.js';
