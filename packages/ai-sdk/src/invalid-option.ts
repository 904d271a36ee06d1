import type { OptionErrorFactory } from '@toolwright/utils';
import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';

/** The error `@toolwright/utils`' option checker throws for the bridge: code `invalid_option`. */
export const invalidOption: OptionErrorFactory = (problem) =>
  new AiSdkBridgeError(AiSdkBridgeErrorCode.InvalidOption, problem.message);
