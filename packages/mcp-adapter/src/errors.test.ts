import { ArtifactStoreError } from '@toolwright/artifacts';
import { describeErrorClassContract, loadSecondCopy } from '@toolwright/test-support';
import { InvalidOptionError, ToolValidationError, ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

describe('McpAdapterError', () => {
  it('is a ToolwrightError with its code, server and cause', () => {
    const cause = new Error('ECONNREFUSED');
    const error = new McpAdapterError(McpAdapterErrorCode.TaskNotOwned, 'MCP server "x" failed', {
      server: 'x',
      cause,
    });
    expect(error.name).toBe('McpAdapterError');
    expect([error.code, error.server, error.cause]).toEqual(['task_not_owned', 'x', cause]);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(McpAdapterError.isInstance(error)).toBe(true);
  });

  it('formerCode gives the prefixed spelling of earlier releases for one minor', () => {
    expect(new McpAdapterError(McpAdapterErrorCode.Timeout, 'slow').formerCode).toBe('mcp_timeout');
    expect(new McpAdapterError(McpAdapterErrorCode.TaskNotOwned, 'not ours').formerCode).toBe(
      'mcp_task_not_owned',
    );
    expect(new McpAdapterError(McpAdapterErrorCode.InvalidOption, 'typo').formerCode).toBe('invalid_option');
  });

  describeErrorClassContract({
    errorClass: McpAdapterError,
    loadSecondCopy: async () =>
      (await loadSecondCopy<typeof import('./errors.js')>(new URL('./', import.meta.url), ['errors.ts']))
        .McpAdapterError,
    codes: McpAdapterErrorCode,
    others: [
      new ToolwrightError('other', 'x'),
      new ToolValidationError('validation_failed', 'x', { toolName: 't', issues: [] }),
      new InvalidOptionError('ParseOptions', 'x'),
      new ArtifactStoreError('not_found', 'No artifact.'),
    ],
  });

  it('recognises an error of an earlier copy, which set the same marker key per instance', () => {
    const earlier = Object.assign(new Error('earlier copy'), {
      code: 'timeout',
      [Symbol.for('toolwright.error')]: true,
      [Symbol.for('toolwright.mcp_adapter_error')]: true,
    });
    expect(McpAdapterError.isInstance(earlier)).toBe(true);
  });
});
