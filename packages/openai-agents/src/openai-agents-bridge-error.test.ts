import { ExecutorError } from '@toolwright/executor';
import { describeErrorClassContract, loadSecondCopy } from '@toolwright/test-support';
import { ToolwrightError } from '@toolwright/utils';
import { describe } from 'vitest';
import { OpenAiAgentsBridgeError, OpenAiAgentsBridgeErrorCode } from './openai-agents-bridge-error.js';

describe('OpenAiAgentsBridgeError', () => {
  describeErrorClassContract({
    errorClass: OpenAiAgentsBridgeError,
    loadSecondCopy: async () =>
      (
        await loadSecondCopy<typeof import('./openai-agents-bridge-error.js')>(
          new URL('./', import.meta.url),
          ['openai-agents-bridge-error.ts'],
        )
      ).OpenAiAgentsBridgeError,
    codes: OpenAiAgentsBridgeErrorCode,
    others: [new ToolwrightError('invalid_option', 'x'), new ExecutorError('invalid_option', 'x')],
  });
});
