import { SdkHttpError } from '@modelcontextprotocol/client';
import { oauthConfigOf } from './auth/oauth-connection.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { McpServerDefinition } from './server-definition.js';

/** The HTTP status of a Streamable HTTP error answer in `error` or its causes. */
function httpStatusIn(error: unknown): number | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof SdkHttpError && typeof current.status === 'number') return current.status;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The error of a connect whose `tools/list` failed after the handshake (`listing_failed`).
 * A 401 from a server configured without `oauth` says what would help: the server wants
 * credentials the config does not give.
 */
export function listingFailure(definition: McpServerDefinition, listingError: unknown): McpClientError {
  const server = definition.name;
  // Redacted with the rest of the message by McpClientError.
  const reason = listingError instanceof Error ? listingError.message : String(listingError);
  const hint =
    httpStatusIn(listingError) === 401 && oauthConfigOf(definition) === undefined
      ? '; the server asks for authorization: give it an "oauth" entry, or "headers" with a token'
      : '';
  return new McpClientError(
    McpClientErrorCode.ListingFailed,
    `MCP server "${server}" completed the handshake, but listing its tools failed: ${reason}${hint}`,
    { server, cause: listingError },
  );
}
