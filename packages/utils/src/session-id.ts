/** The longest session id, in characters: a UUID fits with room for a prefix. */
export const MAX_SESSION_ID_LENGTH = 128;

/**
 * The accepted session ids: a letter or digit, then letters, digits, `_` and `-`, at most
 * {@link MAX_SESSION_ID_LENGTH} characters in all. Hosts build directories from session ids; with
 * this alphabet no id can contain a separator, `..` or a NUL, so no id can name a directory
 * outside the state directory. Every package that takes a session id checks it against this one
 * pattern, so an id one package accepts is never refused by the next.
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** {@link SESSION_ID_PATTERN} in words, for the messages that refuse an id. */
export const SESSION_ID_RULE =
  '1 to 128 characters of letters, digits, "_" and "-", starting with a letter or digit (a UUID fits)';

/** True when `id` is a string that matches {@link SESSION_ID_PATTERN}. */
export function isSessionId(id: unknown): id is string {
  return typeof id === 'string' && SESSION_ID_PATTERN.test(id);
}
