/**
 * `@toolwright/mcp-server`: a toolwright `ToolRegistry` served as an MCP server over stdio and
 * Streamable HTTP, with the MCP SDK. Arguments go through each tool's `build()`; annotations
 * come from the tool's own flags; progress, cancellation, artifacts as resources and
 * `list_changed` follow the spec.
 *
 * @packageDocumentation
 */

export type { ArtifactReference, ArtifactStoreV1 } from '@toolwright/spec';
export type { McpServerDefinition, McpServerModuleExport } from './cli/server-module.js';
export type { McpBearerGrant, McpBearerVerifier } from './http/bearer-auth.js';
export type { McpHttpOptions } from './http/http-options.js';
export { type McpHttpServer, serveHttp } from './http/http-server.js';
export { McpServerError, McpServerErrorCode } from './mcp-server-error.js';
export type {
  McpPromptArgumentDefinition,
  McpPromptDefinition,
  McpPromptRequest,
} from './prompts/prompt-definitions.js';
export type { McpArtifactRecord, McpArtifactStore } from './resources/artifact-store.js';
export { ARTIFACT_URI_PREFIX, artifactIdOf, artifactResourceUri } from './resources/artifact-uri.js';
export type {
  McpCompleter,
  McpResourceContents,
  McpResourceDefinition,
  McpResourceReadRequest,
  McpResourceTemplateDefinition,
} from './resources/resource-definitions.js';
export type { ToolwrightMcpServerOptions } from './server-options.js';
export { mcpCallContextFields } from './session/call-fields.js';
export {
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  type McpCloseOptions,
} from './session/close-options.js';
export {
  ARTIFACTS_CONTEXT_FIELD,
  MCP_SESSION_CONTEXT_FIELD,
  type McpKeyedRequests,
  type McpSessionContext,
  type McpSessionContextV1,
  mcpSessionOf,
} from './session/mcp-session-context.js';
export type { McpServerSession } from './session/server-session.js';
export { type StdioServeOptions, serveStdio } from './stdio-server.js';
export type { McpCallExecutor } from './tools/call-executor.js';
export { COERCIONS_META_KEY } from './tools/call-tool-result.js';
export { DEFAULT_OUTPUT_LIMITS, type McpOutputLimits } from './tools/output-limits.js';
export { toolAnnotations } from './tools/tool-annotations.js';
export { toMcpTool } from './tools/tool-listing.js';
export { ToolwrightMcpServer } from './toolwright-mcp-server.js';
