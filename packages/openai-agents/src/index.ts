/**
 * `@toolwright/openai-agents`: a toolwright registry, or a list of tools, as OpenAI Agents JS
 * function tools. Declarations are toolwright's Responses projection (strict where the tool is),
 * every call runs through the toolwright executor (validation with repairable messages the model
 * reads, permission policy, hooks, timeouts, spill), the policy's `ask` is an Agents JS
 * interruption resumed with `state.approve()`, and deferred tools become callable once ToolSearch
 * loads them.
 *
 * @packageDocumentation
 */

export type {
  AgentsCallDetails,
  AgentsFunctionTool,
  AgentsRunContext,
  AgentsToolParameters,
} from './agents-function-tool.js';
export { OpenAiAgentsBridgeError, OpenAiAgentsBridgeErrorCode } from './openai-agents-bridge-error.js';
export type { AgentsRunnerOptions, OpenAiAgentsToolsOptions } from './openai-agents-tools-options.js';
export { toOpenAiAgentsTools } from './to-openai-agents-tools.js';
export type { AgentsOutputImage, AgentsOutputText, AgentsToolOutput, ImageDelivery } from './tool-output.js';
