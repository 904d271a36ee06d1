import { rejectionOf, thrownBy } from '@toolwright/test-support';
import { ArtifactStoreError } from '../errors.js';

/** The store's refusal of an operation; fails the test when it succeeds or throws anything else. */
export function rejection(pending: Promise<unknown>): Promise<ArtifactStoreError> {
  return rejectionOf(pending, ArtifactStoreError);
}

/** The synchronous form of {@link rejection}. */
export function thrown(run: () => unknown): ArtifactStoreError {
  return thrownBy(run, ArtifactStoreError);
}
