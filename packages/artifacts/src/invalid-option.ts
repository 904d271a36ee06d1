import type { OptionErrorFactory } from '@toolwright/utils';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

/**
 * The error `@toolwright/utils`' option checker throws for a constructor or spill option: code
 * `invalid_option`, with the option's path (`limits.maxItems`) in `option`.
 */
export const invalidOption: OptionErrorFactory = (problem) =>
  new ArtifactStoreError(ArtifactStoreErrorCode.InvalidOption, problem.message, { option: problem.option });

/** The same for a field of a write request: code `invalid_request`. */
export const invalidRequest: OptionErrorFactory = (problem) =>
  new ArtifactStoreError(ArtifactStoreErrorCode.InvalidRequest, problem.message, { option: problem.option });
