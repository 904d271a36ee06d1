import { findOptionProblem, findOptionsProblem, refusedOption } from './check-options.js';
import type { OptionTable } from './option-rules.js';

/**
 * Why an options value is refused, in words, or `undefined` when it is acceptable: not a plain
 * object, or a key outside `known` (each named, with the nearest known name).
 *
 * @deprecated use `checkOptions` or `findOptionsProblem` with an option table, which
 * checks the values too; removed in the next minor.
 */
export function describeOptionProblem(
  owner: string,
  options: unknown,
  known: readonly string[],
): string | undefined {
  if (options === undefined) return refusedOption(owner, 'options', 'an object', options).message;
  const table: OptionTable = Object.fromEntries(known.map((name) => [name, { kind: 'custom' }]));
  return findOptionsProblem(owner, options, table)?.message;
}

/**
 * What a number option accepts.
 *
 * @deprecated use a `NumberRule` (`{ kind: 'number', min, max, integer }`); removed in the next minor.
 */
export interface NumberRange {
  readonly min: number;
  readonly max?: number;
  readonly integer?: boolean;
}

/**
 * Why a number option is refused, naming it and what is accepted, or `undefined` when it is
 * absent or acceptable.
 *
 * @deprecated use `checkOption` or `findOptionProblem` with a `NumberRule`; removed
 * in the next minor.
 */
export function describeNumberProblem(
  owner: string,
  name: string,
  value: unknown,
  range: NumberRange,
): string | undefined {
  return findOptionProblem(owner, name, value, { kind: 'number', ...range })?.message;
}
