import type { OptionErrorFactory } from '@toolwright/utils';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * The error `@toolwright/utils`' option checker throws for validation: an `InvalidOptionError`
 * (code `invalid_option`) naming the owner, so that a refused option stays validation's own error.
 */
export const invalidOption: OptionErrorFactory = (problem) =>
  new InvalidOptionError(problem.owner, problem.message);
