/** Escapes one reference token of a JSON pointer (RFC 6901: `~` -> `~0`, `/` -> `~1`). */
export function escapePointerToken(token: string): string {
  return token.includes('~') || token.includes('/')
    ? token.replaceAll('~', '~0').replaceAll('/', '~1')
    : token;
}

/** `path` extended by one token. */
export function appendPointer(path: string, token: string): string {
  return `${path}/${escapePointerToken(token)}`;
}

/** The reference tokens of a JSON pointer, unescaped. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}
