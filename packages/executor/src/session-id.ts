import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/**
 * The accepted session ids: a letter or digit, then letters, digits, `_` and `-`, at most 128
 * characters in all (a UUID fits). Hosts build directories from session ids; with this alphabet
 * no id can contain a separator, `..` or a NUL, so no id can name a directory outside the
 * state directory.
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Throws `invalid_session_id`, saying what is accepted, unless `id` matches {@link SESSION_ID_PATTERN}. */
export function assertSessionId(id: unknown): asserts id is string {
  if (typeof id === 'string' && SESSION_ID_PATTERN.test(id)) return;
  const shown =
    typeof id === 'string' ? JSON.stringify(id.length > 60 ? `${id.slice(0, 60)}…` : id) : String(id);
  throw new ExecutorError(
    ExecutorErrorCode.InvalidSessionId,
    `Invalid session id ${shown}: a session id is 1 to 128 characters of letters, digits, "_" and "-", starting with a letter or digit (a UUID fits).`,
  );
}
