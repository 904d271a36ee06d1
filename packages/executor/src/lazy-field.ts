/**
 * A field made when first read, as an own enumerable accessor: a call's `idempotencyKey` (a
 * SHA-256 of its arguments) and a context's `pathAccess`, which most tools and hosts never read.
 * Every object shares one pair of accessor functions per field, which read what they need from a
 * hidden slot: an object literal with getters of its own carries its own accessor pair, which V8
 * keeps in a map of its own — about 1 KB a call, for a field nobody reads.
 */
export interface LazyField<Value> {
  /** Gives `target` the field, made by `make` when first read; `assignable` lets a plain assignment replace it. */
  define<T extends object>(target: T, make: () => Value, options: { readonly assignable: boolean }): T;
}

interface FieldState<Value> {
  value: Value | undefined;
  make: (() => Value) | undefined;
}

/** The lazy field `name`: define it once per module, for every object that has it. */
export function lazyField<Value>(name: string): LazyField<Value> {
  // Not enumerable: a spread or a copy of the object takes the field's value, not this slot.
  const slot = Symbol(`toolwright.lazy.${name}`);
  type Holder = { readonly [slot]: FieldState<Value> };
  function read(this: Holder): Value | undefined {
    const state = this[slot];
    if (state.make !== undefined) {
      const make = state.make;
      state.make = undefined;
      state.value = make();
    }
    return state.value;
  }
  const readOnly: PropertyDescriptor = { get: read, enumerable: true, configurable: true };
  const assignable: PropertyDescriptor = {
    get: read,
    set(this: Holder, value: Value) {
      const state = this[slot];
      state.value = value;
      state.make = undefined;
    },
    enumerable: true,
    configurable: true,
  };
  return {
    define(target, make, options) {
      const state: FieldState<Value> = { value: undefined, make };
      Object.defineProperty(target, slot, { value: state, configurable: true });
      return Object.defineProperty(target, name, options.assignable ? assignable : readOnly);
    },
  };
}
