import { brandErrorClass, type ErrorClassGuard } from '@toolwright/utils';
import { ToolwrightError, ValidationErrorCode } from './toolwright-error.js';

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

  /** True for any `InvalidOptionError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<InvalidOptionError>;

  static {
    brandErrorClass(InvalidOptionError, 'toolwright.validation.InvalidOptionError', {
      formerKeys: ['toolwright.invalid-option-error'],
    });
  }

  /** `message` names the option, the value and what is accepted (see `@toolwright/utils`' wording). */
  constructor(owner: string, message: string) {
    super(ValidationErrorCode.InvalidOption, message);
    this.owner = owner;
  }
}
