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
    const copy = new Array(value.length);
    for (let index = 0; index < value.length; index++) {
      copy[index] = frozenCopy(value[index]);
    }
    return Object.freeze(copy) as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return value;
  }
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    const child = frozenCopy((value as Record<string, unknown>)[key]);
    if (key === '__proto__') {
      // A plain assignment would change the copy's prototype instead of adding the key.
      Object.defineProperty(copy, key, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      copy[key] = child;
    }
  }
  return Object.freeze(copy) as T;
}
