import { describeNumberProblem, describeOptionProblem, type NumberRange } from '@toolwright/utils';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

/** The longest delay `setTimeout` honours; a longer one silently fires after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** A timeout or delay in milliseconds that must be at least 1. */
export const POSITIVE_TIMER_MS: NumberRange = Object.freeze({ min: 1, max: MAX_TIMER_MS });

/** A delay in milliseconds that may be 0. */
export const TIMER_MS: NumberRange = Object.freeze({ min: 0, max: MAX_TIMER_MS });

/** A count or size of at least 1. */
export const POSITIVE_INTEGER: NumberRange = Object.freeze({
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
});

/**
 * Every key of an options type, as a record (`Record<keyof T, true>` makes the compiler check
 * the list is complete and has nothing extra): the known names a check accepts.
 */
export function optionNames<T>(names: Record<keyof T, true>): readonly string[] {
  return Object.freeze(Object.keys(names));
}

/**
 * Throws `invalid_option` unless `options` is an object whose keys are all in `known`; the
 * message names each unknown key with the nearest known name (the shared wording of
 * `@toolwright/utils`). A typo such as `requestTimeoutMS` must fail loudly: ignored, it would
 * silently leave the default in force.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new McpAdapterError(McpAdapterErrorCode.InvalidOption, problem);
}

/** {@link checkOptions} for an optional nested options object (absent is fine). */
export function checkOptionalOptions(owner: string, options: unknown, known: readonly string[]): void {
  if (options !== undefined) checkOptions(owner, options, known);
}

/** Throws `invalid_option` unless `value` is absent or a finite number in `range`. */
export function checkNumberOption(owner: string, name: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, name, value, range);
  if (problem !== undefined) throw new McpAdapterError(McpAdapterErrorCode.InvalidOption, problem);
}

/** Throws `invalid_option` unless `value` is absent or of the JavaScript type `type`. */
export function checkTypeOption(
  owner: string,
  name: string,
  value: unknown,
  type: 'boolean' | 'function' | 'string',
): void {
  if (value === undefined || typeof value === type) return;
  throw new McpAdapterError(
    McpAdapterErrorCode.InvalidOption,
    `${owner}: ${name} must be a ${type}; got ${value === null ? 'null' : typeof value}.`,
  );
}

/** Throws `invalid_option` when a required option is missing. */
export function checkRequiredOption(owner: string, name: string, value: unknown, what: string): void {
  if (value === undefined || value === null) {
    throw new McpAdapterError(McpAdapterErrorCode.InvalidOption, `${owner}: ${name} is required (${what}).`);
  }
}
