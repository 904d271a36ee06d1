import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';
import { redactErrorChain, redactSecrets } from './auth/secret-redaction.js';

/**
 * Every code an {@link McpClientError} can carry. A plain `as const` object (not an enum) so
 * that callers can switch on the string and the list shows up in the type of `code`. Codes carry
 * no package prefix, as in every toolwright package: the error class says where they come from.
 */
export const McpClientErrorCode = {
  /** The `mcpServers` (or VS Code `servers`) configuration is not what the adapter accepts. */
  ConfigInvalid: 'config_invalid',
  /**
   * An options object of the package has an unknown key (named, with the nearest known one) or
   * a value out of range: the same code as every toolwright package uses for its options.
   */
  InvalidOption: 'invalid_option',
  /** A server could not be started or did not complete the MCP handshake. */
  ConnectFailed: 'connect_failed',
  /**
   * An OAuth server has no usable token and the run cannot ask the user to log in: its state is
   * `needs_auth`, and the message names the command that logs in.
   */
  NeedsAuth: 'needs_auth',
  /**
   * A server completed the handshake but its `tools/list` failed (an HTTP 401 or 403, an error
   * answer, a timeout): it is `failed`, not connected with no tools. `cause` is the request's error.
   */
  ListingFailed: 'listing_failed',
  /** A server did not answer within the configured time. */
  Timeout: 'timeout',
  /** The caller's `AbortSignal` fired before the server answered: the request was cancelled. */
  Aborted: 'aborted',
  /** The connection to a server was lost (the process exited, the HTTP session ended). */
  ConnectionLost: 'connection_lost',
  /**
   * A stdio server sent a message larger than the stdio message limit; the SDK dropped the
   * connection (the message names the server, the limit and the request that was waiting).
   */
  MessageTooLarge: 'message_too_large',
  /** A request was sent to a server that is not connected (closed, failed or unknown). */
  NotConnected: 'not_connected',
  /** The server answered with an error. */
  ServerError: 'server_error',
  /** A server name that is not configured. */
  UnknownServer: 'unknown_server',
  /**
   * A description of an untrusted folder's MCP configuration was given where a server definition
   * is expected: a folder's servers connect only once the user trusts the folder.
   */
  FolderUntrusted: 'folder_untrusted',
  /**
   * The adapter's private state on disk (OAuth tokens and registrations, folder trust records)
   * cannot be used: a link, another user's directory, a loose mode, a file system failure. The
   * message names the place; `cause` is the underlying error.
   */
  StateUnsafe: 'state_unsafe',
} as const;

/** The union of {@link McpClientErrorCode} values. */
export type McpClientErrorCode = (typeof McpClientErrorCode)[keyof typeof McpClientErrorCode];

/**
 * The one error class of the MCP client: everything the package throws is one. It extends the
 * project-wide `ToolwrightError`, so `ToolwrightError.isInstance(error)` recognises it too;
 * `server` names the MCP server the problem is about, when there is one. Its message and the
 * messages of its `cause` chain never hold a credential the client knows of, nor anything that
 * looks like one (see `redactSecrets`): a server that echoes its bearer token in an error body
 * does not get it printed.
 */
export class McpClientError extends ToolwrightError<McpClientErrorCode> {
  /** The configured name of the server the error is about, if any. */
  readonly server: string | undefined;

  constructor(code: McpClientErrorCode, message: string, options?: { server?: string; cause?: unknown }) {
    super(
      code,
      redactSecrets(message),
      options?.cause === undefined ? {} : { cause: redactErrorChain(options.cause) },
    );
    this.server = options?.server;
  }

  /** True for an error of this class, including one thrown by another installed copy; false for other toolwright errors. */
  declare static readonly isInstance: ErrorClassGuard<McpClientError>;

  static {
    brandErrorClass(McpClientError, 'toolwright.mcp-client.McpClientError');
  }
}
