import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Why a client's resume of an MCP stream (`Last-Event-ID`) was refused.
 *
 * - `events_dropped`: later events of its stream were dropped to keep the store within its
 *   bounds, or the store no longer holds the session's events at all (they expired). Replaying
 *   the rest would hide the loss; the message names the bounds. A server answers HTTP 410.
 * - `unknown_event`: the id is not one this store gives (`<streamId>_<sequence>`).
 * - `invalid_option`: the resume was asked wrongly (no `send` function); the message says so.
 */
export const McpResumeErrorCode = {
  EventsDropped: 'events_dropped',
  UnknownEvent: 'unknown_event',
  InvalidOption: 'invalid_option',
} as const;

/** One of {@link McpResumeErrorCode}. */
export type McpResumeErrorCode = (typeof McpResumeErrorCode)[keyof typeof McpResumeErrorCode];

/** A resume after an event id was refused: nothing was replayed; `code` says why. */
export class McpResumeError extends ToolwrightError<McpResumeErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<McpResumeError>;

  static {
    brandErrorClass(McpResumeError, 'toolwright.redis.McpResumeError');
  }
}
