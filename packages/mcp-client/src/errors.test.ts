import { describeErrorClassContract, loadSecondCopy } from '@toolwright/test-support';
import { brandErrorClass, ToolwrightError } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
import { McpClientError, McpClientErrorCode } from './errors.js';

/** The error class of another toolwright package: branded under its own key, as each package's is. */
class OtherPackageError extends ToolwrightError {
  static {
    brandErrorClass(OtherPackageError, 'toolwright.other-package.OtherPackageError');
  }
}

describe('McpClientError', () => {
  it('is a ToolwrightError with its code, server and cause', () => {
    const cause = new Error('ECONNREFUSED');
    const error = new McpClientError(McpClientErrorCode.ConnectFailed, 'MCP server "x" failed', {
      server: 'x',
      cause,
    });
    expect(error.name).toBe('McpClientError');
    expect([error.code, error.server, error.cause]).toEqual(['connect_failed', 'x', cause]);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(McpClientError.isInstance(error)).toBe(true);
  });

  describeErrorClassContract({
    errorClass: McpClientError,
    // errors.ts imports one module of this package: every message is redacted there.
    loadSecondCopy: async () =>
      (
        await loadSecondCopy<typeof import('./errors.js')>(new URL('./', import.meta.url), [
          'errors.ts',
          'auth/secret-redaction.ts',
        ])
      ).McpClientError,
    codes: McpClientErrorCode,
    others: [new ToolwrightError('other', 'x'), new OtherPackageError('not_found', 'x')],
  });
});
