import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brandErrorClass, ToolwrightError } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * A second, separately loaded copy of this module, as two installed versions of the package
 * would be: a real file with its own class, not an object dressed up with the marker.
 */
async function secondCopyOfErrors(): Promise<typeof import('./errors.js')> {
  const directory = mkdtempSync(join(tmpdir(), 'toolwright-mcp-client-second-copy-'));
  try {
    const copy = join(directory, 'errors.ts');
    copyFileSync(fileURLToPath(new URL('./errors.ts', import.meta.url)), copy);
    // The one module errors.ts imports from this package: every message is redacted there.
    mkdirSync(join(directory, 'auth'));
    copyFileSync(
      fileURLToPath(new URL('./auth/secret-redaction.ts', import.meta.url)),
      join(directory, 'auth', 'secret-redaction.ts'),
    );
    return (await import(pathToFileURL(copy).href)) as typeof import('./errors.js');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

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

  it('isInstance is false for the errors of other toolwright packages, which share only the toolwright marker', () => {
    const others = [new ToolwrightError('other', 'x'), new OtherPackageError('not_found', 'x')];
    for (const other of others) {
      expect(ToolwrightError.isInstance(other)).toBe(true);
      expect(McpClientError.isInstance(other), other.name).toBe(false);
    }
    expect(McpClientError.isInstance(new Error('plain'))).toBe(false);
    expect(McpClientError.isInstance({ code: 'timeout' })).toBe(false);
    expect(McpClientError.isInstance(null)).toBe(false);
  });

  it('isInstance is true both ways across a second copy of the class', async () => {
    const copy = await secondCopyOfErrors();
    expect(copy.McpClientError).not.toBe(McpClientError);
    const fromCopy = new copy.McpClientError('timeout', 'slow', { server: 's' });
    expect(fromCopy).not.toBeInstanceOf(McpClientError);
    expect(McpClientError.isInstance(fromCopy)).toBe(true);
    expect(copy.McpClientError.isInstance(new McpClientError('timeout', 'slow'))).toBe(true);
    expect(copy.McpClientError.isInstance(new ToolwrightError('other', 'x'))).toBe(false);
  });

  it('codes are unique snake_case strings; invalid_option is the project-wide option code', () => {
    const codes = Object.values(McpClientErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(McpClientErrorCode.InvalidOption).toBe('invalid_option');
  });
});
