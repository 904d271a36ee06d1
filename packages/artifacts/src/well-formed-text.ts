/**
 * A surrogate with no partner: a high one not followed by a low one, or a low one not preceded
 * by a high one. Without the `u` flag the pattern sees UTF-16 code units, which is the point.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+FFFD in UTF-8: what `Buffer.from(text, 'utf8')` writes in place of each lone surrogate. */
const REPLACEMENT_CHARACTER_UTF8 = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * Index (in UTF-16 code units) of the first lone surrogate of `text`, or -1 when it is
 * well-formed. `String.prototype.isWellFormed` is not in Node 20, so this checks by hand. A
 * string with a lone surrogate has no UTF-8 form: encoding it writes U+FFFD instead, so two
 * strings that differ only there encode (and hash) the same.
 */
export function findLoneSurrogate(text: string): number {
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}

/** The UTF-8 bytes of `text`, and where it is not well-formed (-1 when the bytes are exact). */
export interface Utf8Encoding {
  bytes: Buffer;
  loneSurrogateAt: number;
}

/**
 * Encodes `text` as UTF-8 and says whether the bytes are exact. The common case costs one native
 * scan of the bytes: without a U+FFFD among them no lone surrogate was replaced; only when one is
 * there (a real U+FFFD, or a replaced surrogate) is the string itself searched.
 */
export function encodeUtf8(text: string): Utf8Encoding {
  const bytes = Buffer.from(text, 'utf8');
  const loneSurrogateAt = bytes.includes(REPLACEMENT_CHARACTER_UTF8) ? findLoneSurrogate(text) : -1;
  return { bytes, loneSurrogateAt };
}

/** `lone surrogate U+D800 at index 12`: where a string stops being well-formed. */
export function describeLoneSurrogate(text: string, index: number): string {
  const unit = text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0');
  return `lone surrogate U+${unit} at index ${index}`;
}
