// An oracle for freezing tests, independent of the code under test.

/** Every object reachable from `value` through own keys (symbols too), `value` itself included, each once. */
export function objectNodes(value: unknown, seen = new Set<object>()): object[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [...seen];
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) objectNodes((value as Record<PropertyKey, unknown>)[key], seen);
  return [...seen];
}
