import { describeNumberProblem, describeOptionProblem, type NumberRange } from '@toolwright/utils';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/**
 * Throws `invalid_option` unless `options` is an object whose keys are all in `known`; the
 * message names each unknown key with the nearest known name (the shared wording of
 * `@toolwright/utils`). A typo such as `maxParalel` must fail loudly: ignored, it would silently
 * leave the default in force.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new ExecutorError(ExecutorErrorCode.InvalidOption, problem);
}

/** Throws `invalid_option` unless `value` is absent or a finite number in `range`. */
export function checkNumberOption(owner: string, name: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, name, value, range);
  if (problem !== undefined) throw new ExecutorError(ExecutorErrorCode.InvalidOption, problem);
}
