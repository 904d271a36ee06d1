import { didYouMean } from './closest-name.js';
import { previewText } from './preview.js';

/** Keys listed in one message at most; the rest are counted. */
const MAX_LISTED_UNKNOWN_KEYS = 5;

/**
 * Why an options value is refused, in words, or `undefined` when it is acceptable: not a plain
 * object, or a key outside `known` (each named, with the nearest known name). A typo such as
 * `maxParalel` must fail loudly: ignored, it would silently leave the default in force. Each
 * package throws this message in its own typed error.
 *
 * @example
 * ```ts
 * const problem = describeOptionProblem('ToolExecutor', options, ['maxParallel', 'timeoutMs']);
 * if (problem !== undefined) throw new ExecutorError('invalid_option', problem);
 * // ToolExecutor: unknown option "maxParalel" (did you mean "maxParallel"?); accepted: maxParallel, timeoutMs.
 * ```
 */
export function describeOptionProblem(
  owner: string,
  options: unknown,
  known: readonly string[],
): string | undefined {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    const got = options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options;
    return `${owner}: options must be an object; got ${got}.`;
  }
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  if (unknown.length === 0) return undefined;
  const named = unknown
    .slice(0, MAX_LISTED_UNKNOWN_KEYS)
    .map((key) => `${JSON.stringify(previewText(key, 80))}${didYouMean(key, known)}`);
  const more =
    unknown.length > MAX_LISTED_UNKNOWN_KEYS ? ` and ${unknown.length - MAX_LISTED_UNKNOWN_KEYS} more` : '';
  return `${owner}: unknown option${unknown.length === 1 ? '' : 's'} ${named.join(', ')}${more}; accepted: ${known.join(', ')}.`;
}

/** What a number option accepts. */
export interface NumberRange {
  readonly min: number;
  readonly max?: number;
  readonly integer?: boolean;
}

/**
 * Why a number option is refused (`0`, negatives, `NaN`, `Infinity`, a string, out of range),
 * naming it and what is accepted, or `undefined` when it is absent or acceptable.
 */
export function describeNumberProblem(
  owner: string,
  name: string,
  value: unknown,
  range: NumberRange,
): string | undefined {
  if (value === undefined) return undefined;
  const valid =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= range.min &&
    (range.max === undefined || value <= range.max) &&
    (range.integer !== true || Number.isInteger(value));
  if (valid) return undefined;
  const accepted = `${range.integer === true ? 'an integer' : 'a number'} from ${range.min}${range.max === undefined ? ' up' : ` to ${range.max}`}`;
  const got =
    typeof value === 'number' ? String(value) : previewText(JSON.stringify(value) ?? typeof value, 80);
  return `${owner}: ${name} must be ${accepted}; got ${got}.`;
}
