import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

/** Another toolwright package's error: the shared marker, but not this package's own. */
function otherToolwrightError(): Error {
  return Object.assign(new Error('from @toolwright/contracts'), {
    code: 'invalid_option',
    [Symbol.for('toolwright.error')]: true,
  });
}

/**
 * A second, separately loaded copy of this module, as two installed versions of the package
 * would be: a real file with its own class, not an object dressed up with the markers.
 */
async function secondCopyOfErrors(): Promise<typeof import('./errors.js')> {
  const directory = mkdtempSync(join(tmpdir(), 'toolwright-artifacts-second-copy-'));
  try {
    const copy = join(directory, 'errors.ts');
    copyFileSync(fileURLToPath(new URL('./errors.ts', import.meta.url)), copy);
    return (await import(pathToFileURL(copy).href)) as typeof import('./errors.js');
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('ArtifactStoreError', () => {
  it('carries a string code, the shared toolwright marker and its details', () => {
    const cause = new Error('EACCES');
    const error = new ArtifactStoreError(
      ArtifactStoreErrorCode.UnsafeEntry,
      'Refusing /x: a symbolic link.',
      {
        path: '/x',
        cause,
      },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ArtifactStoreError');
    expect(error.code).toBe('unsafe_entry');
    expect(error.path).toBe('/x');
    expect(error.cause).toBe(cause);
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for('toolwright.error')]).toBe(true);
  });

  it('isInstance recognises an error from another copy of the package by its marker, not by class identity', () => {
    const fromOtherCopy = Object.assign(new Error('other copy'), {
      code: 'not_found',
      [Symbol.for('toolwright.utils.ToolwrightError')]: true,
      [Symbol.for('toolwright.artifacts.ArtifactStoreError')]: true,
    });
    expect(ArtifactStoreError.isInstance(fromOtherCopy)).toBe(true);
    expect(ArtifactStoreError.isInstance(new Error('plain'))).toBe(false);
    expect(ArtifactStoreError.isInstance({ code: 'not_found' })).toBe(false);
    expect(ArtifactStoreError.isInstance(null)).toBe(false);
  });

  it('isInstance is false for the errors of other toolwright packages, which share only the toolwright marker', () => {
    const other = otherToolwrightError();
    expect((other as unknown as Record<symbol, unknown>)[Symbol.for('toolwright.error')]).toBe(true);
    expect(ArtifactStoreError.isInstance(other)).toBe(false);
  });

  it('isInstance is true both ways across a second copy of the class', async () => {
    const copy = await secondCopyOfErrors();
    expect(copy.ArtifactStoreError).not.toBe(ArtifactStoreError);
    const fromCopy = new copy.ArtifactStoreError('not_found', 'No artifact.');
    expect(fromCopy).not.toBeInstanceOf(ArtifactStoreError);
    expect(ArtifactStoreError.isInstance(fromCopy)).toBe(true);
    expect(copy.ArtifactStoreError.isInstance(new ArtifactStoreError('not_found', 'No artifact.'))).toBe(
      true,
    );
    expect(copy.ArtifactStoreError.isInstance(otherToolwrightError())).toBe(false);
  });

  it('codes are unique snake_case strings', () => {
    const codes = Object.values(ArtifactStoreErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
