/**
 * `@toolwright/langchain`: toolwright tools as LangChain structured tools, and a toolwright
 * registry as a `createAgent` middleware. Validation is toolwright's (coercion, repairable errors
 * the model reads as error tool messages), every call runs through the toolwright executor
 * (permission policy, hooks, timeouts, spill), deferred tools are declared once ToolSearch loads
 * them, and approvals pause the agent with a LangGraph interrupt.
 *
 * @packageDocumentation
 */

export type {
  BridgeExecutor,
  BridgeOptions,
  LangChainToolsOptions,
  ToolwrightMiddlewareOptions,
} from './bridge-options.js';
export {
  type ApprovalInterrupt,
  type ApprovalResume,
  InterruptApprover,
} from './interrupt-approver.js';
export { LangChainBridgeError, LangChainBridgeErrorCode } from './langchain-bridge-error.js';
export { toLangChainTools } from './to-langchain-tools.js';
export type { ToolInputSchema } from './tool-input-schema.js';
export type {
  ImageDelivery,
  ToolwrightToolArtifact,
  ToolwrightToolMessage,
} from './tool-message-artifact.js';
export {
  type AgentToolCall,
  type ToolwrightMiddleware,
  toolwrightMiddleware,
} from './toolwright-middleware.js';
export type { ToolwrightStructuredTool } from './toolwright-structured-tool.js';
