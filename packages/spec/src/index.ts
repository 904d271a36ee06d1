/**
 * `@toolwright/spec`: the versioned interfaces the toolwright packages speak to each other and
 * to a host, and nothing else that runs but the markers and value lists their shapes carry and
 * the adapters of their versions. Every package imports the interfaces from here, so there is
 * one definition of each; the interfaces of one version sit side by side under `src/v1`, and a
 * breaking change adds a `V2` beside its `V1`.
 *
 * @packageDocumentation
 */

export { type Adaptation, NOT_AN_IMPLEMENTATION } from './adaptation.js';
export type {
  ApprovalStore,
  ApprovalStoreV1,
  PendingApproval,
  PendingApprovalV1,
} from './v1/approval-store-v1.js';
export type { ArtifactReference } from './v1/artifact-reference.js';
export type {
  ArtifactSink,
  ArtifactSinkV1,
  ArtifactWriteRequest,
  SpillOptions,
  SpillResult,
} from './v1/artifact-sink-v1.js';
export type { ArtifactReadResultV1, ArtifactStore, ArtifactStoreV1 } from './v1/artifact-store-v1.js';
export { asApprovalStoreV1 } from './v1/as-approval-store-v1.js';
export { asArtifactSinkV1, asArtifactStoreV1 } from './v1/as-artifact-sink-v1.js';
export { asOAuthCredentialStoreV1 } from './v1/as-oauth-credential-store-v1.js';
export type {
  DeclarationSet,
  DeclarationSetV1,
  DeferredNamespace,
  OmittedDeclaration,
  ProviderToolSearchTool,
  ProviderToolSearchVariant,
} from './v1/declaration-set-v1.js';
export type { DeepReadonly } from './v1/deep-readonly.js';
export type { ExecutionContext, ProgressUpdate } from './v1/execution-context.js';
export type { FunctionDeclaration } from './v1/function-declaration.js';
export type { JsonRpcMessageV1 } from './v1/json-rpc-message.js';
export { type JsonSchema, type JsonValue, PROVIDER_TARGETS, type ProviderTarget } from './v1/json-schema.js';
export type {
  McpChangeBus,
  McpChangeBusV1,
  McpChangeEventV1,
  McpChangeKindV1,
} from './v1/mcp-change-bus-v1.js';
export type { McpEventStore, McpEventStoreV1 } from './v1/mcp-event-store-v1.js';
export type {
  McpLogLevelV1,
  McpSessionRecord,
  McpSessionRecordStore,
  McpSessionRecordStoreV1,
  McpSessionRecordV1,
} from './v1/mcp-session-record-store-v1.js';
export {
  OAUTH_CREDENTIAL_KINDS_V1,
  type OAuthCredentialKindV1,
  type OAuthCredentialStore,
  type OAuthCredentialStoreV1,
  type OAuthCredentialValueV1,
} from './v1/oauth-credential-store-v1.js';
export type { ProviderLintIssue } from './v1/provider-lint-issue.js';
export type {
  ArgumentLimits,
  Coercion,
  MessageLocale,
  ParseOptions,
  ParseResult,
  SchemaValidator,
  SchemaValidatorV1,
} from './v1/schema-validator-v1.js';
export type { ToolDescription, ToolDescriptionText, ToolExample } from './v1/tool-description.js';
export {
  INVOCATION_MARKER,
  type ToolInvocation,
  type ToolInvocationV1,
} from './v1/tool-invocation-v1.js';
export { type Parallelism, ToolKind } from './v1/tool-kind.js';
export type { ToolMode } from './v1/tool-mode.js';
export type { LlmContentPart, ToolErrorType, ToolResult, ToolResultError } from './v1/tool-result.js';
export type { ToolSource } from './v1/tool-source.js';
export {
  type BuildOptions,
  TOOL_MARKER,
  type Tool,
  type ToolMetadata,
  type ToolMetadataV1,
  type ToolV1,
} from './v1/tool-v1.js';
