import { guardArguments } from './argument-guard.js';
import type { DefaultFiller } from './fill-defaults.js';
import type { ResolvedParseOptions } from './parse-context.js';
import type { RepairContext } from './repair-arguments.js';

/**
 * The context of one repair walk: what the caller's options ask for, the schema kind's default
 * filler (whose pattern matching the walk shares) and its union-member check (`undefined` for a
 * kind that cannot check a member on its own). A value decoded from a JSON string is capped by
 * the same limits as the arguments themselves.
 */
export function repairContext(
  resolved: ResolvedParseOptions,
  filler: DefaultFiller,
  check: RepairContext['check'],
): RepairContext {
  return {
    coerce: resolved.coerce,
    nullAsAbsent: resolved.nullAsAbsent,
    strip: resolved.strip,
    coercions: [],
    matchesPattern: filler.matchesPattern,
    check,
    guardDecoded: (value, path, depth) =>
      guardArguments(value, resolved.limits, resolved.catalog, resolved.toolName, { path, depth }),
    filler,
  };
}
