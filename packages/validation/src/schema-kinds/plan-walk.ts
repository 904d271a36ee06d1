import { appendPointer } from '../schema/json-pointer.js';
import { planAcceptsValueType, type SchemaPlan } from '../schema/schema-plan.js';

/** The plan of a declared property, looked up through a per-plan map built once. */
export function propertyPlan(plan: SchemaPlan, name: string): SchemaPlan | undefined {
  if (plan.properties === undefined) return undefined;
  let byName = propertiesByPlan.get(plan);
  if (byName === undefined) {
    byName = new Map(plan.properties.map((property) => [property.name, property.plan]));
    propertiesByPlan.set(plan, byName);
  }
  return byName.get(name);
}

const propertiesByPlan = new WeakMap<SchemaPlan, Map<string, SchemaPlan>>();

/** The plan a key of an object follows: declared, pattern, additional; `false` when refused. */
function keyPlan(
  plan: SchemaPlan,
  key: string,
  matchesPattern: (pattern: string, key: string) => boolean,
): SchemaPlan | false | undefined {
  const declared = propertyPlan(plan, key);
  if (declared !== undefined) return declared;
  if (plan.patterns !== undefined) {
    for (const { pattern, plan: patternPlan } of plan.patterns) {
      if (matchesPattern(pattern, key)) return patternPlan;
    }
  }
  return plan.additional;
}

/** An undeclared key: where its object is, its name and the object's plan (for did-you-mean). */
export interface UndeclaredKey {
  readonly objectPath: string;
  readonly key: string;
  readonly value: unknown;
  readonly plan: SchemaPlan;
}

/**
 * Finds keys the JSON Schema projection does not declare (objects are closed, as the model is
 * told), up to `limit`. Vendors differ here — Zod strips unknown keys by default, ArkType keeps
 * them, Valibot drops them — so the tool's own unknown-argument policy is applied by this walk,
 * before the vendor's result is used. Unions pass when one member of the value's type accepts
 * every key. Recursion follows the value, whose depth the argument guard has capped.
 */
export function findUndeclaredKeys(
  plan: SchemaPlan,
  value: unknown,
  path: string,
  limit: number,
  matchesPattern: (pattern: string, key: string) => boolean,
  found: UndeclaredKey[] = [],
): UndeclaredKey[] {
  if (typeof value !== 'object' || value === null || found.length >= limit) return found;
  if (plan.union !== undefined) {
    // Report against the member the value most likely meant: one whose discriminating constants
    // match (a tagged union's `kind`), then the one with the fewest undeclared keys.
    let best: { keys: UndeclaredKey[]; rank: number } | undefined;
    for (const member of plan.union) {
      if (!planAcceptsValueType(member, value)) continue;
      const keys = findUndeclaredKeys(member, value, path, limit, matchesPattern);
      if (keys.length === 0) return found;
      const rank = (constantsMatch(member, value) ? 0 : 1_000_000) + keys.length;
      if (best === undefined || rank < best.rank) best = { keys, rank };
    }
    if (best !== undefined) found.push(...best.keys.slice(0, limit - found.length));
    return found;
  }
  if (plan.allOf !== undefined) {
    for (const member of plan.allOf) findUndeclaredKeys(member, value, path, limit, matchesPattern, found);
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length && found.length < limit; index++) {
      const itemPlan = plan.tuple?.[index] ?? plan.items;
      if (itemPlan !== undefined)
        findUndeclaredKeys(itemPlan, value[index], `${path}/${index}`, limit, matchesPattern, found);
    }
    return found;
  }
  if (plan.properties === undefined && plan.additional === undefined && plan.patterns === undefined)
    return found;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (found.length >= limit) break;
    const next = keyPlan(plan, key, matchesPattern);
    if (next === false) found.push({ objectPath: path, key, value: record[key], plan });
    else if (next !== undefined)
      findUndeclaredKeys(next, record[key], appendPointer(path, key), limit, matchesPattern, found);
  }
  return found;
}

/** A path segment that reads as an array index (`0`, `12`; not `01` or `-1`). */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * The plan at an issue's path (declared properties, patterns, additional, tuple and array items),
 * following `value` alongside so that a union is passed through the member the value belongs to
 * (its tag constants match, then the first member of its type); `undefined` where the path
 * leaves the plan.
 */
export function planAtPath(
  root: SchemaPlan,
  segments: readonly string[],
  value: unknown,
  matchesPattern: (pattern: string, key: string) => boolean,
): SchemaPlan | undefined {
  let plan: SchemaPlan | undefined = root;
  let current = value;
  for (const segment of segments) {
    plan = plan === undefined ? undefined : memberFor(plan, current);
    if (plan === undefined) return undefined;
    current =
      typeof current === 'object' && current !== null
        ? (current as Record<string, unknown>)[segment]
        : undefined;
    // Only a plan with items reads a segment as an index: most segments are keys, no test needed.
    if ((plan.tuple !== undefined || plan.items !== undefined) && ARRAY_INDEX.test(segment)) {
      plan = plan.tuple?.[Number(segment)] ?? plan.items;
      continue;
    }
    const next = keyPlan(plan, segment, matchesPattern);
    plan = next === false ? undefined : next;
  }
  return plan === undefined ? undefined : memberFor(plan, current);
}

/** The union member `value` belongs to (the plan itself when it is no union). */
function memberFor(plan: SchemaPlan, value: unknown): SchemaPlan | undefined {
  if (plan.union === undefined) return plan;
  const typed = plan.union.filter((member) => planAcceptsValueType(member, value));
  return typed.find((member) => constantsMatch(member, value)) ?? typed[0];
}

/** False when a declared property with a `const` (a union's tag) holds another value. */
function constantsMatch(plan: SchemaPlan, value: unknown): boolean {
  if (plan.properties === undefined || typeof value !== 'object' || value === null) return true;
  const record = value as Record<string, unknown>;
  for (const property of plan.properties) {
    const node = property.plan.node;
    if ('const' in node && Object.hasOwn(record, property.name) && record[property.name] !== node.const)
      return false;
  }
  return true;
}
