import type { OptionErrorFactory } from '@toolwright/utils';
import { OpenAiAgentsBridgeError, OpenAiAgentsBridgeErrorCode } from './openai-agents-bridge-error.js';

/** The error `@toolwright/utils`' option checker throws for the bridge: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new OpenAiAgentsBridgeError(OpenAiAgentsBridgeErrorCode.InvalidOption, problem.message);
