import { ToolwrightError } from '@toolwright/validation';

/** Error codes the example agent raises, beside the packages' own. */
export const AgentErrorCode = {
  ConfigInvalid: 'config_invalid',
  ScenarioInvalid: 'scenario_invalid',
  ScenarioDiverged: 'scenario_diverged',
  ProviderUnavailable: 'provider_unavailable',
  ToolNotFound: 'tool_not_found',
  McpServerUnavailable: 'mcp_server_unavailable',
  Interrupted: 'interrupted',
  ArgumentsInvalid: 'arguments_invalid',
} as const;

/** One of {@link AgentErrorCode}. */
export type AgentErrorCode = (typeof AgentErrorCode)[keyof typeof AgentErrorCode];

/**
 * The one error class of the example agent. It extends the shared `ToolwrightError`, so
 * `ToolwrightError.isInstance` recognises it and its `code` is a stable string callers match on.
 */
export class AgentError extends ToolwrightError {
  override readonly code: AgentErrorCode;

  constructor(code: AgentErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'AgentError';
    this.code = code;
  }
}
