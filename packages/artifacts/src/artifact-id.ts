import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import { ARTIFACT_ID_PATTERN } from './sha256.js';

/**
 * Throws `invalid_request` unless `id` has the form of an artifact id (a SHA-256 in lowercase
 * hex): checked before an id names a file or a key, so that nothing else is ever looked up.
 */
export function checkArtifactId(id: unknown): asserts id is string {
  if (typeof id !== 'string' || !ARTIFACT_ID_PATTERN.test(id)) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.InvalidRequest,
      `Invalid artifact id ${JSON.stringify(String(id)).slice(0, 100)}: expected 64 lowercase hex digits (a SHA-256).`,
      { option: 'id' },
    );
  }
}
