import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ArtifactStoreError } from '@toolwright/artifacts';
import { InvalidOptionError, ToolValidationError, ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';

/**
 * A second, separately loaded copy of this module, as two installed versions of the package
 * would be: a real file with its own class, not an object dressed up with the marker.
 */
async function secondCopyOfErrors(): Promise<typeof import('./errors.js')> {
  const directory = mkdtempSync(join(tmpdir(), 'toolwright-mcp-adapter-second-copy-'));
  try {
    const copy = join(directory, 'errors.ts');
    copyFileSync(fileURLToPath(new URL('./errors.ts', import.meta.url)), copy);
    return (await import(pathToFileURL(copy).href)) as typeof import('./errors.js');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

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

  it('isInstance is false for the errors of other toolwright packages, which share only the toolwright marker', () => {
    const others = [
      new ToolwrightError('other', 'x'),
      new ToolValidationError('validation_failed', 'x', { toolName: 't', issues: [] }),
      new InvalidOptionError('ParseOptions', 'x'),
      new ArtifactStoreError('not_found', 'No artifact.'),
    ];
    for (const other of others) {
      expect(ToolwrightError.isInstance(other)).toBe(true);
      expect(McpAdapterError.isInstance(other), other.name).toBe(false);
    }
    expect(McpAdapterError.isInstance(new Error('plain'))).toBe(false);
    expect(McpAdapterError.isInstance({ code: 'timeout' })).toBe(false);
    expect(McpAdapterError.isInstance(null)).toBe(false);
  });

  it('isInstance is true both ways across a second copy of the class', async () => {
    const copy = await secondCopyOfErrors();
    expect(copy.McpAdapterError).not.toBe(McpAdapterError);
    const fromCopy = new copy.McpAdapterError('timeout', 'slow', { server: 's' });
    expect(fromCopy).not.toBeInstanceOf(McpAdapterError);
    expect(McpAdapterError.isInstance(fromCopy)).toBe(true);
    expect(copy.McpAdapterError.isInstance(new McpAdapterError('timeout', 'slow'))).toBe(true);
    expect(copy.McpAdapterError.isInstance(new ToolwrightError('other', 'x'))).toBe(false);
  });

  it('recognises an error of an earlier copy, which set the same marker key per instance', () => {
    const earlier = Object.assign(new Error('earlier copy'), {
      code: 'timeout',
      [Symbol.for('toolwright.error')]: true,
      [Symbol.for('toolwright.mcp_adapter_error')]: true,
    });
    expect(McpAdapterError.isInstance(earlier)).toBe(true);
  });

  it('codes are unique snake_case strings; invalid_option is the project-wide option code', () => {
    const codes = Object.values(McpAdapterErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(McpAdapterErrorCode.InvalidOption).toBe('invalid_option');
  });
});
