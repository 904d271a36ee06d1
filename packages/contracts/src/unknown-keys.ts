import { findOptionsProblem, type OptionTable } from '@toolwright/utils';

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
  const names: OptionTable = Object.fromEntries(known.map((name) => [name, { kind: 'custom' }]));
  const problem = findOptionsProblem(owner, object, names);
  if (problem !== undefined) {
    problems.push(problem.message);
  }
}
