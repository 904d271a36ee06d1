/**
 * The longest delay `setTimeout` honours: 2^31 − 1 ms, about 24.8 days. A longer delay does not
 * wait longer: Node fires it after 1 ms, so a timeout option above this would end every call at
 * once instead of never.
 */
export const MAX_TIMER_MS = 2_147_483_647;

/** What every rule may add to its kind. */
interface RuleBase {
  /** `undefined` is refused too: the option must be given. */
  readonly required?: boolean;
  /**
   * What is accepted, in the owner's words, when the kind's own words say too little (`'a
   * server definition'` rather than `'an object'`). Messages use it instead of the kind's words.
   */
  readonly accepts?: string;
}

/** `true` or `false`; `'yes'` and `1` are refused, not read as true. */
export interface BooleanRule extends RuleBase {
  readonly kind: 'boolean';
}

/** A finite number from `min` (to `max`), an integer when `integer`; `NaN` and `Infinity` are refused. */
export interface NumberRule extends RuleBase {
  readonly kind: 'number';
  readonly min: number;
  readonly max?: number;
  readonly integer?: boolean;
}

/** A string, non-empty when `nonEmpty`, at most `maxLength` characters when given. */
export interface StringRule extends RuleBase {
  readonly kind: 'string';
  readonly nonEmpty?: boolean;
  readonly maxLength?: number;
}

/** One of a few primitive values, compared with `===`. */
export interface OneOfRule extends RuleBase {
  readonly kind: 'oneOf';
  readonly values: readonly (string | number | boolean | null)[];
}

/** A function. */
export interface FunctionRule extends RuleBase {
  readonly kind: 'function';
}

/** An array, each item checked by `items` when given. */
export interface ArrayRule extends RuleBase {
  readonly kind: 'array';
  readonly items?: OptionRule;
}

/**
 * An object (not `null`, not an array); when `options` is given, its keys and values are checked
 * by that table too, named `<option>.<key>` in messages.
 */
export interface ObjectRule extends RuleBase {
  readonly kind: 'object';
  readonly options?: OptionTable;
}

/**
 * A known name whose value the owner checks itself (a shape no kind above says, such as a
 * definition or a class instance): listing it keeps the unknown-key check exact.
 */
export interface CustomRule extends RuleBase {
  readonly kind: 'custom';
}

/** How one option is checked: a kind and the values it accepts. */
export type OptionRule =
  | BooleanRule
  | NumberRule
  | StringRule
  | OneOfRule
  | FunctionRule
  | ArrayRule
  | ObjectRule
  | CustomRule;

/**
 * The rule of each option an owner accepts. Typed as `OptionTable<MyOptions>`, the compiler
 * checks that every option of `MyOptions` has a rule and nothing else does.
 */
export type OptionTable<T = Record<string, unknown>> = { readonly [K in keyof T]-?: OptionRule };

/** A count or a size: an integer from 1 to `Number.MAX_SAFE_INTEGER`. */
export const POSITIVE_SAFE_INTEGER: NumberRule = Object.freeze({
  kind: 'number',
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  integer: true,
});

/** A timeout of at least 1 ms, at most {@link MAX_TIMER_MS}. */
export const POSITIVE_TIMER_MS: NumberRule = Object.freeze({ kind: 'number', min: 1, max: MAX_TIMER_MS });

/** A delay that may be 0, at most {@link MAX_TIMER_MS}. */
export const TIMER_MS: NumberRule = Object.freeze({ kind: 'number', min: 0, max: MAX_TIMER_MS });
