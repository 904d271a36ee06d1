/**
 * Unsigned integer arrays as narrow as their values allow. A search index of 10,000 tools holds
 * over a quarter of a million entries (a term number, a slot or a weighted frequency each); with
 * fewer than 65,536 terms or slots and frequencies under 256, 32- and 16-bit elements carried
 * bytes that were always zero. An array is widened, never wrong, when a larger value comes.
 */
export type UintArray = Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>;

/** The largest value each width holds. */
const UINT8_MAX = 0xff;
const UINT16_MAX = 0xffff;

/** A zeroed array of `length` elements, the narrowest that holds values up to `max`. */
export function uintArrayFor(length: number, max: number): UintArray {
  if (max <= UINT8_MAX) return new Uint8Array(length);
  if (max <= UINT16_MAX) return new Uint16Array(length);
  return new Uint32Array(length);
}

function maxOf(array: UintArray): number {
  if (array instanceof Uint8Array) return UINT8_MAX;
  if (array instanceof Uint16Array) return UINT16_MAX;
  return 0xffffffff;
}

/** `array` when it holds `value`, else a copy as long, wide enough for it. */
export function holding(array: UintArray, value: number): UintArray {
  if (value <= maxOf(array)) return array;
  const wider = uintArrayFor(array.length, value);
  wider.set(array);
  return wider;
}

/**
 * Room for `needed` elements: the same array while it fits, else a copy of the same width with
 * half as much again spare (not double: an index lives as long as its catalog, and the spare room
 * would too).
 */
export function withRoom(array: UintArray, needed: number): UintArray {
  if (needed <= array.length) return array;
  const grown = uintArrayFor(Math.max(needed, Math.ceil(array.length * 1.5), 16), maxOf(array));
  grown.set(array);
  return grown;
}

/**
 * The first `length` elements, whose values are at most `max`, in the narrowest array that holds
 * them, without spare room beyond a quarter; `array` itself when it is that already.
 */
export function narrowed(array: UintArray, length: number, max: number): UintArray {
  const narrowest = uintArrayFor(0, max);
  if (narrowest.constructor === array.constructor && array.length <= length + (length >> 2)) return array;
  const copy = uintArrayFor(length, max);
  copy.set(array.subarray(0, length));
  return copy;
}
