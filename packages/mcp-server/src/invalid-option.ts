import type { OptionErrorFactory } from '@toolwright/utils';
import { McpServerError, McpServerErrorCode } from './mcp-server-error.js';

/** The error `@toolwright/utils`' option checker throws for the server: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new McpServerError(McpServerErrorCode.InvalidOption, problem.message);
