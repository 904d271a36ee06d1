import type { ResolvedParseOptions } from '../parse/parse-context.js';
import { type RepairContext, repairValue } from '../parse/repair-arguments.js';
import type { SchemaPlan } from '../schema/schema-plan.js';
import type { IssuePlace } from './issue-places.js';
import { planAtPath } from './plan-walk.js';

/**
 * Whether the repair walk (safe coercions, `null` for optional fields, defaults, stripping) could
 * change what a library refused, judged from the library's own issues instead of a walk of the
 * whole value. A library reports every place it refused (Zod, Valibot and ArkType collect all
 * issues), and a repair only ever changes a refused place: a coercion turns a string the schema
 * does not take into a value it does, and a default the library fills itself. So when no issue
 * sits on a string that a repair would convert, the repaired call would fail with the same
 * issues, and the walk, the second validation and the copy can be skipped.
 *
 * Anything this cannot judge from the issue's place alone is answered "may be repaired", which
 * sends the call down the full walk: `null` (the parent object may drop it), an object or array
 * (a coercion may sit anywhere inside, and defaults filled there would show in the message), a
 * missing key with a default, a place the plan does not reach, and the `strip` and
 * `nullAsAbsent` options, which change places no issue names. `places` are the issues' places in
 * `input` (see `placeIssues`), which the conversion of the issues reads again.
 */
export function mayBeRepaired(
  resolved: ResolvedParseOptions,
  plan: SchemaPlan,
  input: unknown,
  places: readonly IssuePlace[],
  scratch: () => RepairContext,
  matchesPattern: (pattern: string, key: string) => boolean,
): boolean {
  if (resolved.strip || resolved.nullAsAbsent) return true;
  // One scratch context for every issue: only the repaired value is looked at, never its coercions.
  let context: RepairContext | undefined;
  for (const { keys, found, plan: at } of places) {
    if (found === null || typeof found === 'object') return true;
    if (found === undefined) {
      // A key present as `undefined` is treated as absent too: the walk would fill its default.
      if (keys.length > 0 && hasDefault(plan, keys, input, matchesPattern)) return true;
      continue;
    }
    // Only a string is ever converted: numbers, booleans and the rest are left as they are.
    if (typeof found !== 'string' || !resolved.coerce) continue;
    if (at === undefined) return true;
    context ??= scratch();
    try {
      if (repairValue(context, at, found, '', keys.length, true) !== found) return true;
    } catch {
      // A decoded string the guard refuses: the full walk throws the same refusal, in order.
      return true;
    }
  }
  return false;
}

/** True when the missing key at `keys` is declared with a default (or cannot be looked up). */
function hasDefault(
  plan: SchemaPlan,
  keys: readonly string[],
  input: unknown,
  matchesPattern: (pattern: string, key: string) => boolean,
): boolean {
  const parent = planAtPath(plan, keys.slice(0, -1), input, matchesPattern);
  if (parent === undefined) return true;
  const name = keys[keys.length - 1];
  const property = parent.properties?.find((entry) => entry.name === name);
  return property?.fallback !== undefined;
}
