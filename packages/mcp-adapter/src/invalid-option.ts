import type { OptionErrorFactory } from '@toolwright/utils';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

/** The error `@toolwright/utils`' option checker throws for the adapter: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new McpAdapterError(McpAdapterErrorCode.InvalidOption, problem.message);
