import type { SchemaPlan } from '../schema/schema-plan.js';
import { cloneDefault, copyRecord } from './copy-record.js';
import { objectFillerFor } from './object-filler.js';

/** What filling defaults needs to know beyond the plan. */
export interface DefaultFiller {
  /** The union member a valid value belongs to (asked only when a member has defaults below it). */
  pickMember(members: readonly SchemaPlan[], value: unknown): SchemaPlan | undefined;
  /** Tests an object key against a `patternProperties` pattern. */
  matchesPattern(pattern: string, key: string): boolean;
}

const boundFills = new WeakMap<DefaultFiller, (plan: SchemaPlan, value: unknown) => unknown>();

/** `fillDefaults` bound to one filler, made once per filler (generated fillers call it per child). */
function boundFill(filler: DefaultFiller): (plan: SchemaPlan, value: unknown) => unknown {
  let bound = boundFills.get(filler);
  if (bound === undefined) {
    bound = (plan, value) => fillDefaults(plan, value, filler);
    boundFills.set(filler, bound);
  }
  return bound;
}

function fillArray(plan: SchemaPlan, input: unknown[], filler: DefaultFiller): unknown[] {
  const tuple = plan.tuple;
  const tupleLength = tuple === undefined ? 0 : tuple.length;
  let output: unknown[] | undefined;
  for (let index = 0; index < input.length; index++) {
    const itemPlan = index < tupleLength ? tuple![index] : plan.items;
    if (itemPlan === undefined || !itemPlan.defaultsBelow) continue;
    const item = input[index];
    const filled = fillDefaults(itemPlan, item, filler);
    if (filled !== item) {
      output ??= input.slice();
      output[index] = filled;
    }
  }
  return output ?? input;
}

function fillObject(
  plan: SchemaPlan,
  input: Record<string, unknown>,
  filler: DefaultFiller,
): Record<string, unknown> {
  const generated = objectFillerFor(plan);
  if (generated !== undefined) return generated(input, boundFill(filler));
  let output: Record<string, unknown> | undefined;
  const properties = plan.properties;
  if (properties !== undefined) {
    for (let index = 0; index < properties.length; index++) {
      const property = properties[index]!;
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
  }
  const additional = plan.additional;
  const additionalDefaults = additional !== undefined && additional !== false && additional.defaultsBelow;
  const patterns = plan.patterns;
  if (additionalDefaults || patterns?.some((entry) => entry.plan.defaultsBelow)) {
    for (const key of Object.keys(input)) {
      if (plan.propertyNames?.has(key)) continue;
      let subplan: SchemaPlan | undefined;
      for (const entry of patterns ?? []) {
        if (entry.plan.defaultsBelow && filler.matchesPattern(entry.pattern, key)) subplan = entry.plan;
      }
      if (subplan === undefined && additionalDefaults) subplan = additional;
      if (subplan === undefined) continue;
      const filled = fillDefaults(subplan, input[key], filler);
      if (filled !== input[key]) {
        output ??= copyRecord(input);
        output[key] = filled;
      }
    }
  }
  return output ?? input;
}

/**
 * Fills missing defaults into a value that is already valid, copy-on-write, visiting only the
 * parts of the value under which the schema has a default. Allocation-free until a default is
 * actually missing (this runs on every valid call).
 */
export function fillDefaults(plan: SchemaPlan, value: unknown, filler: DefaultFiller): unknown {
  if (!plan.defaultsBelow || typeof value !== 'object' || value === null) return value;
  let current: unknown = Array.isArray(value)
    ? fillArray(plan, value, filler)
    : plan.properties !== undefined || plan.additional !== undefined || plan.patterns !== undefined
      ? fillObject(plan, value as Record<string, unknown>, filler)
      : value;
  if (plan.allOf !== undefined) {
    for (const member of plan.allOf) current = fillDefaults(member, current, filler);
  }
  if (plan.union !== undefined) {
    const member = filler.pickMember(plan.union, current);
    if (member !== undefined) current = fillDefaults(member, current, filler);
  }
  return current;
}
