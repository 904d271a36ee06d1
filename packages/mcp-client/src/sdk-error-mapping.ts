import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { redactSecrets } from './auth/secret-redaction.js';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * An error's message, with the cause's code or message when the message alone says nothing;
 * credentials redacted (a server's error body may echo its token).
 */
export function reasonOf(error: unknown): string {
  return redactSecrets(unredactedReasonOf(error));
}

/** How much of a server's HTTP error body a reason quotes. */
const MAX_QUOTED_BODY = 300;

function unredactedReasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The era probe's HTTP refusals carry the server's own explanation apart from the message.
  const body = error instanceof SdkHttpError ? error.data.text : undefined;
  if (typeof body === 'string' && body.trim() !== '' && !error.message.includes(body.trim())) {
    return `${error.message}: ${body.trim().slice(0, MAX_QUOTED_BODY)}`;
  }
  // `fetch failed` says nothing by itself; the cause says why (ECONNREFUSED, ENOTFOUND, ...).
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof cause?.code === 'string'
      ? cause.code
      : typeof cause?.message === 'string'
        ? cause.message
        : undefined;
  return detail === undefined || error.message.includes(detail)
    ? error.message
    : `${error.message} (${detail})`;
}

/** True for an HTTP failure that means the server or the session is gone, not a refused request. */
export function isHttpConnectionLoss(error: unknown): boolean {
  if (error instanceof SdkHttpError) return error.status === 404;
  // The legacy SSE transport's POST to a session the server no longer knows (it restarted).
  if (error instanceof Error && error.message.startsWith('Error POSTing to endpoint (HTTP 404)')) return true;
  // By name: undici's TypeError may come from another realm than this module's.
  return error instanceof Error && error.name === 'TypeError' && /fetch failed/i.test(error.message);
}

/** What a failed request is about, for its message. */
export interface RequestFailure {
  readonly server: string;
  /** What was asked, e.g. `tools/call "echo"`. */
  readonly operation: string;
  readonly timeoutMs: number;
  /**
   * The caller's signal, if any. The SDK rejects a request whose signal fired with the same
   * error code as a timeout, so only the signal tells a caller's abort from a timeout.
   */
  readonly signal: AbortSignal | undefined;
  /** `; its last output on stderr: "…"`, or `''` (see `StderrTail`). */
  readonly stderrSuffix: string;
  /**
   * Why the connection closed when the adapter knows better than the SDK's "Connection closed"
   * (a message over the stdio limit): replaces the generic explanation.
   */
  readonly closeReason: string | undefined;
}

/**
 * An SDK failure of one request as an {@link McpClientError} naming the server and the
 * request: `aborted` when the caller's signal fired, `timeout`, `connection_lost` (or
 * `message_too_large` when the connection closed because of an oversized message),
 * `server_error` for an error answer or anything else. An `McpClientError` passes through unchanged.
 */
export function mapRequestError(failure: RequestFailure, error: unknown): McpClientError {
  if (McpClientError.isInstance(error)) return error;
  const { server, operation } = failure;
  if (failure.signal?.aborted) {
    return new McpClientError(
      McpClientErrorCode.Aborted,
      `${operation} on MCP server "${server}" was aborted by the caller${abortReasonSuffix(failure.signal.reason)}; the request was cancelled`,
      { server, cause: error },
    );
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    // The total cap: progress, or the user's answers, kept restarting the request timeout until the whole call ran too long.
    const total = (error.data as { maxTotalTimeout?: unknown } | undefined)?.maxTotalTimeout;
    if (typeof total === 'number') {
      return new McpClientError(
        McpClientErrorCode.Timeout,
        `MCP server "${server}" did not finish ${operation} within ${total} ms in all (maxTotalRequestMs; progress and waiting for the user restart only the ${failure.timeoutMs} ms request timeout); the request was given up`,
        { server, cause: error },
      );
    }
    return new McpClientError(
      McpClientErrorCode.Timeout,
      `MCP server "${server}" did not answer ${operation} within ${failure.timeoutMs} ms; the request was cancelled`,
      { server, cause: error },
    );
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    if (failure.closeReason !== undefined) {
      return new McpClientError(McpClientErrorCode.MessageTooLarge, failure.closeReason, {
        server,
        cause: error,
      });
    }
    return new McpClientError(
      McpClientErrorCode.ConnectionLost,
      `MCP server "${server}" closed the connection during ${operation} (the process exited or the session ended)${failure.stderrSuffix}; the request may or may not have taken effect`,
      { server, cause: error },
    );
  }
  if (error instanceof ProtocolError) {
    return new McpClientError(
      McpClientErrorCode.ServerError,
      `MCP server "${server}" rejected ${operation}: ${error.message}`,
      { server, cause: error },
    );
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new McpClientError(
      McpClientErrorCode.ServerError,
      `${operation} on MCP server "${server}" was aborted`,
      { server, cause: error },
    );
  }
  return new McpClientError(
    McpClientErrorCode.ServerError,
    `${operation} on MCP server "${server}" failed: ${httpStatusOf(error)}${reasonOf(error)}`,
    { server, cause: error },
  );
}

/** `: <reason>` when the caller aborted with a reason of its own, else `''`. */
function abortReasonSuffix(reason: unknown): string {
  // A bare abort() gives a DOMException "This operation was aborted": it adds nothing.
  if (reason === undefined || (reason instanceof Error && reason.name === 'AbortError')) return '';
  const text = reason instanceof Error ? reason.message : String(reason);
  return text.trim() === '' ? '' : ` (${redactSecrets(text.trim())})`;
}

/** `HTTP 401: ` for a Streamable HTTP error answer (the SDK's message leaves the status out). */
function httpStatusOf(error: unknown): string {
  return error instanceof SdkHttpError && typeof error.status === 'number' && error.status >= 100
    ? `HTTP ${error.status}: `
    : '';
}
