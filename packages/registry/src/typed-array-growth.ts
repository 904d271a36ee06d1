/**
 * Room for `needed` elements in a typed array that grows as a search index fills: the same array
 * while it fits, else a copy with half as much again spare (not double: an index lives as long as
 * its catalog, and the spare room would too).
 */
export function withRoomUint32(array: Uint32Array<ArrayBuffer>, needed: number): Uint32Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const grown = new Uint32Array(Math.max(needed, Math.ceil(array.length * 1.5), 16));
  grown.set(array);
  return grown;
}
