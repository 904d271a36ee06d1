// The argument-guard floor the valid-input build() benchmarks of Standard Schema libraries print
// beside their figure: the least walk that checks the caller's arguments before library code
// sees them (plain objects only, declared keys only — which also rules out "__proto__" and the
// like —, JSON values only, and a bound on their size as JSON), written by hand for the two
// shapes the benchmarks use. Each returns false where a real guard would have to look further
// (a value of a type the shape does not allow): never on the benchmarks' valid input.

type Params = Record<string, unknown>;

function hasPlainPrototype(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Upper bound of a primitive's size as JSON: a string's 6 bytes per unit (`\u0000`) and quotes, a number's 25. */
function primitiveBytes(value: unknown): number {
  if (typeof value === 'string') return value.length * 6 + 2;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return 25;
  return Number.POSITIVE_INFINITY;
}

/** Read-like arguments: one object of declared primitives. */
export function guardReadLikeByHand(input: Params, maxBytes: number): boolean {
  if (!hasPlainPrototype(input)) return false;
  let bytes = 2;
  for (const key in input) {
    if (key !== 'file_path' && key !== 'offset' && key !== 'limit') return false;
    const value = input[key];
    if (value !== undefined) bytes += key.length * 6 + 4 + primitiveBytes(value);
  }
  return bytes <= maxBytes;
}

/** Edit-like arguments: an object holding an array of objects of declared primitives. */
export function guardEditLikeByHand(input: Params, maxBytes: number): boolean {
  if (!hasPlainPrototype(input)) return false;
  let bytes = 2;
  for (const key in input) {
    const value = input[key];
    if (key === 'file_path') bytes += key.length * 6 + 4 + primitiveBytes(value);
    else if (key === 'edits' && Array.isArray(value)) bytes += key.length * 6 + 4 + editsBytes(value);
    else return false;
  }
  return bytes <= maxBytes;
}

function editsBytes(edits: readonly unknown[]): number {
  let bytes = edits.length + 1;
  for (let index = 0; index < edits.length; index++) {
    const edit = edits[index];
    if (typeof edit !== 'object' || edit === null || !hasPlainPrototype(edit))
      return Number.POSITIVE_INFINITY;
    bytes += 2;
    for (const key in edit) {
      if (key !== 'old_string' && key !== 'new_string' && key !== 'replace_all')
        return Number.POSITIVE_INFINITY;
      const value = (edit as Params)[key];
      if (value !== undefined) bytes += key.length * 6 + 4 + primitiveBytes(value);
    }
  }
  return bytes;
}
