import { ToolwrightError } from '@toolwright/validation';

/**
 * Every code an {@link McpAdapterError} can carry. A plain `as const` object (not an enum) so
 * that callers can switch on the string and the list shows up in the type of `code`.
 */
export const McpAdapterErrorCode = {
  /** The `mcpServers` configuration is not what the adapter accepts. */
  ConfigInvalid: 'mcp_config_invalid',
  /** A server could not be started or did not complete the MCP handshake. */
  ConnectFailed: 'mcp_connect_failed',
  /** A server did not answer within the configured time. */
  Timeout: 'mcp_timeout',
  /** The connection to a server was lost (the process exited, the HTTP session ended). */
  ConnectionLost: 'mcp_connection_lost',
  /** A request was sent to a server that is not connected (closed, failed or unknown). */
  NotConnected: 'mcp_not_connected',
  /** The server does not advertise the capability a request needs. */
  CapabilityMissing: 'mcp_capability_missing',
  /** The server answered with an error. */
  ServerError: 'mcp_server_error',
  /** `structuredContent` did not match the tool's declared `outputSchema` (carried by the error result). */
  OutputSchemaMismatch: 'mcp_output_schema_mismatch',
  /** A task id that this session did not start (or that does not exist). */
  TaskNotOwned: 'mcp_task_not_owned',
  /** A server name that is not configured. */
  UnknownServer: 'mcp_unknown_server',
} as const;

/** The union of {@link McpAdapterErrorCode} values. */
export type McpAdapterErrorCode = (typeof McpAdapterErrorCode)[keyof typeof McpAdapterErrorCode];

const MCP_ADAPTER_ERROR_MARKER: unique symbol = Symbol.for('toolwright.mcp_adapter_error') as never;

/**
 * The one error class of the adapter. It extends the project-wide `ToolwrightError`, so
 * `ToolwrightError.isInstance(error)` recognises it across duplicate installs; `server` names
 * the MCP server the problem is about, when there is one.
 */
export class McpAdapterError extends ToolwrightError {
  /** The configured name of the server the error is about, if any. */
  readonly server: string | undefined;
  /** Cross-install recognition marker for this subclass. */
  readonly [MCP_ADAPTER_ERROR_MARKER] = true;
  declare readonly code: McpAdapterErrorCode;

  constructor(code: McpAdapterErrorCode, message: string, options?: { server?: string; cause?: unknown }) {
    super(code, message, options?.cause === undefined ? {} : { cause: options.cause });
    this.server = options?.server;
  }

  /** True for any `McpAdapterError`, including one thrown by another installed copy. */
  static override isInstance(value: unknown): value is McpAdapterError {
    return (
      ToolwrightError.isInstance(value) &&
      (value as { [MCP_ADAPTER_ERROR_MARKER]?: unknown })[MCP_ADAPTER_ERROR_MARKER] === true
    );
  }
}
