import {
  brandErrorClass,
  type ErrorClassGuard,
  ToolwrightError,
  type ToolwrightErrorOptions,
} from '@toolwright/utils';

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
  /** The model provider's API could not be reached or refused the request (the message names the URL). */
  ProviderFailed: 'provider_failed',
  /** A command-line option names a path that does not exist, or has a value outside its range. */
  OptionInvalid: 'option_invalid',
  /** A session directory or a file in it is a link, another user's, or not private (0700/0600). */
  UnsafeStateDirectory: 'unsafe_state_directory',
  /** `approvals approve|deny <id>` names no pending approval (never made, or answered already). */
  ApprovalNotFound: 'approval_not_found',
  /** Tracing could not start (another tracer provider is registered in this process). */
  TelemetryUnavailable: 'telemetry_unavailable',
  /** What an MCP server posted to the `--trace` receiver is not an OTLP/HTTP JSON trace export. */
  TraceExportInvalid: 'trace_export_invalid',
} as const;

/** One of {@link AgentErrorCode}. */
export type AgentErrorCode = (typeof AgentErrorCode)[keyof typeof AgentErrorCode];

/**
 * The one error class of the example agent. It extends the shared `ToolwrightError`, so
 * `ToolwrightError.isInstance` recognises it and its `code` is a stable string callers match on;
 * {@link AgentError.isInstance} tells it apart from the packages' own errors.
 */
export class AgentError extends ToolwrightError {
  override readonly code: AgentErrorCode;
  /**
   * True for an `AgentError` only, including one thrown by another installed copy; the inherited
   * check would accept any toolwright error (an `ExecutorError`, a `ToolValidationError`, ...).
   */
  declare static readonly isInstance: ErrorClassGuard<AgentError>;

  static {
    brandErrorClass(AgentError, 'toolwright.example-agent.AgentError', {
      formerKeys: ['toolwright.agent-error'],
    });
  }

  constructor(code: AgentErrorCode, message: string, options: ToolwrightErrorOptions = {}) {
    super(code, message, options);
    this.code = code;
  }
}
