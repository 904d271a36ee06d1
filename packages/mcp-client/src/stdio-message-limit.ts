import { constants } from 'node:buffer';
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/client';
import type { NumberRule } from '@toolwright/utils';

/**
 * The largest message a stdio server may send by default: the SDK's own limit
 * (`STDIO_DEFAULT_MAX_BUFFER_SIZE` of its stdio `ReadBuffer`, 10 MiB), taken from the SDK so
 * that the adapter never claims a limit the SDK does not apply.
 */
export const DEFAULT_STDIO_MAX_MESSAGE_BYTES: number = STDIO_DEFAULT_MAX_BUFFER_SIZE;

/**
 * What `stdioMaxMessageBytes` accepts: at least 1 byte, and no more than the longest string
 * the runtime can make (the SDK decodes each message into one string before parsing it).
 */
export const STDIO_MAX_MESSAGE_BYTES_RANGE: NumberRule = Object.freeze({
  kind: 'number',
  min: 1,
  max: constants.MAX_STRING_LENGTH,
  integer: true,
});

// The SDK's words when a message outgrew the buffer (shared/stdio.js, ReadBuffer.append). It
// then clears the buffer and closes the transport, ending the server process.
const READ_BUFFER_OVERFLOW = /^ReadBuffer exceeded maximum size of (\d+) bytes$/;

/** The methods whose answer is a catalog listing: asked again after every reconnect. */
const LISTING_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'];

/** The limit named by the SDK's error for a stdio message over its read buffer, else `undefined`. */
export function stdioOverflowLimitOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = READ_BUFFER_OVERFLOW.exec(error.message);
  return match === null ? undefined : Number(match[1]);
}

/** True when one of the requests waiting for the oversized message was a catalog listing. */
export function includesListing(operations: readonly string[]): boolean {
  return operations.some((operation) => LISTING_METHODS.includes(operation));
}

/**
 * What happened, in words naming the server, the limit and the requests that were waiting
 * (the SDK cannot say which one the message answered: it refused it unread).
 */
export function describeStdioOverflow(server: string, limit: number, waiting: readonly string[]): string {
  const mebibytes = limit / (1024 * 1024);
  const size = `${limit.toLocaleString('en-US')} bytes${Number.isInteger(mebibytes) ? ` (${mebibytes} MiB)` : ''}`;
  const during =
    waiting.length === 0
      ? ''
      : ` while ${waiting.join(', ')} ${waiting.length === 1 ? 'was' : 'were'} waiting`;
  return `MCP server "${server}" sent a message larger than the stdio message limit of ${size}${during}; the MCP SDK refused it and dropped the connection, ending the server process (raise the adapter option stdioMaxMessageBytes if the server is expected to send that much)`;
}

/** What follows a message over the stdio limit. */
export interface OverflowVerdict {
  /** Whether the usual reconnect loop may help. */
  readonly reconnect: boolean;
  /** What happened (and why there is no reconnect, when there is none), for the phase and errors. */
  readonly reason: string;
}

/**
 * When a catalog listing was waiting, reconnecting cannot help: every reconnect lists the
 * catalog again and gets the same answer, so the server should fail at once (the host may
 * raise the limit and call `reconnect`). Otherwise — a large tool result, say — the usual
 * reconnect loop runs.
 */
export function overflowVerdict(server: string, limit: number, waiting: readonly string[]): OverflowVerdict {
  const reason = describeStdioOverflow(server, limit, waiting);
  return includesListing(waiting)
    ? {
        reconnect: false,
        reason: `${reason}; not reconnecting, since every reconnect lists the catalog again and would get the same answer`,
      }
    : { reconnect: true, reason };
}
