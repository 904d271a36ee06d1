import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link ExecutorError} carries.
 *
 * - `invalid_option`: an option of the executor or the policy is unknown or out of range (the
 *   message names it, says what is accepted and suggests the nearest known name).
 * - `invalid_permission_rule`: a permission rule is not in one of the accepted forms.
 * - `invalid_session_id`: a session id outside the accepted alphabet or length.
 * - `invalid_stream_event`: a streamed tool-call event is malformed or out of order.
 * - `hook_failed`: a post-tool hook threw or gave an answer it may not (the call's output is withheld).
 * - `turn_stopped`: a post-tool hook stopped the turn (the abort reason of what it left unfinished).
 */
export const ExecutorErrorCode = {
  InvalidOption: 'invalid_option',
  InvalidPermissionRule: 'invalid_permission_rule',
  InvalidSessionId: 'invalid_session_id',
  InvalidStreamEvent: 'invalid_stream_event',
  /** A tool or artifact sink of an interface version this executor does not speak. */
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
  /** A post-tool hook threw or answered something it may not: the call fails, its output withheld. */
  HookFailed: 'hook_failed',
  /** A post-tool hook stopped the turn: the calls it left unfinished are aborted with this reason. */
  TurnStopped: 'turn_stopped',
} as const;

/** One of the codes in {@link ExecutorErrorCode}. */
export type ExecutorErrorCode = (typeof ExecutorErrorCode)[keyof typeof ExecutorErrorCode];

/** The error class of `@toolwright/executor`; a `ToolwrightError` with a marker of its own. */
export class ExecutorError extends ToolwrightError<ExecutorErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ExecutorError>;

  static {
    brandErrorClass(ExecutorError, 'toolwright.executor.ExecutorError', {
      formerKeys: ['toolwright.executor-error'],
    });
  }
}
