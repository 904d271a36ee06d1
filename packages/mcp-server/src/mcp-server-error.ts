import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link McpServerError} carries.
 *
 * - `invalid_option`: an option of the server, the HTTP listener or a definition is unknown or
 *   out of range (the message names it, says what is accepted and suggests the nearest name).
 * - `invalid_config_module`: the module given to the bin exports nothing it can serve.
 * - `client_capability_missing`: a tool asked the client for sampling or elicitation, which
 *   the client did not declare.
 * - `server_closed`: a connection was offered after `close()` began.
 * - `listen_failed`: the HTTP listener could not bind its address.
 * - `unsupported_specification_version`: a tool of an interface version this package does not
 *   speak (the message names both versions).
 */
export const McpServerErrorCode = {
  InvalidOption: 'invalid_option',
  InvalidConfigModule: 'invalid_config_module',
  ClientCapabilityMissing: 'client_capability_missing',
  ServerClosed: 'server_closed',
  ListenFailed: 'listen_failed',
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
} as const;

/** One of the codes in {@link McpServerErrorCode}. */
export type McpServerErrorCode = (typeof McpServerErrorCode)[keyof typeof McpServerErrorCode];

/** The error class of `@toolwright/mcp-server`; a `ToolwrightError` with a marker of its own. */
export class McpServerError extends ToolwrightError<McpServerErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<McpServerError>;

  static {
    brandErrorClass(McpServerError, 'toolwright.mcp-server.McpServerError', {
      formerKeys: ['toolwright.mcp-server-error'],
    });
  }
}
