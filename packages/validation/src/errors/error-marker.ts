/**
 * Sets `marker` on a class's prototype (not enumerable, not writable), so that every instance and
 * every subclass carries it without paying to define it per error. Markers are registered with
 * `Symbol.for`, so a second installed copy of the package sets and reads the same key.
 */
export function markPrototype(prototype: object, marker: symbol): void {
  Object.defineProperty(prototype, marker, { value: true });
}

/** True when `value` is an object that carries `marker` (own or inherited) set to `true`. */
export function carriesMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
