import type { OptionErrorFactory } from '@toolwright/utils';
import { AgentError, AgentErrorCode } from '../errors.js';

/** The error `@toolwright/utils`' option checker throws for the agent: code `option_invalid`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new AgentError(AgentErrorCode.OptionInvalid, problem.message);
