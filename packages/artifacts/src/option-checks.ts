import {
  closestName,
  describeNumberProblem,
  describeOptionProblem,
  type NumberRange,
} from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

/** A count or size option: a positive safe integer. */
export const POSITIVE_SAFE_INTEGER: NumberRange = { min: 1, max: Number.MAX_SAFE_INTEGER, integer: true };

/** A byte count that may be zero (a preview without head or tail). */
export const NON_NEGATIVE_SAFE_INTEGER: NumberRange = {
  min: 0,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
};

/** Units that option names carry, so that `threshold` can be pointed at `thresholdBytes`. */
const UNIT_SUFFIXES = ['Bytes', 'Ms'] as const;

/** Where each object checked by name lives, for the hints below. */
export interface OptionObject {
  /** Who owns the object, as the message names it (`SessionArtifactStore`, `spill options`). */
  owner: string;
  /** Prefix of the `option` detail for its keys (`limits.`), or `''`. */
  prefix: string;
  /** Every key it accepts, in the order the message lists them. */
  known: readonly string[];
  /** Names that belong to a nested object rather than this one (`maxSessionBytes` → `limits`). */
  nested?: Readonly<Record<string, string>>;
  /** The code to throw: `invalid_option`, or `invalid_request` for a write request. */
  code?: ArtifactStoreErrorCode;
}

/**
 * A hint for names the shared did-you-mean does not reach, because they are not typos but a
 * missing unit (`threshold` for `thresholdBytes`) or a misplaced key (`maxSessionBytes` next to
 * `limits` instead of inside it) — exactly the mistakes that leave a default silently in force.
 */
function hintFor(key: string, object: OptionObject): string {
  const parent = object.nested?.[key];
  if (parent !== undefined) return ` "${key}" belongs inside ${parent}: pass ${parent}: { ${key}: … }.`;
  // Only where the shared did-you-mean found nothing: two different suggestions would confuse.
  if (closestName(key, object.known) !== undefined) return '';
  for (const suffix of UNIT_SUFFIXES) {
    if (object.known.includes(`${key}${suffix}`)) {
      return ` Sizes and durations carry their unit in the name: "${key}" is "${key}${suffix}".`;
    }
  }
  return '';
}

/**
 * Throws unless `value` is a plain object whose every key is in `object.known`: an unknown key is
 * a typo or a misplaced option whose intent would otherwise be dropped without a word (a quota
 * the host believes is set but is not enforced). The message is the shared
 * `describeOptionProblem` wording — each unknown key, its nearest known name, what is accepted —
 * and the `option` detail names the first unknown key.
 */
export function checkOptionNames(value: unknown, object: OptionObject): void {
  const problem = describeOptionProblem(object.owner, value, object.known);
  if (problem === undefined) return;
  const code = object.code ?? ArtifactStoreErrorCode.InvalidOption;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const option = object.prefix === '' ? 'options' : object.prefix.slice(0, -1);
    throw new ArtifactStoreError(code, problem, { option });
  }
  const unknown = Object.keys(value).filter((key) => !object.known.includes(key));
  const first = unknown[0] as string;
  const hints = unknown
    .slice(0, 5)
    .map((key) => hintFor(key, object))
    .join('');
  throw new ArtifactStoreError(code, `${problem}${hints}`, { option: `${object.prefix}${first}` });
}

/**
 * Throws `invalid_option` unless `value` is undefined or a number in `range`, with the shared
 * `describeNumberProblem` wording (`0`, negatives, `NaN`, `Infinity`, strings, fractions).
 */
export function checkNumberOption(owner: string, option: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, option, value, range);
  if (problem !== undefined) {
    throw new ArtifactStoreError(ArtifactStoreErrorCode.InvalidOption, problem, { option });
  }
}
