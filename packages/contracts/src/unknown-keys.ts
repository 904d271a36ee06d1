import { findOptionsProblem, type OptionTable } from '@toolwright/utils';

// The key lists are module constants, so each gets its table once instead of once per check
// (createTool checks several of them for every tool of a large MCP catalog).
const tables = new WeakMap<readonly string[], OptionTable>();

function tableOf(known: readonly string[]): OptionTable {
  let table = tables.get(known);
  if (table === undefined) {
    table = Object.fromEntries(known.map((name) => [name, { kind: 'custom' }]));
    tables.set(known, table);
  }
  return table;
}

/**
 * Adds the shared wording of `@toolwright/utils` for unknown keys of `object` (each with its
 * nearest known name; a typo of a fail-closed flag such as `isRetrysafe` must not pass silently).
 * Names only: the values are checked by the caller, which collects every problem of a config.
 */
export function pushOptionProblem(
  problems: string[],
  owner: string,
  object: object,
  known: readonly string[],
): void {
  const problem = findOptionsProblem(owner, object, tableOf(known));
  if (problem !== undefined) {
    problems.push(problem.message);
  }
}
