// The reference agent's public surface: copy from it, or compose it into your own agent.

export {
  type AgentEvent,
  AgentLoop,
  type AgentLoopOptions,
  type AgentRunResult,
  DEFAULT_SYSTEM_PROMPT,
} from './agent/agent-loop.js';
export { connectionReminders, describeConnectionChange } from './agent/connection-reminder.js';
export {
  type DrainedEvents,
  drainSystemReminders,
  formatReminderMessage,
  type McpEventSource,
  remindersOf,
} from './agent/system-reminders.js';
export {
  type CatalogEntry,
  type CatalogView,
  describeCatalog,
  estimateTokens,
  formatCatalog,
} from './cli/catalog-view.js';
export { createProgram, type ProgramIo, runProgram } from './cli/program.js';
export { type LineSink, Transcript, type TranscriptOptions } from './cli/transcript.js';
export {
  type AgentConfig,
  AgentConfigSchema,
  CONFIG_FILE_NAME,
  loadAgentConfig,
  parseAgentConfig,
} from './config/agent-config.js';
export { loadMcpConfig, MCP_CONFIG_FILE_NAME } from './config/mcp-config.js';
export { loadUserConfig, type UserConfig, userConfigDirectory } from './config/user-config.js';
export {
  loadWorkspaceSettings,
  type ProjectFiles,
  type WorkspaceSettings,
  type WorkspaceSettingsOptions,
} from './config/workspace-settings.js';
export { type DemoOptions, type DemoReport, runDemo } from './demo/run-demo.js';
export { AgentError, AgentErrorCode } from './errors.js';
export { type ConnectedMcpServers, connectMcpServers, demoServerConfigs } from './mcp/mcp-servers.js';
export { AnthropicProvider, type AnthropicProviderOptions } from './providers/anthropic-provider.js';
export {
  createProvider,
  DEFAULT_MODELS,
  type ProviderSelection,
  resolveProviderId,
} from './providers/create-provider.js';
export { GeminiProvider, type GeminiProviderOptions } from './providers/gemini-provider.js';
export {
  type ConversationMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelResponse,
  type ModelToolCall,
  type ModelToolResult,
  type ModelUsage,
  PROVIDER_IDS,
  type ProviderId,
} from './providers/model-provider.js';
export { OpenAiChatProvider, type OpenAiChatProviderOptions } from './providers/openai-chat-provider.js';
export {
  OpenAiResponsesProvider,
  type OpenAiResponsesProviderOptions,
} from './providers/openai-responses-provider.js';
export {
  loadScenarioFile,
  parseScenario,
  type Scenario,
  ScenarioSchema,
  type ScenarioTurn,
} from './providers/scenario.js';
export { ScriptedProvider, type ScriptedProviderOptions } from './providers/scripted-provider.js';
export {
  type AgentSession,
  type AgentSessionOptions,
  createAgentSession,
  defaultStateDirectory,
  type PermissionRules,
} from './session/agent-session.js';
export type { ArtifactScope, SessionArtifacts } from './session/session-artifacts.js';
export { SessionMode } from './session/session-mode.js';
export {
  TASK_STATUSES,
  type TaskPatch,
  type TaskRecord,
  type TaskStatus,
  TaskStore,
} from './session/task-store.js';
export { type BuiltinToolContext, createBuiltinTools } from './tools/builtin-tools.js';
export { createEditTool } from './tools/edit-tool.js';
export { createGlobTool } from './tools/glob-tool.js';
export { createGrepTool } from './tools/grep-tool.js';
export { createPlanModeTools, PLAN_MODE_APPROVALS } from './tools/plan-mode-tools.js';
export { createReadArtifactTool, type ReadArtifactToolOptions } from './tools/read-artifact-tool.js';
export { createReadTool } from './tools/read-tool.js';
export { createTaskTools } from './tools/task-tools.js';
export { createWriteTool } from './tools/write-tool.js';
