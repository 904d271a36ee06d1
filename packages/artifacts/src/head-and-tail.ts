/**
 * The one head-and-tail cut of toolwright: which bytes of a long text a preview keeps. The
 * artifact store's spill uses it for the preview beside a stored artifact, and the MCP adapter
 * for text the store refused, so a model sees the same kind of cut from every path.
 */

const NEWLINE = 0x0a;

/** True when `index` starts a UTF-8 character (or is the end): the byte there is not a continuation byte. */
function isCharacterBoundary(bytes: Uint8Array, index: number): boolean {
  return index >= bytes.length || ((bytes[index] as number) & 0xc0) !== 0x80;
}

/**
 * End (exclusive) of the head: at most `maxBytes`, on a character boundary, and at the end of a
 * line when one ends in the second half of the window (a short head is worse than a cut line).
 */
export function headEnd(bytes: Uint8Array, maxBytes: number): number {
  let end = Math.min(maxBytes, bytes.length);
  while (end > 0 && !isCharacterBoundary(bytes, end)) end--;
  if (end < bytes.length && end > 0) {
    const lastNewline = bytes.lastIndexOf(NEWLINE, end - 1);
    if (lastNewline >= 0 && lastNewline + 1 >= end / 2) end = lastNewline + 1;
  }
  return end;
}

/**
 * Start of the tail: the last `maxBytes` at most, never before `notBefore`, on a character
 * boundary, and at the start of a line when one starts in the first half of the window.
 */
export function tailStart(bytes: Uint8Array, maxBytes: number, notBefore: number): number {
  let start = Math.max(bytes.length - maxBytes, notBefore);
  while (start < bytes.length && !isCharacterBoundary(bytes, start)) start++;
  if (start > notBefore && start < bytes.length && bytes[start - 1] !== NEWLINE) {
    const nextNewline = bytes.indexOf(NEWLINE, start);
    const window = bytes.length - start;
    if (
      nextNewline >= 0 &&
      nextNewline + 1 < bytes.length &&
      bytes.length - (nextNewline + 1) >= window / 2
    ) {
      start = nextNewline + 1;
    }
  }
  return start;
}

/** A text's head and tail, each within its byte budget, and how much of the text lies between. */
export interface HeadAndTail {
  readonly head: string;
  readonly tail: string;
  /** UTF-8 bytes of the text in neither. */
  readonly omittedBytes: number;
  /** UTF-8 bytes of the whole text. */
  readonly byteLength: number;
}

/**
 * The first `headBytes` and last `tailBytes` (UTF-8) of `text`, cut as the spill preview cuts:
 * on character boundaries, preferably on line boundaries. A long text is encoded only at its two
 * ends, so this stays cheap on a text of hundreds of megabytes: the text the store refused.
 */
export function headAndTail(text: string, headBytes: number, tailBytes: number): HeadAndTail {
  const byteLength = Buffer.byteLength(text);
  if (text.length <= headBytes + tailBytes + 2) {
    const bytes = Buffer.from(text);
    const end = headEnd(bytes, headBytes);
    const start = tailStart(bytes, tailBytes, end);
    return {
      head: bytes.toString('utf8', 0, end),
      tail: bytes.toString('utf8', start),
      omittedBytes: start - end,
      byteLength,
    };
  }
  // Each window is one code unit longer than its budget in bytes, so it holds more bytes than
  // the budget and the cut sees one byte beyond it, as it does in the whole text (its line rule
  // needs that byte). A window may end (or start) inside a surrogate pair; that half encodes as
  // a 3-byte replacement character at the window's edge, which the budget never reaches.
  const headWindow = Buffer.from(text.slice(0, headBytes + 1));
  const tailWindow = Buffer.from(text.slice(text.length - tailBytes - 1));
  const end = headEnd(headWindow, headBytes);
  const start = tailStart(tailWindow, tailBytes, 0);
  return {
    head: headWindow.toString('utf8', 0, end),
    tail: tailWindow.toString('utf8', start),
    omittedBytes: byteLength - end - (tailWindow.length - start),
    byteLength,
  };
}
