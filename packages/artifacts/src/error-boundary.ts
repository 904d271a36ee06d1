import { PrivateFileError } from '@toolwright/utils/private-files';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

/** The path a Node system error names (`error.path`), if it names one. */
function systemErrorPath(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('path' in error)) return undefined;
  const path = (error as { path: unknown }).path;
  return typeof path === 'string' ? path : undefined;
}

/**
 * What an operation of the store throws, as an {@link ArtifactStoreError}. Most failures are
 * already typed where they happen, with a precise code; this is the net under them, at every
 * public method, so that a file-system race the inner code did not foresee (a directory removed
 * or swapped for a file between two calls: `ENOENT`, `ENOTDIR`) still reaches the host as
 * `io_failed` naming the path, never as a raw `ErrnoException` a host cannot tell from its own.
 * A refusal of the private-file checks the store shares with `PrivateDirectory` (a link, a foreign
 * owner, a loose mode) keeps its code, words and path. Anything else unexpected (a buffer too
 * large to allocate) is `io_failed` too, with the original error as its `cause`.
 */
export function asArtifactStoreError(
  error: unknown,
  operation: string,
  fallbackPath: string,
): ArtifactStoreError {
  if (ArtifactStoreError.isInstance(error)) return error;
  if (PrivateFileError.isInstance(error)) {
    const details = { cause: error, ...(error.path === undefined ? {} : { path: error.path }) };
    return new ArtifactStoreError(error.code, error.message, details);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ArtifactStoreError(ArtifactStoreErrorCode.IoFailed, `Could not ${operation}: ${reason}`, {
    path: systemErrorPath(error) ?? fallbackPath,
    cause: error,
  });
}
