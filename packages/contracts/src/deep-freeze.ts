/**
 * Freezes `value` and everything reachable from it, in place, and returns it.
 *
 * Used on values the caller already owns exclusively (the fresh output of a parse, a cloned
 * projection), so nothing is copied: freezing in place is what keeps `build()` cheap. The walk
 * is iterative (no stack overflow on deep values) and freezes a node before visiting its
 * children, so an already-frozen node is a visited node and cycles terminate.
 *
 * Typed arrays and `DataView`s cannot be frozen by the language; their object is left open.
 * Functions are not data: they are neither frozen nor walked, as in the params freezers.
 */
export function deepFreeze<T>(value: T): T {
  // `null` counts as frozen, like every primitive.
  if (typeof value !== 'object' || Object.isFrozen(value)) {
    return value;
  }
  const pending: object[] = [value as object];
  while (pending.length > 0) {
    const node = pending.pop() as object;
    if (ArrayBuffer.isView(node)) {
      continue;
    }
    Object.freeze(node);
    // Arrays are the common case in tool params; iterating their items allocates no key list.
    // Stryker disable next-line ConditionalExpression,BlockStatement: `for...in` below reaches an array's items too, only slower (`true` fails every test: a plain object is not iterable)
    if (Array.isArray(node)) {
      for (const child of node as unknown[]) {
        // `null` is frozen too, so only open objects are pushed.
        if (typeof child === 'object' && !Object.isFrozen(child)) {
          pending.push(child as object);
        }
      }
      continue;
    }
    for (const key in node) {
      const child: unknown = (node as Record<string, unknown>)[key];
      if (typeof child === 'object' && !Object.isFrozen(child)) {
        pending.push(child as object);
      }
    }
  }
  return value;
}

/** True when `value` and everything reachable from it is frozen (typed arrays excepted). */
export function isDeeplyFrozen(value: unknown): boolean {
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node) || ArrayBuffer.isView(node)) {
      continue;
    }
    if (!Object.isFrozen(node)) {
      return false;
    }
    seen.add(node);
    for (const key of Reflect.ownKeys(node)) {
      pending.push((node as Record<PropertyKey, unknown>)[key]);
    }
  }
  return true;
}
