import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';
import type { ArtifactWriteRequest } from './types.js';
import type { NormalisedWriteRequest } from './write-request.js';

/**
 * Runs a host's `validateRequest` on a write request, before anything is stored. The host's own
 * `ArtifactStoreError` stands as it is; anything else, another toolwright package's error
 * included, becomes `request_rejected` with the original as its cause, so that every error a
 * store throws is one a host can recognise with `isInstance`.
 */
export function runRequestHook(
  hook: ((request: ArtifactWriteRequest) => void) | undefined,
  request: ArtifactWriteRequest,
  normalised: NormalisedWriteRequest,
): void {
  if (hook === undefined) return;
  try {
    hook(request);
  } catch (error) {
    if (ArtifactStoreError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.RequestRejected,
      `Write request of kind "${normalised.kind}" (${normalised.bytes.byteLength} bytes) was refused by validateRequest: ${reason}`,
      { cause: error },
    );
  }
}
