import { describeOptionProblem, previewValue } from '@toolwright/utils';
import { InvalidOptionError } from '@toolwright/validation';

/** The names an options object may have, prepared once per options type. */
export interface OptionNames {
  /** Names the options in messages, e.g. `'BuildOptions'`. */
  readonly owner: string;
  readonly names: readonly string[];
  readonly lookup: ReadonlySet<string>;
}

/** Prepares {@link checkOptionNames} for one options type. */
export function optionNames(owner: string, names: readonly string[]): OptionNames {
  return Object.freeze({ owner, names: Object.freeze([...names]), lookup: new Set(names) });
}

/**
 * Throws validation's `InvalidOptionError` (code `invalid_option`) unless `options` is absent or
 * an object whose keys are all known; the message is the shared wording of `@toolwright/utils`,
 * each unknown key with its nearest known name. A typo (`nullAsAbsnet`) must fail loudly:
 * ignored, it would silently leave the default in force.
 */
export function checkOptionNames(spec: OptionNames, options: unknown): void {
  if (options === undefined) return;
  // Fast path for the common, correct call (build() is the hot path): one pass over a few keys,
  // no allocation. Anything it does not clear gets the exact check below.
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

/** Throws `InvalidOptionError` unless `value` is absent or `true` or `false`. */
export function checkBooleanOption(owner: string, name: string, value: unknown): void {
  if (value === undefined || typeof value === 'boolean') return;
  throw new InvalidOptionError(owner, `${owner}: ${name} must be true or false; got ${previewValue(value)}.`);
}
