import { createHash } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Bytes hashed between two yields to the event loop when hashing large inputs. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/** SHA-256 of `bytes` as lowercase hex, in one go (for small inputs). */
export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * SHA-256 of a large buffer, hashed in slices with a yield between them so that hashing 64 MiB
 * does not block other work of the process for its whole duration.
 */
export async function sha256HexSliced(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < bytes.byteLength; offset += HASH_SLICE_BYTES) {
    hash.update(bytes.subarray(offset, offset + HASH_SLICE_BYTES));
    if (offset + HASH_SLICE_BYTES < bytes.byteLength) await yieldToEventLoop();
  }
  return hash.digest('hex');
}

/** Artifact ids: a SHA-256 in lowercase hex. */
export const ARTIFACT_ID_PATTERN = /^[0-9a-f]{64}$/;
