import {
  describeNumberProblem,
  describeOptionProblem,
  type NumberRange,
  previewValue,
} from '@toolwright/utils';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

/** The names an options object may have, prepared once per options type. */
export interface OptionNames {
  /** Names the options in messages, e.g. `'ParseOptions'` or `'detectSensitivePath'`. */
  readonly owner: string;
  readonly names: readonly string[];
  readonly lookup: ReadonlySet<string>;
}

/** Prepares {@link checkOptionNames} for one options type. */
export function optionNames(owner: string, names: readonly string[]): OptionNames {
  return Object.freeze({ owner, names: Object.freeze([...names]), lookup: new Set(names) });
}

/**
 * Throws `InvalidOptionError` unless `options` is absent or an object whose keys are all known;
 * the message is the shared wording of `@toolwright/utils` (each unknown key with its nearest
 * known name). A typo such as `localle` must fail loudly: ignored, it would silently leave the
 * default in force.
 */
export function checkOptionNames(spec: OptionNames, options: unknown): void {
  if (options === undefined) return;
  // Fast path for the common, correct call: one pass over a few keys, no allocation. Anything
  // it does not clear (inherited keys included) gets the exact check below.
  if (typeof options === 'object' && options !== null && !Array.isArray(options)) {
    let known = true;
    for (const key in options) {
      if (!spec.lookup.has(key)) {
        known = false;
        break;
      }
    }
    if (known) return;
  }
  const problem = describeOptionProblem(spec.owner, options, spec.names);
  if (problem !== undefined) throw new InvalidOptionError(spec.owner, problem);
}

/** Throws `InvalidOptionError` unless `value` is absent or one of `accepted`. */
export function checkChoiceOption(
  owner: string,
  name: string,
  value: unknown,
  accepted: readonly unknown[],
): void {
  if (value !== undefined) checkChoice(owner, name, value, accepted);
}

/** Throws `InvalidOptionError` unless `value` is one of `accepted` (a required argument). */
export function checkChoice(owner: string, name: string, value: unknown, accepted: readonly unknown[]): void {
  if (accepted.includes(value)) return;
  const listed = accepted.map((choice) => JSON.stringify(choice)).join(', ');
  throw new InvalidOptionError(
    owner,
    `${owner}: ${name} must be one of ${listed}; got ${previewValue(value)}.`,
  );
}

/** Throws `InvalidOptionError` unless `value` is absent or a finite number in `range`. */
export function checkNumberOption(owner: string, name: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, name, value, range);
  if (problem !== undefined) throw new InvalidOptionError(owner, problem);
}

/** Throws `InvalidOptionError` unless `value` is absent, `true` or `false` (`'yes'` is not read as true). */
export function checkBooleanOption(owner: string, name: string, value: unknown): void {
  if (value === undefined || typeof value === 'boolean') return;
  throw new InvalidOptionError(owner, `${owner}: ${name} must be true or false; got ${previewValue(value)}.`);
}

/** Throws `InvalidOptionError` unless `value` is absent or a string. */
export function checkStringOption(owner: string, name: string, value: unknown): void {
  if (value !== undefined) checkString(owner, name, value);
}

/** Throws `InvalidOptionError` unless `value` is a string (a required argument). */
export function checkString(owner: string, name: string, value: unknown): void {
  if (typeof value === 'string') return;
  throw new InvalidOptionError(owner, `${owner}: ${name} must be a string; got ${previewValue(value)}.`);
}
