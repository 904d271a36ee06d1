import type { SchemaPlan } from '../schema/schema-plan.js';
import { cloneDefault, copyRecord } from './copy-record.js';

/** What filling defaults needs to know beyond the plan. */
export interface DefaultFiller {
  /** The union member a valid value belongs to (asked only when a member has defaults below it). */
  pickMember(members: readonly SchemaPlan[], value: unknown): SchemaPlan | undefined;
  /** Tests an object key against a `patternProperties` pattern. */
  matchesPattern(pattern: string, key: string): boolean;
}

/**
 * Fills missing defaults into a value that is already valid, copy-on-write, visiting only the
 * parts of the value under which the schema has a default.
 */
export function fillDefaults(plan: SchemaPlan, value: unknown, filler: DefaultFiller): unknown {
  if (!plan.defaultsBelow || typeof value !== 'object' || value === null) return value;
  let current: unknown = value;
  if (Array.isArray(current)) {
    const tuple = plan.tuple ?? [];
    let output: unknown[] | undefined;
    for (let index = 0; index < current.length; index++) {
      const itemPlan = index < tuple.length ? tuple[index] : plan.items;
      if (itemPlan === undefined || !itemPlan.defaultsBelow) continue;
      const item = current[index];
      const filled = fillDefaults(itemPlan, item, filler);
      if (filled !== item) {
        output ??= current.slice();
        output[index] = filled;
      }
    }
    current = output ?? current;
  } else if (plan.properties !== undefined || plan.additional !== undefined) {
    const input = current as Record<string, unknown>;
    let output: Record<string, unknown> | undefined;
    for (const property of plan.properties ?? []) {
      const item = input[property.name];
      if (item === undefined) {
        if (property.fallback === undefined) continue;
        output ??= copyRecord(input);
        output[property.name] = cloneDefault(property.fallback.value);
      } else if (property.plan.defaultsBelow) {
        const filled = fillDefaults(property.plan, item, filler);
        if (filled !== item) {
          output ??= copyRecord(input);
          output[property.name] = filled;
        }
      }
    }
    const additional = plan.additional;
    const patterns = plan.patterns?.filter((entry) => entry.plan.defaultsBelow) ?? [];
    const additionalDefaults = additional !== undefined && additional !== false && additional.defaultsBelow;
    if (additionalDefaults || patterns.length > 0) {
      for (const key of Object.keys(input)) {
        if (plan.propertyNames?.has(key)) continue;
        let subplan: SchemaPlan | undefined;
        for (const entry of patterns) if (filler.matchesPattern(entry.pattern, key)) subplan = entry.plan;
        if (subplan === undefined && additionalDefaults) subplan = additional;
        if (subplan === undefined) continue;
        const filled = fillDefaults(subplan, (output ?? input)[key], filler);
        if (filled !== input[key]) {
          output ??= copyRecord(input);
          output[key] = filled;
        }
      }
    }
    current = output ?? current;
  }
  for (const member of plan.allOf ?? []) current = fillDefaults(member, current, filler);
  if (plan.union !== undefined) {
    const member = filler.pickMember(plan.union, current);
    if (member !== undefined) current = fillDefaults(member, current, filler);
  }
  return current;
}
