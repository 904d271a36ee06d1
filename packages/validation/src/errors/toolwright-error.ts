/**
 * The root of every toolwright error lives in `@toolwright/utils`, the package every other one
 * depends on; validation re-exports the same class (not a copy), so that `ToolwrightError` imported
 * from here or from there is one class with one `isInstance`.
 */
export { ToolwrightError, type ToolwrightErrorOptions } from '@toolwright/utils';

/**
 * The marker key the root error had while it lived in this package. Every toolwright error still
 * carries it on its prototype, so code that reads it keeps working for one minor.
 *
 * @deprecated use `ToolwrightError.isInstance(value)`; removed in the next minor.
 */
export const TOOLWRIGHT_ERROR_MARKER: unique symbol = Symbol.for('toolwright.error') as never;

/**
 * The codes used by `@toolwright/validation`. Other packages add their own codes on their own
 * subclasses; `code` stays a plain string so that they can.
 */
export const ValidationErrorCode = {
  /** The arguments do not satisfy the tool's schema (see `issues`). */
  ValidationFailed: 'validation_failed',
  /** The arguments are not a JSON object. */
  ArgumentsNotObject: 'arguments_not_object',
  /** The arguments exceed the size limit (measured as JSON). */
  ArgumentsTooLarge: 'arguments_too_large',
  /** The arguments nest deeper than the depth limit. */
  ArgumentsTooDeep: 'arguments_too_deep',
  /** The arguments contain `__proto__`, `constructor` or `prototype` as a key. */
  ArgumentsForbiddenKey: 'arguments_forbidden_key',
  /**
   * The arguments hold something JSON cannot: a class instance, a `Date`, a `Map`, a typed array,
   * a function, a symbol or a bigint. Tool params must be plain data, so that they can be copied,
   * frozen and sent over the wire without sharing anything with the caller.
   */
  ArgumentsNotJson: 'arguments_not_json',
  /** A foreign JSON Schema was refused before compiling (size, depth, remote `$ref`, ...). */
  SchemaRejected: 'schema_rejected',
  /** A schema could not be compiled into a validator. */
  SchemaCompileFailed: 'schema_compile_failed',
  /** A schema's `default` does not satisfy the schema it belongs to. */
  SchemaInvalidDefault: 'schema_invalid_default',
  /** An option is unknown, out of range or of the wrong type (`locale: 'fr'`); see `InvalidOptionError`. */
  InvalidOption: 'invalid_option',
} as const;

/** One of the codes in {@link ValidationErrorCode}. */
export type ValidationErrorCode = (typeof ValidationErrorCode)[keyof typeof ValidationErrorCode];
