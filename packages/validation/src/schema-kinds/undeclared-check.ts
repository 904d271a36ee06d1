import { planAcceptsValueType, planHoldsNoObject, type SchemaPlan } from '../schema/schema-plan.js';

/** True when the value holds a key its schema does not declare. */
export type UndeclaredCheck = (value: unknown) => boolean;

const NEVER: UndeclaredCheck = () => false;
const compiled = new WeakMap<SchemaPlan, UndeclaredCheck>();

/**
 * Compiles the unknown-key check of the valid path once per plan into closures: each object
 * node gets a map from declared name to its child's check (none for leaves such as strings),
 * so a call allocates nothing and skips every primitive. Recursive plans are closed through a
 * forwarding entry registered before the children are compiled.
 */
export function compileUndeclaredCheck(
  plan: SchemaPlan,
  matchesPattern: (pattern: string, key: string) => boolean,
): UndeclaredCheck {
  const known = compiled.get(plan);
  if (known !== undefined) return known;
  if (planHoldsNoObject(plan)) {
    compiled.set(plan, NEVER);
    return NEVER;
  }
  let target: UndeclaredCheck = NEVER;
  const forward: UndeclaredCheck = (value) => target(value);
  compiled.set(plan, forward);
  target = build(plan, matchesPattern);
  compiled.set(plan, target);
  return target;
}

function build(plan: SchemaPlan, matchesPattern: (pattern: string, key: string) => boolean): UndeclaredCheck {
  const child = (next: SchemaPlan): UndeclaredCheck => compileUndeclaredCheck(next, matchesPattern);
  if (plan.union !== undefined) {
    const members = plan.union.map((member) => ({ member, check: child(member) }));
    return (value) => {
      if (typeof value !== 'object' || value === null) return false;
      let typed = false;
      for (const { member, check } of members) {
        if (!planAcceptsValueType(member, value)) continue;
        typed = true;
        if (!check(value)) return false;
      }
      return typed;
    };
  }
  const allOf = plan.allOf?.map(child);
  const items = plan.items === undefined ? undefined : child(plan.items);
  const tuple = plan.tuple?.map(child);
  const properties = new Map<string, UndeclaredCheck>();
  for (const property of plan.properties ?? []) properties.set(property.name, child(property.plan));
  const patterns = plan.patterns?.map(({ pattern, plan: patternPlan }) => ({
    pattern,
    check: child(patternPlan),
  }));
  const additional = plan.additional;
  const additionalCheck = additional === false || additional === undefined ? undefined : child(additional);
  const objectRules = plan.properties !== undefined || additional !== undefined || patterns !== undefined;
  return (value) => {
    if (typeof value !== 'object' || value === null) return false;
    if (allOf !== undefined) for (const check of allOf) if (check(value)) return true;
    if (Array.isArray(value)) {
      if (items === undefined && tuple === undefined) return false;
      for (let index = 0; index < value.length; index++) {
        const check = tuple?.[index] ?? items;
        if (check !== undefined && check !== NEVER && check(value[index])) return true;
      }
      return false;
    }
    if (!objectRules) return false;
    const record = value as Record<string, unknown>;
    // The argument guard admitted only plain JSON objects, so for-in sees own keys only.
    for (const key in record) {
      const declared = properties.get(key);
      if (declared !== undefined) {
        if (declared !== NEVER && declared(record[key])) return true;
        continue;
      }
      const pattern = patterns?.find((entry) => matchesPattern(entry.pattern, key));
      if (pattern !== undefined) {
        if (pattern.check(record[key])) return true;
      } else if (additional === false) return true;
      else if (additionalCheck?.(record[key])) return true;
    }
    return false;
  };
}
