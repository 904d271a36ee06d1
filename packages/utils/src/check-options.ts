import { closestName, didYouMean } from './closest-name.js';
import type { OptionRule, OptionTable } from './option-rules.js';
import { previewText, previewValue } from './preview.js';

/** A refused option: who refused it, which option (a path such as `limits.maxBytes`), and why. */
export interface OptionProblem {
  /** The options type or function that refused it, as the message names it (`ParseOptions`). */
  readonly owner: string;
  /** The option, `options` for the options argument itself, `limits.maxBytes` inside a nested object. */
  readonly option: string;
  /** The whole message: owner, option, what was received and what is accepted. */
  readonly message: string;
}

/**
 * Makes the caller package's own error for a refused option, so that every package keeps its own
 * error class and code (`invalid_option`) while the words are the same everywhere.
 */
export type OptionErrorFactory = (problem: OptionProblem) => Error;

/** Unknown keys named in one message at most; the rest are counted. */
const MAX_LISTED_UNKNOWN_KEYS = 5;

/** Units option names carry: `threshold` is pointed at `thresholdBytes`, which no typo distance reaches. */
const UNIT_SUFFIXES = ['Bytes', 'Ms'] as const;

const hasOwn = (object: object, key: string): boolean => Object.hasOwn(object, key);

/** What `rule` accepts, in the words every message uses (`an integer from 1 to 8`, `one of "a", "b"`). */
export function describeAcceptedOption(rule: OptionRule): string {
  if (rule.accepts !== undefined) return rule.accepts;
  switch (rule.kind) {
    case 'boolean':
      return 'true or false';
    case 'number':
      return `${rule.integer === true ? 'an integer' : 'a number'} from ${rule.min}${rule.max === undefined ? ' up' : ` to ${rule.max}`}`;
    case 'string': {
      const what = rule.nonEmpty === true ? 'a non-empty string' : 'a string';
      return rule.maxLength === undefined ? what : `${what} of at most ${rule.maxLength} characters`;
    }
    case 'oneOf':
      return `one of ${rule.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'function':
      return 'a function';
    case 'array':
      return rule.items === undefined ? 'an array' : `an array of ${pluralOf(rule.items)}`;
    case 'object':
      return 'an object';
    case 'custom':
      return 'a value of the documented shape';
  }
}

/** The items an array rule accepts, as a plural (`strings`, or `items each an integer from 1 up`). */
function pluralOf(rule: OptionRule): string {
  const plain = Object.keys(rule).length === 1;
  if (plain && (rule.kind === 'string' || rule.kind === 'function' || rule.kind === 'object'))
    return `${rule.kind}s`;
  return `items each ${describeAcceptedOption(rule)}`;
}

/**
 * The one wording for a refused option value:
 * `<owner>: <option> must be <accepted>; got <preview of the value>.` For values an owner checks
 * itself (a {@link CustomRule}), so that its messages read like every other one.
 */
export function refusedOption(
  owner: string,
  option: string,
  accepted: string,
  value: unknown,
): OptionProblem {
  return { owner, option, message: `${owner}: ${option} must be ${accepted}; got ${previewValue(value)}.` };
}

function isOptionsObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fits(value: unknown, rule: OptionRule): boolean {
  if (value === undefined) return rule.required !== true;
  switch (rule.kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return (
        typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= rule.min &&
        (rule.max === undefined || value <= rule.max) &&
        (rule.integer !== true || Number.isInteger(value))
      );
    case 'string':
      return (
        typeof value === 'string' &&
        (rule.nonEmpty !== true || value !== '') &&
        (rule.maxLength === undefined || value.length <= rule.maxLength)
      );
    case 'oneOf':
      return rule.values.includes(value as string);
    case 'function':
      return typeof value === 'function';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isOptionsObject(value);
    case 'custom':
      return true;
  }
}

/**
 * Why `value` is refused as option `option` of `owner` under `rule`, or `undefined` when it is
 * accepted (`undefined` is, unless the rule is `required`). An array's items and a nested
 * object's table are checked too, each named by its path (`roots[2]`, `limits.maxBytes`).
 */
export function findOptionProblem(
  owner: string,
  option: string,
  value: unknown,
  rule: OptionRule,
): OptionProblem | undefined {
  if (!fits(value, rule)) {
    const refused = refusedOption(owner, option, describeAcceptedOption(rule), value);
    if (rule.kind !== 'oneOf' || typeof value !== 'string') return refused;
    // A near miss of a choice (`'regx'` for `'regex'`) is named like a near miss of a key.
    const strings = rule.values.filter((choice): choice is string => typeof choice === 'string');
    // Two characters are two edits from any other two: `'fr'` is no typo of `'en'`.
    const hint = value.length > 2 ? didYouMean(value, strings) : '';
    return hint === '' ? refused : { ...refused, message: `${refused.message.slice(0, -1)}${hint}.` };
  }
  if (value === undefined) return undefined;
  if (rule.kind === 'array' && rule.items !== undefined) {
    const items = value as readonly unknown[];
    for (let index = 0; index < items.length; index += 1) {
      const problem = findOptionProblem(owner, `${option}[${index}]`, items[index], rule.items);
      if (problem !== undefined) return problem;
    }
  }
  if (rule.kind === 'object' && rule.options !== undefined) {
    return tableProblem(owner, value as object, rule.options, `${option}.`);
  }
  return undefined;
}

/**
 * Why `options` is refused by `table`, or `undefined` when it is accepted: not an object, a key
 * the table does not know (each named with the nearest known name), or a value its rule refuses.
 * `undefined` options are accepted (every option takes its default) unless an option is
 * `required`, and then refused as options that are not an object.
 */
export function findOptionsProblem(
  owner: string,
  options: unknown,
  table: OptionTable,
): OptionProblem | undefined {
  if (options === undefined) {
    // Absent options are all defaults, unless an option must be given: then the options must be.
    const required = Object.values(table).some((rule) => rule.required === true);
    return required ? refusedOption(owner, 'options', 'an object', options) : undefined;
  }
  if (!isOptionsObject(options)) return refusedOption(owner, 'options', 'an object', options);
  return tableProblem(owner, options, table, '');
}

function tableProblem(
  owner: string,
  options: object,
  table: OptionTable,
  prefix: string,
): OptionProblem | undefined {
  // for...in sees inherited enumerable keys too: an inherited typo is read just as an own one is,
  // and would leave the default in force just as silently. Symbol keys cannot name an option.
  // Nothing is allocated for the common, correct call.
  let listed: string[] | undefined;
  let unknownCount = 0;
  for (const key in options) {
    if (hasOwn(table, key)) continue;
    unknownCount += 1;
    if (listed === undefined) listed = [key];
    else if (listed.length < MAX_LISTED_UNKNOWN_KEYS) listed.push(key);
  }
  if (listed !== undefined) return unknownProblem(owner, listed, unknownCount, table, prefix);
  const record = options as Record<string, unknown>;
  for (const name in table) {
    if (!hasOwn(table, name)) continue;
    const problem = findOptionProblem(owner, `${prefix}${name}`, record[name], table[name] as OptionRule);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function unknownProblem(
  owner: string,
  listed: readonly string[],
  count: number,
  table: OptionTable,
  prefix: string,
): OptionProblem {
  const known = Object.keys(table);
  const named = listed.map(
    (key) => `${JSON.stringify(previewText(`${prefix}${key}`, 80))}${hintFor(key, known, table, prefix)}`,
  );
  const more = count > listed.length ? ` and ${count - listed.length} more` : '';
  const accepted = known.map((name) => `${prefix}${name}`).join(', ');
  return {
    owner,
    option: `${prefix}${listed[0] as string}`,
    message: `${owner}: unknown option${count === 1 ? '' : 's'} ${named.join(', ')}${more}; accepted: ${accepted}.`,
  };
}

/**
 * The nearest known name for an unknown key: a key that belongs inside a nested object
 * (`maxSessionBytes` beside `limits` instead of in it), a typo (`maxParalel`), or a name missing
 * its unit (`threshold` for `thresholdBytes`): the mistakes that leave a default silently in force.
 */
function hintFor(key: string, known: readonly string[], table: OptionTable, prefix: string): string {
  for (const name of known) {
    const rule = table[name] as OptionRule;
    if (rule.kind === 'object' && rule.options !== undefined && hasOwn(rule.options, key)) {
      return ` (it belongs inside ${prefix}${name}: pass ${prefix}${name}: { ${key}: … })`;
    }
  }
  const closest =
    closestName(key, known) ??
    UNIT_SUFFIXES.map((unit) => `${key}${unit}`).find((name) => known.includes(name));
  return closest === undefined ? '' : ` (did you mean "${prefix}${closest}"?)`;
}

/**
 * Throws `makeError(problem)` unless `options` is accepted by `table`: an object (or `undefined`,
 * for all defaults) whose every key has a rule and whose every value its rule accepts. A typo
 * such as `maxParalel` fails loudly: ignored, it would silently leave the default in force.
 *
 * @example
 * ```ts
 * const RULES: OptionTable<PoolOptions> = {
 *   maxParallel: { kind: 'number', min: 1, max: 64, integer: true },
 *   onError: { kind: 'function' },
 * };
 * checkOptions('Pool', { maxParalel: 4 }, RULES, (problem) => new PoolError('invalid_option', problem.message));
 * // Pool: unknown option "maxParalel" (did you mean "maxParallel"?); accepted: maxParallel, onError.
 * ```
 */
export function checkOptions(
  owner: string,
  options: unknown,
  table: OptionTable,
  makeError: OptionErrorFactory,
): void {
  const problem = findOptionsProblem(owner, options, table);
  if (problem !== undefined) throw makeError(problem);
}

/** Throws `makeError(problem)` unless `value` is accepted as option `option` of `owner` by `rule`. */
export function checkOption(
  owner: string,
  option: string,
  value: unknown,
  rule: OptionRule,
  makeError: OptionErrorFactory,
): void {
  const problem = findOptionProblem(owner, option, value, rule);
  if (problem !== undefined) throw makeError(problem);
}
