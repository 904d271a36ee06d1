import type { OptionErrorFactory } from '@toolwright/utils';
import { LangChainBridgeError, LangChainBridgeErrorCode } from './langchain-bridge-error.js';

/** The error `@toolwright/utils`' option checker throws for the bridge: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new LangChainBridgeError(LangChainBridgeErrorCode.InvalidOption, problem.message);
