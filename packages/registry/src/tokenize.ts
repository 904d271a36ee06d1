/**
 * Words too common in tool descriptions to tell tools apart. Dropping them keeps posting lists
 * short; BM25 would give them a near-zero weight anyway. `mcp` starts every MCP tool name
 * (`mcp__server__tool`), so its posting list would hold the whole catalog.
 */
const STOP_WORDS = new Set(
  'mcp a an and are as at be by for from if in into is it its of on or that the this to use with you your'.split(
    ' ',
  ),
);

// Splits `readFile`, `HTTPServer`, `getV2Items` at their case and digit boundaries. ASCII classes
// without the `u` flag run several times faster than `\p{...}` classes, and tool names are ASCII.
const CASE_BOUNDARY = /([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])/g;
// Anything but ASCII letters and digits separates words, except non-ASCII characters, which are
// kept as word characters so that descriptions in other scripts still index (`é`, CJK, ...).
const NON_WORD = /[^A-Za-z0-9\u00C0-\uFFFF]+/;

/**
 * Reduces the plural forms tool text mostly contains (`files`, `entries`) to one term, so a
 * query for `file` finds `files`. Deliberately tiny: a full stemmer would merge unrelated names.
 */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * Turns tool text (names such as `mcp__github__create_issue` or `readFile`, descriptions, tags)
 * into search terms: split at case changes and non-word characters, lower-cased, stop words
 * dropped, plurals reduced. The same function serves documents and queries.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const spaced = text.replace(CASE_BOUNDARY, '$1$3 $2$4');
  for (const piece of spaced.split(NON_WORD)) {
    if (piece.length === 0) continue;
    const word = piece.toLowerCase();
    if (STOP_WORDS.has(word)) continue;
    terms.push(singular(word));
  }
  return terms;
}
