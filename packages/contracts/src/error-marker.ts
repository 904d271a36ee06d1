import { ToolwrightError } from '@toolwright/validation';

/** True when `value` is a toolwright error carrying `marker` (own or inherited). */
export function carriesMarker(value: unknown, marker: symbol): boolean {
  return ToolwrightError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[marker] === true;
}

/**
 * Sets `marker` on a class's prototype (not enumerable, not writable): every instance and every
 * subclass carries it, and creating an error does not pay for defining it.
 */
export function markPrototype(prototype: object, marker: symbol): void {
  Object.defineProperty(prototype, marker, { value: true });
}
