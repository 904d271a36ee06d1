import type { SchemaPlan } from '../schema/schema-plan.js';

/**
 * For a value that passed the check of the schema as written, tells whether it also has no
 * extra keys where the closed schema refuses them — the one difference between the two. This
 * walk is much cheaper than a compiled `additionalProperties: false` check (which allocates
 * per object). `undefined` means "cannot tell without a full check": a union with closed objects
 * below it (which member the value belongs to decides which keys are allowed).
 */
export function closedKeysHold(
  plan: SchemaPlan,
  value: unknown,
  matchesPattern: (pattern: string, key: string) => boolean,
): boolean | undefined {
  if (!plan.closedBelow || typeof value !== 'object' || value === null) return true;
  if (plan.union !== undefined && plan.union.some((member) => member.closedBelow)) return undefined;
  if (Array.isArray(value)) {
    const tuple = plan.tuple ?? [];
    for (let index = 0; index < value.length; index++) {
      const itemPlan = index < tuple.length ? tuple[index] : plan.items;
      if (itemPlan === undefined || !itemPlan.closedBelow) continue;
      const verdict = closedKeysHold(itemPlan, value[index], matchesPattern);
      if (verdict !== true) return verdict;
    }
  } else {
    const record = value as Record<string, unknown>;
    const { propertyNames, patterns, additional } = plan;
    if (
      additional === false ||
      (additional !== undefined && additional.closedBelow) ||
      patterns !== undefined
    ) {
      for (const key in record) {
        if (propertyNames?.has(key)) continue;
        let matched = false;
        for (const entry of patterns ?? []) {
          if (!matchesPattern(entry.pattern, key)) continue;
          matched = true;
          const verdict = closedKeysHold(entry.plan, record[key], matchesPattern);
          if (verdict !== true) return verdict;
        }
        if (matched) continue;
        if (additional === false) return false;
        if (additional !== undefined) {
          const verdict = closedKeysHold(additional, record[key], matchesPattern);
          if (verdict !== true) return verdict;
        }
      }
    }
    for (const property of plan.properties ?? []) {
      if (!property.plan.closedBelow) continue;
      const item = record[property.name];
      if (item === undefined) continue;
      const verdict = closedKeysHold(property.plan, item, matchesPattern);
      if (verdict !== true) return verdict;
    }
  }
  for (const member of plan.allOf ?? []) {
    const verdict = closedKeysHold(member, value, matchesPattern);
    if (verdict !== true) return verdict;
  }
  return true;
}
