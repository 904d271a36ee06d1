/**
 * `@toolwright/ai-sdk`: a toolwright registry, or a list of tools, as an AI SDK `ToolSet`.
 * Validation is toolwright's (coercion, repairable errors the model reads as tool errors),
 * execution goes through the toolwright executor (permission policy, hooks, timeouts, spill),
 * deferred tools become active per step once ToolSearch loads them, and results map to the SDK's
 * model output (text, images, error text).
 *
 * @packageDocumentation
 */

export {
  type ActiveToolsOptions,
  type ActiveToolsStep,
  activeToolNames,
  createPrepareStep,
} from './active-tools.js';
export { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';
export type { AiSdkToolsOptions } from './ai-sdk-tools-options.js';
export type { BridgedTool, ToolCallOptions } from './bridged-tool.js';
export type { BridgeExecutor } from './executor-runner.js';
export { type ToolModelOutput, toModelOutput } from './model-output.js';
export { type ToolwrightToolSet, toAiSdkTools } from './to-ai-sdk-tools.js';
export {
  createToolApproval,
  type ToolApprovalAnswer,
  type ToolApprovalOptions,
  type ToolApprovalRequest,
  type ToolwrightToolApproval,
} from './tool-approval.js';
export type { ToolContextFields, ToolContextSchema } from './tool-context.js';
export type { StandardValidationResult, ToolInputSchema } from './tool-input-schema.js';
export type { ImageDelivery, ToolOutputImage, ToolwrightToolOutput } from './tool-output.js';
export type { ToolOutputSchema } from './tool-output-schema.js';
