/** Bytes of a text's head and tail kept in a preview when the text itself cannot be stored (as the store's spill keeps). */
export const PREVIEW_HEAD_BYTES = 8 * 1024;
export const PREVIEW_TAIL_BYTES = 4 * 1024;

/** A text's head and tail, each within its byte budget, and how much of the text lies between. */
export interface HeadAndTail {
  readonly head: string;
  readonly tail: string;
  /** UTF-8 bytes of the text in neither. */
  readonly omittedBytes: number;
  /** UTF-8 bytes of the whole text. */
  readonly byteLength: number;
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Code units of `text` from the start that fit in `maxBytes` of UTF-8, never splitting a character. */
function headLength(text: string, maxBytes: number): number {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const codePoint = text.codePointAt(index) as number;
    const size = utf8Length(codePoint);
    if (bytes + size > maxBytes) break;
    bytes += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return index;
}

/** Code units of `text` from the end that fit in `maxBytes` of UTF-8, never splitting a character. */
function tailLength(text: string, maxBytes: number, floor: number): number {
  let bytes = 0;
  let start = text.length;
  while (start > floor) {
    const low = text.charCodeAt(start - 1);
    const pair =
      start - 2 >= floor &&
      low >= 0xdc00 &&
      low <= 0xdfff &&
      text.charCodeAt(start - 2) >= 0xd800 &&
      text.charCodeAt(start - 2) <= 0xdbff;
    const size = pair ? 4 : utf8Length(low);
    if (bytes + size > maxBytes) break;
    bytes += size;
    start -= pair ? 2 : 1;
  }
  return text.length - start;
}

/**
 * The first `headBytes` and last `tailBytes` (UTF-8) of `text`, cut on character boundaries.
 * Reads only the two ends (and one `Buffer.byteLength` pass), so it is cheap on a text of
 * hundreds of megabytes — the case it exists for: text the artifact store refused.
 */
export function headAndTail(
  text: string,
  headBytes = PREVIEW_HEAD_BYTES,
  tailBytes = PREVIEW_TAIL_BYTES,
): HeadAndTail {
  const byteLength = Buffer.byteLength(text);
  const headEnd = headLength(text, headBytes);
  const tailStart = text.length - tailLength(text, tailBytes, headEnd);
  const head = text.slice(0, headEnd);
  const tail = text.slice(tailStart);
  return {
    head,
    tail,
    omittedBytes: byteLength - Buffer.byteLength(head) - Buffer.byteLength(tail),
    byteLength,
  };
}
