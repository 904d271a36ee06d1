import { planHoldsNoObject, type SchemaPlan } from '../schema/schema-plan.js';

/**
 * What the argument guard's scan checks of a value's keys while it walks the value anyway, so
 * that a call the library accepts needs no second walk to apply the unknown-argument policy.
 * Compiled once per plan by {@link compileDeclaredKeys}.
 */
export interface DeclaredKeys {
  /**
   * For an object: its declared names; `undefined` when the schema sets no rule on an object's
   * keys here. What to check below each is at the same index of `rules`.
   */
  readonly names: readonly string[] | undefined;
  /** What to check below each of `names`, index for index. */
  readonly rules: readonly DeclaredKeys[];
  /**
   * Each of `names` with its index, for an object declaring more than
   * {@link LINEAR_LOOKUP_LIMIT} names; `undefined` for fewer, where comparing the key with
   * each name in turn is faster than a map lookup (for-in keys are interned strings).
   */
  readonly indexOfName: ReadonlyMap<string, number> | undefined;
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

/** Most declared names looked up by comparing the key with each in turn (measured: 8 beat a Map). */
export const LINEAR_LOOKUP_LIMIT = 8;

const NO_RULES: readonly DeclaredKeys[] = Object.freeze([]);

/** Nothing to check at or below this node: its values are never objects, or it sets no key rule. */
export const NO_KEY_RULES: DeclaredKeys = Object.freeze({
  names: undefined,
  rules: NO_RULES,
  indexOfName: undefined,
  closed: false,
  items: undefined,
});

/** A node the scan cannot judge: an object met here makes the verdict `'unsure'`. */
export const UNSURE_KEYS: DeclaredKeys = Object.freeze({
  names: undefined,
  rules: NO_RULES,
  indexOfName: undefined,
  closed: false,
  items: undefined,
});

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
    names: string[] | undefined;
    rules: DeclaredKeys[];
    indexOfName: Map<string, number> | undefined;
    closed: boolean;
    items: DeclaredKeys | undefined;
  } = { names: undefined, rules: [], indexOfName: undefined, closed: additional === false, items: undefined };
  compiled.set(plan, keys);
  if (plan.properties !== undefined || additional === false) {
    const names: string[] = [];
    for (const property of plan.properties ?? []) {
      names.push(property.name);
      keys.rules.push(compileDeclaredKeys(property.plan));
    }
    keys.names = names;
    if (names.length > LINEAR_LOOKUP_LIMIT)
      keys.indexOfName = new Map(names.map((name, index) => [name, index]));
  }
  if (plan.items !== undefined) keys.items = compileDeclaredKeys(plan.items);
  return keys;
}

function remember(plan: SchemaPlan, keys: DeclaredKeys): DeclaredKeys {
  compiled.set(plan, keys);
  return keys;
}
