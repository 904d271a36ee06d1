import { describeErrorClassContract, loadSecondCopy } from '@toolwright/test-support';
import { ToolwrightError } from '@toolwright/utils';
import { describe } from 'vitest';
import { McpResumeError, McpResumeErrorCode } from './mcp-resume-error.js';
import { RedisStoreError } from './redis-store-error.js';

describe('McpResumeError', () => {
  describeErrorClassContract({
    errorClass: McpResumeError,
    loadSecondCopy: async () =>
      (
        await loadSecondCopy<typeof import('./mcp-resume-error.js')>(new URL('./', import.meta.url), [
          'mcp-resume-error.ts',
        ])
      ).McpResumeError,
    codes: McpResumeErrorCode,
    others: [new ToolwrightError('events_dropped', 'x'), new RedisStoreError('unavailable', 'x')],
  });
});
