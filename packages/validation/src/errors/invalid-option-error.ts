import { carriesMarker, markPrototype } from './error-marker.js';
import { ToolwrightError, ValidationErrorCode } from './toolwright-error.js';

const INVALID_OPTION_ERROR_MARKER: unique symbol = Symbol.for('toolwright.invalid-option-error') as never;

/**
 * Thrown when a function gets options it cannot honour: an unknown key (named, with the nearest
 * known name), a value outside what is accepted (`locale: 'fr'`, `coerce: 'lossy'`, a limit of
 * `0`), or options that are not an object. Code `invalid_option`.
 *
 * It is the developer's mistake, not the model's, so it is never a `ToolValidationError` (which
 * a host hands back to the model to repair): silently ignoring such an option would leave a
 * default in force that the caller meant to change.
 */
export class InvalidOptionError extends ToolwrightError {
  /** The function or options type whose options were refused, e.g. `'ParseOptions'`. */
  readonly owner: string;
  /** Cross-install recognition marker for this subclass (set on the prototype). */
  declare readonly [INVALID_OPTION_ERROR_MARKER]: true;

  static {
    markPrototype(InvalidOptionError.prototype, INVALID_OPTION_ERROR_MARKER);
  }

  /** `message` names the option, the value and what is accepted (see `@toolwright/utils`' wording). */
  constructor(owner: string, message: string) {
    super(ValidationErrorCode.InvalidOption, message);
    this.owner = owner;
  }

  /** True for any `InvalidOptionError`, including one thrown by another installed copy. */
  static override isInstance(value: unknown): value is InvalidOptionError {
    return ToolwrightError.isInstance(value) && carriesMarker(value, INVALID_OPTION_ERROR_MARKER);
  }
}
