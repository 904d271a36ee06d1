import type { OptionErrorFactory } from '@toolwright/utils';
import { McpClientError, McpClientErrorCode } from './errors.js';

/** The error `@toolwright/utils`' option checker throws for the adapter: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new McpClientError(McpClientErrorCode.InvalidOption, problem.message);
