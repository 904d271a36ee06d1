import { brandErrorClass, type ErrorClassGuard } from './error-brand.js';

/** Options accepted by {@link ToolwrightError}. */
export interface ToolwrightErrorOptions {
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/**
 * The base class of every error toolwright throws. `code` is a stable string to branch on;
 * the message says what was wrong, with the offending value or name, and what would be accepted;
 * `cause` keeps the error underneath, when there is one.
 *
 * Each package's error classes extend it and are branded with {@link brandErrorClass}, so that
 * `isInstance` recognises an error thrown by another installed copy (two versions in one
 * dependency tree make `instanceof` unreliable). `ToolwrightError.isInstance` accepts every
 * toolwright error; a subclass's `isInstance` accepts only its own.
 *
 * @example
 * ```ts
 * try { compileJsonSchema(schema) } catch (error) {
 *   if (ToolwrightError.isInstance(error) && error.code === 'schema_rejected') { ... }
 * }
 * ```
 */
export class ToolwrightError<Code extends string = string> extends Error {
  /** Stable machine-readable code, e.g. `'validation_failed'`. */
  readonly code: Code;

  /** True for any toolwright error, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolwrightError>;

  static {
    // `toolwright.error` is the key the root had while it lived in @toolwright/validation.
    brandErrorClass(ToolwrightError, 'toolwright.utils.ToolwrightError', {
      formerKeys: ['toolwright.error'],
    });
  }

  /**
   * A subclass passes its code union as `Code` (`extends ToolwrightError<ExecutorErrorCode>`)
   * and inherits this constructor typed to it, so it declares neither `code` nor a constructor.
   */
  constructor(code: Code, message: string, options: ToolwrightErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
    // `new.target.name` gives a subclass its own name, also one no package branded (a host's own).
    this.name = new.target.name;
  }
}
