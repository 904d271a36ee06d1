import { ArtifactStoreError } from '../errors.js';

/** The store's refusal of an operation; fails the test when it succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<ArtifactStoreError> {
  try {
    await promise;
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the operation to be refused');
}

/** The synchronous form of {@link rejection}. */
export function thrown(action: () => unknown): ArtifactStoreError {
  try {
    action();
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected the operation to be refused');
}
