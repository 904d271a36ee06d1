import type { OptionErrorFactory } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** The error `@toolwright/utils`' option checker throws for the registry: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new RegistryError(RegistryErrorCode.InvalidOption, problem.message);
