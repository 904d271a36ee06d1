/**
 * The path of the first value in `value` that does not survive a JSON round trip unchanged
 * (`undefined`, functions, symbols, bigints, non-finite numbers, class instances such as `Date`,
 * symbol keys, cycles), or `undefined` when it is plain JSON.
 */
export function findNonJsonValue(value: unknown, path = ''): string | undefined {
  return walk(value, path, new Set());
}

function walk(value: unknown, path: string, ancestors: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') {
    return undefined;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : `${path || '/'} (${value})`;
  }
  if (typeof value !== 'object') {
    return `${path || '/'} (${typeof value})`;
  }
  if (ancestors.has(value)) {
    return `${path || '/'} (cycle)`;
  }
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    return `${path || '/'} (${Object.prototype.toString.call(value)})`;
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    return `${path || '/'} (symbol key)`;
  }
  ancestors.add(value);
  for (const [key, child] of Object.entries(value)) {
    const found = walk(child, `${path}/${key}`, ancestors);
    if (found !== undefined) {
      return found;
    }
  }
  ancestors.delete(value);
  return undefined;
}
