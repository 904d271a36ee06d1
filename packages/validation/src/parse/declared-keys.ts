import { planHoldsNoObject, type SchemaPlan } from '../schema/schema-plan.js';

/**
 * What the argument guard's scan checks of a value's keys while it walks the value anyway, so
 * that a call the library accepts needs no second walk to apply the unknown-argument policy.
 * Compiled once per plan by {@link compileDeclaredKeys}.
 */
export interface DeclaredKeys {
  /**
   * For an object: its declared names, each with what to check below it; `undefined` when the
   * schema sets no rule on an object's keys here.
   */
  readonly names: ReadonlyMap<string, DeclaredKeys> | undefined;
  /** Whether a key not in `names` is undeclared (`additionalProperties: false`, no patterns). */
  readonly closed: boolean;
  /** For an array: what to check in each item; `undefined` when nothing. */
  readonly items: DeclaredKeys | undefined;
}

/**
 * What the scan found out: no undeclared key, one at least, or a place it cannot judge (a union,
 * `allOf`, pattern or schema-valued additional properties, a tuple), where the caller asks the
 * full check instead.
 */
export type UndeclaredVerdict = 'none' | 'found' | 'unsure';

/** Nothing to check at or below this node: its values are never objects, or it sets no key rule. */
export const NO_KEY_RULES: DeclaredKeys = Object.freeze({
  names: undefined,
  closed: false,
  items: undefined,
});

/** A node the scan cannot judge: an object met here makes the verdict `'unsure'`. */
export const UNSURE_KEYS: DeclaredKeys = Object.freeze({ names: undefined, closed: false, items: undefined });

const compiled = new WeakMap<SchemaPlan, DeclaredKeys>();

/**
 * Compiles a plan into the key rules the scan follows. It answers as the unknown-key check of
 * the valid path (`compileUndeclaredCheck`) does wherever a node's rule depends only on the key:
 * a closed object's declared names, an open object's declared children, an array's items. Where
 * the answer depends on more than the key (which union member, which pattern), the node is
 * {@link UNSURE_KEYS}. Recursive plans are closed by registering a node before its children.
 */
export function compileDeclaredKeys(plan: SchemaPlan): DeclaredKeys {
  const known = compiled.get(plan);
  if (known !== undefined) return known;
  if (planHoldsNoObject(plan)) return remember(plan, NO_KEY_RULES);
  const additional = plan.additional;
  if (
    plan.union !== undefined ||
    plan.allOf !== undefined ||
    plan.tuple !== undefined ||
    plan.patterns !== undefined ||
    (additional !== undefined && additional !== false)
  ) {
    return remember(plan, UNSURE_KEYS);
  }
  const keys: {
    names: Map<string, DeclaredKeys> | undefined;
    closed: boolean;
    items: DeclaredKeys | undefined;
  } = { names: undefined, closed: additional === false, items: undefined };
  compiled.set(plan, keys);
  if (plan.properties !== undefined || additional === false) {
    const names = new Map<string, DeclaredKeys>();
    for (const property of plan.properties ?? [])
      names.set(property.name, compileDeclaredKeys(property.plan));
    keys.names = names;
  }
  if (plan.items !== undefined) keys.items = compileDeclaredKeys(plan.items);
  return keys;
}

function remember(plan: SchemaPlan, keys: DeclaredKeys): DeclaredKeys {
  compiled.set(plan, keys);
  return keys;
}
