import type { OptionErrorFactory } from '@toolwright/utils';
import { InvalidOptionError } from '@toolwright/validation';

/**
 * The error `@toolwright/utils`' option checker throws for contracts: validation's
 * `InvalidOptionError` (code `invalid_option`), the one every schema-facing package throws.
 */
export const invalidOption: OptionErrorFactory = (problem) =>
  new InvalidOptionError(problem.owner, problem.message);
