import { redactErrorChain, redactSecrets } from '@toolwright/mcp-client';
import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link McpAdapterError} can carry. A plain `as const` object (not an enum) so
 * that callers can switch on the string and the list shows up in the type of `code`. Codes carry
 * no package prefix, as in every toolwright package: the error class says where they come from.
 */
export const McpAdapterErrorCode = {
  /**
   * An options object of the package has an unknown key (named, with the nearest known one) or
   * a value out of range: the same code as every toolwright package uses for its options.
   */
  InvalidOption: 'invalid_option',
  /** A server did not answer within the configured time. */
  Timeout: 'timeout',
  /** The caller's `AbortSignal` fired before the server answered: the request was cancelled. */
  Aborted: 'aborted',
  /** The server does not advertise the capability a request needs. */
  CapabilityMissing: 'capability_missing',
  /** `structuredContent` did not match the tool's declared `outputSchema` (carried by the error result). */
  OutputSchemaMismatch: 'output_schema_mismatch',
  /** A task id that this session did not start (or that does not exist). */
  TaskNotOwned: 'task_not_owned',
  /** A server name that is not configured. */
  UnknownServer: 'unknown_server',
} as const;

/** The union of {@link McpAdapterErrorCode} values. */
export type McpAdapterErrorCode = (typeof McpAdapterErrorCode)[keyof typeof McpAdapterErrorCode];

/**
 * The one error class of the adapter: everything the package throws is one. It extends the
 * project-wide `ToolwrightError`, so `ToolwrightError.isInstance(error)` recognises it too;
 * `server` names the MCP server the problem is about, when there is one. Its message and the
 * messages of its `cause` chain never hold a credential the adapter knows of, nor anything that
 * looks like one (see `redactSecrets`): a server that echoes its bearer token in an error body
 * does not get it printed.
 */
export class McpAdapterError extends ToolwrightError<McpAdapterErrorCode> {
  /** The configured name of the server the error is about, if any. */
  readonly server: string | undefined;

  constructor(code: McpAdapterErrorCode, message: string, options?: { server?: string; cause?: unknown }) {
    super(
      code,
      redactSecrets(message),
      options?.cause === undefined ? {} : { cause: redactErrorChain(options.cause) },
    );
    this.server = options?.server;
  }

  /**
   * The code as releases before 0.2 spelt it, with an `mcp_` prefix (`mcp_timeout` for
   * `timeout`), for a host that still compares with it. `invalid_option` never had one.
   * @deprecated compare `code` with {@link McpAdapterErrorCode}; removed in the next minor.
   */
  get formerCode(): string {
    return this.code === McpAdapterErrorCode.InvalidOption ? this.code : `mcp_${this.code}`;
  }

  /** True for an error of this class, including one thrown by another installed copy; false for other toolwright errors. */
  declare static readonly isInstance: ErrorClassGuard<McpAdapterError>;

  static {
    brandErrorClass(McpAdapterError, 'toolwright.mcp-adapter.McpAdapterError', {
      formerKeys: ['toolwright.mcp_adapter_error'],
    });
  }
}
