/**
 * The characters no untrusted text may hand a terminal, a log or a reviewer raw, as inclusive
 * code-point ranges. One table, so that every package hides, strips or escapes the same set:
 *
 * - C0 controls except tab and newline (ESC starts the sequences that clear the screen, set the
 *   window title or draw OSC 8 links; CR and BS overwrite what was printed), DEL and C1 controls
 *   (0x9b is a one-byte CSI on some terminals);
 * - bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/U+200F,
 *   U+202A–U+202E, U+2066–U+2069), which reorder what is shown so that it differs from what is
 *   run or sent ("Trojan Source");
 * - invisible format characters that hide text from a human reviewer: soft hyphen, Mongolian
 *   vowel separator, zero-width space/joiners, line and paragraph separators, word joiner and
 *   invisible operators, deprecated format controls, the byte-order mark, interlinear annotation
 *   marks, tag characters (U+E0000–U+E007F, "ASCII smuggling") and the supplementary variation
 *   selectors (U+E0100–U+E01EF), which carry hidden bytes after an ordinary character.
 */
const HIDDEN_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x61c, 0x61c],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
  [0xe0000, 0xe007f],
  [0xe0100, 0xe01ef],
];

function rangeSource([from, to]: readonly [number, number]): string {
  const hex = (code: number) => `\\u{${code.toString(16)}}`;
  return from === to ? hex(from) : `${hex(from)}-${hex(to)}`;
}

/** The table as one character class, built once: replacing with a regular expression is fast. */
const HIDDEN_CLASS = `[${HIDDEN_RANGES.map(rangeSource).join('')}]`;
const HIDDEN_ANYWHERE = new RegExp(HIDDEN_CLASS, 'u');
const HIDDEN_ALL = new RegExp(HIDDEN_CLASS, 'gu');
/** CR before LF is a line ending, not an overwrite; a lone CR is hidden like any control. */
const CRLF = /\r\n/g;

/**
 * True for a code point that no untrusted text may carry to a terminal, a log or a model
 * unescaped: controls other than tab and newline, bidirectional controls and invisible format
 * characters (the table above).
 */
export function isHiddenCodePoint(codePoint: number): boolean {
  for (const [from, to] of HIDDEN_RANGES) {
    if (codePoint < from) return false;
    if (codePoint <= to) return true;
  }
  return false;
}

/** True when `text` holds a code point {@link isHiddenCodePoint} refuses (a CR before LF included). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_ANYWHERE.test(text);
}

function escapeUnits(character: string): string {
  let escaped = '';
  for (let index = 0; index < character.length; index += 1) {
    escaped += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
  }
  return escaped;
}

/**
 * `text` safe to print on a terminal: every hidden character (see {@link isHiddenCodePoint})
 * written visibly as `\uXXXX` (a supplementary one as its two UTF-16 escapes), `\r\n` as `\n`,
 * tabs and newlines kept. The escapes are JSON's own, so JSON text stays valid JSON with the
 * same value: inside a string they stand for the same character, and `JSON.stringify` never
 * puts one outside a string.
 */
export function escapeHiddenCharacters(text: string): string {
  if (!HIDDEN_ANYWHERE.test(text)) return text;
  return text.replace(CRLF, '\n').replace(HIDDEN_ALL, escapeUnits);
}

/**
 * `text` with every hidden character removed and `\r\n` (or a lone `\r`) turned into `\n`: for
 * text a model reads, where an escape would be noise but a hidden instruction must not pass.
 */
export function stripHiddenCharacters(text: string): string {
  if (!HIDDEN_ANYWHERE.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(HIDDEN_ALL, '');
}
