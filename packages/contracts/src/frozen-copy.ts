/**
 * A deeply frozen copy of a parsed value, made in one pass.
 *
 * Validation's parse is copy-on-write: parts of the arguments that needed no repair are shared
 * with the caller's input. Freezing those in place would freeze the caller's own objects, so
 * plain objects and arrays are copied as they are frozen — one walk, no second clone.
 *
 * Only plain objects and arrays are copied (what JSON arguments are made of). Anything else — a
 * `Date`, a typed array from a TypeBox `Uint8Array` field — is passed through as is. Recursion
 * depth is bounded by validation's argument depth limit, which runs before this.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  if (Array.isArray(value)) {
    const copy = value.slice();
    for (let index = 0; index < copy.length; index++) {
      const item: unknown = copy[index];
      if (typeof item === 'object' && item !== null) {
        copy[index] = frozenCopy(item);
      }
    }
    return Object.freeze(copy) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) {
    return Object.getPrototypeOf(value) === null ? (frozenCopyOfNullPrototype(value) as T) : value;
  }
  // Spread defines data properties (an own "__proto__" key stays a key) and is V8's fastest
  // shallow copy; only object-valued keys need a second look.
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  // for-in walks V8's enum cache without allocating a key list; the own-property check keeps
  // an enumerable property added to Object.prototype from being copied in.
  for (const key in copy) {
    const child = copy[key];
    if (typeof child === 'object' && child !== null && Object.hasOwn(copy, key)) {
      copy[key] = frozenCopy(child);
    }
  }
  return Object.freeze(copy) as T;
}

function frozenCopyOfNullPrototype(value: object): object {
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    copy[key] = frozenCopy((value as Record<string, unknown>)[key]);
  }
  return Object.freeze(copy);
}
