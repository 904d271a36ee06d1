import type { OptionErrorFactory } from '@toolwright/utils';
import { ExecutorError, ExecutorErrorCode } from './executor-error.js';

/**
 * The error `@toolwright/utils`' option checker throws for the executor and the permission policy:
 * an `ExecutorError` with code `invalid_option`.
 */
export const invalidOption: OptionErrorFactory = (problem) =>
  new ExecutorError(ExecutorErrorCode.InvalidOption, problem.message);
