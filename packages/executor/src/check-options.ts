import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/** Names longer than this are not compared for suggestions: the comparison would cost more than it helps. */
const MAX_SUGGESTED_NAME_LENGTH = 64;

/**
 * Refuses an options value that is not a plain object, or that has a key outside `known`, with
 * an `invalid_option` error naming the key, the accepted names and the nearest one. A typo such
 * as `maxParalel` must fail loudly: ignored, it would silently leave the default in force.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ExecutorError(
      ExecutorErrorCode.InvalidOption,
      `${owner}: options must be an object; got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}.`,
    );
  }
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const nearest = nearestName(key, known);
    throw new ExecutorError(
      ExecutorErrorCode.InvalidOption,
      `${owner}: unknown option ${JSON.stringify(key.slice(0, 80))}${nearest === undefined ? '' : ` (did you mean "${nearest}"?)`}; accepted: ${known.join(', ')}.`,
    );
  }
}

/**
 * Throws `invalid_option` unless `value` is undefined or a finite number within the range
 * (an integer when `integer` is set). `0`, negatives, `NaN` and `Infinity` are named as such.
 */
export function checkNumberOption(
  owner: string,
  name: string,
  value: unknown,
  range: { readonly min: number; readonly max?: number; readonly integer?: boolean },
): void {
  if (value === undefined) return;
  const valid =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= range.min &&
    (range.max === undefined || value <= range.max) &&
    (range.integer !== true || Number.isInteger(value));
  if (valid) return;
  const accepted = `${range.integer === true ? 'an integer' : 'a number'} from ${range.min}${range.max === undefined ? ' up' : ` to ${range.max}`}`;
  throw new ExecutorError(
    ExecutorErrorCode.InvalidOption,
    `${owner}: ${name} must be ${accepted}; got ${typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? typeof value)}.`,
  );
}

/** The known name within edit distance 2 of `key`, case-insensitively, if any. */
function nearestName(key: string, known: readonly string[]): string | undefined {
  if (key.length > MAX_SUGGESTED_NAME_LENGTH) return undefined;
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    if (Math.abs(candidate.length - key.length) >= bestDistance) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min((previous[column] as number) + 1, (current[column - 1] as number) + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}
