import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

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
      [Symbol.for('toolwright.error')]: true,
      [Symbol.for('toolwright.artifact-store-error')]: true,
    });
    expect(ArtifactStoreError.isInstance(fromOtherCopy)).toBe(true);
    expect(ArtifactStoreError.isInstance(new Error('plain'))).toBe(false);
    expect(ArtifactStoreError.isInstance({ code: 'not_found' })).toBe(false);
    expect(ArtifactStoreError.isInstance(null)).toBe(false);
  });

  it('codes are unique snake_case strings', () => {
    const codes = Object.values(ArtifactStoreErrorCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
