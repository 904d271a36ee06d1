import { escapeHiddenCharacters, hasHiddenCharacters, stripHiddenCharacters } from '@toolwright/utils';

/**
 * Text from a server with control and invisible formatting characters removed (`\r\n` kept as
 * `\n`). The characters are the one rule of `@toolwright/utils` (`isHiddenCodePoint`), shared
 * with the hosts that escape the same set before printing.
 */
export function stripControlCharacters(text: string): string {
  return stripHiddenCharacters(text);
}

/** True when `text` holds any control character (tab and newline included) or invisible formatting. */
export function hasControlCharacters(text: string): boolean {
  return text.includes('\t') || text.includes('\n') || hasHiddenCharacters(text);
}

/**
 * A short printable preview of a name for diagnostics: control, bidirectional and invisible
 * characters shown as `\uXXXX`.
 */
export function printableName(name: string, maxLength = 80): string {
  return escapeHiddenCharacters(
    JSON.stringify(name.length > maxLength ? `${name.slice(0, maxLength)}…` : name),
  );
}
