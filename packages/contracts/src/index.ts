export type { Coercion, JsonSchema, ProviderTarget, SchemaValidator } from '@toolwright/spec';
export { InvalidOptionError, ToolValidationError, ToolwrightError } from '@toolwright/validation';
export { createTool } from './create-tool.js';
export type { DeepReadonly } from './deep-readonly.js';
export {
  ContractsErrorCode,
  InvalidToolDefinitionError,
  ToolInvocationError,
  ToolOutputValidationError,
  UnsupportedProviderTargetError,
} from './errors.js';
export type { ExecutionContext, ProgressUpdate } from './execution-context.js';
export {
  type FunctionDeclaration,
  INPUT_EXAMPLE_TARGETS,
  isProviderTarget,
  PROVIDER_TARGETS,
  toProviderToolFormat,
} from './function-declaration.js';
export { normaliseToolResult } from './normalise-tool-result.js';
export { rebuildInvocation } from './rebuild-invocation.js';
export { describeOutputIssues, structuredOutputIssues } from './structured-output.js';
export {
  type BuildOptions,
  describeToolVersionProblem,
  isTool,
  TOOL_MARKER,
  type Tool,
  type ToolMetadata,
  type ToolMetadataV1,
  type ToolV1,
} from './tool.js';
export type {
  JsonSchemaParams,
  SchemaParams,
  ToolConfig,
  ToolSchema,
  ToolValidationOptions,
} from './tool-config.js';
export {
  type RenderDescriptionOptions,
  renderToolDescription,
  type ToolDescription,
  type ToolDescriptionText,
  type ToolExample,
} from './tool-description.js';
export {
  describeInvocationVersionProblem,
  INVOCATION_MARKER,
  isInvocationSuperseded,
  isToolInvocation,
  type ToolInvocation,
  type ToolInvocationV1,
} from './tool-invocation.js';
export { isToolKind, PARALLELISM_VALUES, type Parallelism, TOOL_KINDS, ToolKind } from './tool-kind.js';
export { describeToolListProblem, findToolListProblem, type ToolListProblem } from './tool-list-problem.js';
export type {
  ArtifactReference,
  LlmContentPart,
  ToolErrorType,
  ToolResult,
  ToolResultError,
} from './tool-result.js';
export { TOOL_ERROR_TYPES } from './tool-result.js';
export {
  type FailureReason,
  isErrorResult,
  isToolResult,
  type ToolResultExtras,
  ToolResults,
} from './tool-results.js';
export type { ToolSource } from './tool-source.js';
export type { TypeBox1Static } from './typebox1-static.js';
