import { createHmac, randomBytes } from 'node:crypto';

/** The fewest bytes a signing key may have: 256 bits, as HMAC-SHA256 wants. */
export const MIN_SIGNING_KEY_BYTES = 32;

/** The keys a server signs with, each derived from the host's one key for one use only. */
export interface SigningKeys {
  /** Signs the `requestState` of multi-round-trip calls. */
  readonly requestState: Uint8Array;
  /** Signs the grants in artifact `resource_link` URIs. */
  readonly artifactGrants: Uint8Array;
}

/**
 * The server's signing keys, from the host's `signingKey` (a `Uint8Array` or a string, at least
 * 32 bytes; a string is taken as UTF-8). Without one, a random key of this process: a single
 * server needs nothing more, but replicas behind a load balancer must share one, or a
 * `requestState` or a `resource_link` that one replica signed is refused by the next.
 */
export function deriveSigningKeys(signingKey: Uint8Array | string | undefined): SigningKeys {
  const root =
    signingKey === undefined
      ? randomBytes(MIN_SIGNING_KEY_BYTES)
      : typeof signingKey === 'string'
        ? Buffer.from(signingKey, 'utf8')
        : signingKey;
  const derive = (use: string): Uint8Array => createHmac('sha256', root).update(`toolwright ${use}`).digest();
  return { requestState: derive('request state'), artifactGrants: derive('artifact grants') };
}

/** Why `value` is not a signing key, or `undefined` when it is one. */
export function signingKeyProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const length =
    typeof value === 'string'
      ? Buffer.byteLength(value, 'utf8')
      : value instanceof Uint8Array
        ? value.byteLength
        : undefined;
  if (length === undefined) return 'a Uint8Array or a string';
  return length < MIN_SIGNING_KEY_BYTES
    ? `at least ${MIN_SIGNING_KEY_BYTES} bytes (${length} given)`
    : undefined;
}
