/**
 * True for control characters (C0 except tab and newline, DEL, C1) and the invisible
 * formatting characters used to hide instructions from a human reviewer (zero-width
 * characters, bidirectional overrides and isolates, word joiners, the byte-order mark).
 * Written as code-point ranges rather than a regular expression so the ranges read plainly.
 */
function isHidden(code: number): boolean {
  return (
    (code <= 0x1f && code !== 0x09 && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}

/** Text from a server with control and invisible formatting characters removed (`\r\n` kept as `\n`). */
export function stripControlCharacters(text: string): string {
  const normalised = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let result = '';
  let start = 0;
  for (let index = 0; index < normalised.length; index += 1) {
    if (isHidden(normalised.charCodeAt(index))) {
      result += normalised.slice(start, index);
      start = index + 1;
    }
  }
  return start === 0 ? normalised : result + normalised.slice(start);
}

/** True when `text` holds any control character (tab and newline included) or invisible formatting. */
export function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x09 || code === 0x0a || isHidden(code)) return true;
  }
  return false;
}

/** A short printable preview of a name for diagnostics: control characters shown as `\uXXXX`. */
export function printableName(name: string, maxLength = 80): string {
  return JSON.stringify(name.length > maxLength ? `${name.slice(0, maxLength)}…` : name);
}
