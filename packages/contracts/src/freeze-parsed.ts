/**
 * Deep-freezes the value a parse returned without freezing anything the caller still owns.
 *
 * Validation's parse is copy-on-write: a node of the result is either the input's node at the
 * same place (nothing in it needed a change) or a node the parse made. The two trees are walked
 * side by side: nodes the parse made are frozen in place (cheap: no copy), nodes shared with the
 * input are copied as they are frozen, so the caller's objects stay writable.
 *
 * Only plain objects and arrays are walked (what JSON arguments are made of); anything else — a
 * `Date`, a typed array from a TypeBox `Uint8Array` field — is passed through as is. Recursion
 * depth is bounded by validation's argument depth limit, which runs before this.
 */
export function freezeParsed<T>(value: T, input: unknown): T {
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  if (value === input) {
    return frozenCopy(value);
  }
  // Read at the same key or index; a primitive or absent input yields no object to compare.
  const counterpart = input as Record<string, unknown> | null | undefined;
  if (Array.isArray(value)) {
    // Stryker disable next-line EqualityOperator: one step past the end reads `undefined`, which is skipped
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      // Stryker disable next-line ConditionalExpression: the check only saves a call; freezeParsed returns a primitive as is
      if (typeof item === 'object') {
        const frozen = freezeParsed(item, counterpart?.[index]);
        // Unchanged items are not written back: the parse may return a node it froze itself.
        if (frozen !== item) {
          value[index] = frozen;
        }
      }
    }
    return Object.freeze(value);
  }
  if (!isPlainObject(value)) {
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const child = record[key];
    // Stryker disable next-line ConditionalExpression: the check only saves a call; freezeParsed returns a primitive as is
    if (typeof child === 'object') {
      // An enumerable key inherited from a polluted prototype is not the record's data.
      if (Object.hasOwn(record, key)) {
        const frozen = freezeParsed(child, counterpart?.[key]);
        if (frozen !== child) {
          record[key] = frozen;
        }
      }
    }
  }
  return Object.freeze(value);
}

/**
 * A deeply frozen copy of `value` (plain objects and arrays; other objects are passed through).
 * Used for the parts of a parse result that are still the caller's objects.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  if (Array.isArray(value)) {
    const copy = value.slice();
    // Stryker disable next-line EqualityOperator: one step past the end reads `undefined`, which is skipped
    for (let index = 0; index < copy.length; index++) {
      const item: unknown = copy[index];
      // Stryker disable next-line ConditionalExpression: the check only saves a call; frozenCopy returns a primitive as is
      if (typeof item === 'object') {
        copy[index] = frozenCopy(item);
      }
    }
    return Object.freeze(copy) as T;
  }
  if (!isPlainObject(value)) {
    return value;
  }
  const copy = copyRecord(value as Record<string, unknown>);
  for (const key in copy) {
    const child = copy[key];
    // Stryker disable next-line ConditionalExpression: the check only saves a call; frozenCopy returns a primitive as is
    if (typeof child === 'object') {
      if (Object.hasOwn(copy, key)) {
        copy[key] = frozenCopy(child);
      }
    }
  }
  return Object.freeze(copy) as T;
}

/** True for objects with the plain or null prototype: what JSON arguments are made of. */
export function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A shallow copy that keeps the prototype (plain or null). `Object.assign` is the copy V8 freezes
 * fastest afterwards; it would call the `__proto__` setter for an own `__proto__` key, so such a
 * record (validation refuses them, a foreign validator might not) is copied key by key instead.
 */
export function copyRecord(record: Record<string, unknown>): Record<string, unknown> {
  const prototype = Object.getPrototypeOf(record);
  // Stryker disable next-line ConditionalExpression,BlockStatement: the key-by-key copy makes the same record (symbol keys aside, which JSON has none of); this one is only faster
  if (prototype === Object.prototype && !Object.hasOwn(record, '__proto__')) {
    return Object.assign({}, record);
  }
  const copy: Record<string, unknown> = Object.create(prototype);
  for (const key of Object.keys(record)) {
    Object.defineProperty(copy, key, {
      value: record[key],
      enumerable: true,
      writable: true,
      // Stryker disable next-line BooleanLiteral: every copy is frozen next, which makes each property non-configurable anyway
      configurable: true,
    });
  }
  return copy;
}
