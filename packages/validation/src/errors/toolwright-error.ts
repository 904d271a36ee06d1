import { carriesMarker, markPrototype } from './error-marker.js';

/**
 * The marker every toolwright error carries. It is registered with `Symbol.for`, so an error
 * thrown by one installed copy of a toolwright package is recognised by another copy (two
 * versions in one dependency tree make `instanceof` unreliable).
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

/** Options accepted by {@link ToolwrightError}. */
export interface ToolwrightErrorOptions {
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/**
 * The base class of every error toolwright throws. `code` is a stable string to branch on;
 * the message says what was wrong, with the offending value or name, and what would be accepted.
 *
 * @example
 * ```ts
 * try { compileJsonSchema(schema) } catch (error) {
 *   if (ToolwrightError.isInstance(error) && error.code === 'schema_rejected') { ... }
 * }
 * ```
 */
export class ToolwrightError extends Error {
  /** Stable machine-readable code, e.g. `'validation_failed'`. */
  readonly code: string;
  /** Cross-install recognition marker, see {@link TOOLWRIGHT_ERROR_MARKER} (set on the prototype). */
  declare readonly [TOOLWRIGHT_ERROR_MARKER]: true;

  constructor(code: string, message: string, options: ToolwrightErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
    // `new.target.name` gives subclasses (also those of other packages) their own name for free.
    this.name = new.target.name;
  }

  static {
    // On the prototype rather than per instance: every subclass inherits it, and creating an
    // error (which a rejected tool call does) does not pay for defining it each time.
    markPrototype(ToolwrightError.prototype, TOOLWRIGHT_ERROR_MARKER);
  }

  /** True for any toolwright error, including one thrown by another installed copy. */
  static isInstance(value: unknown): value is ToolwrightError {
    return carriesMarker(value, TOOLWRIGHT_ERROR_MARKER);
  }
}
