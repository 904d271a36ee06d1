import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** AES-256-GCM: a 32-byte key, a 12-byte nonce, a 16-byte tag. */
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** What a sealed value starts with: the format's version, so a later one can be told apart. */
const FORMAT = 'tw1';

/** Base64 (standard or URL-safe, padded or not) of exactly 32 bytes. */
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * A host key for sealing values, checked: 32 bytes given as a `Buffer` (or `Uint8Array`), or as
 * base64 of 32 bytes (such as `openssl rand -base64 32` prints). Anything else is refused naming
 * what it was (never the key itself) and what is accepted.
 */
export function hostKeyOf(owner: string, key: unknown): Buffer {
  const accepted = `a 32-byte key: a Buffer, or base64 of 32 bytes (44 characters, as \`openssl rand -base64 32\` prints)`;
  let bytes: Buffer | undefined;
  let got: string;
  if (key instanceof Uint8Array) {
    bytes = Buffer.from(key);
    got = `${key.length} bytes`;
  } else if (typeof key === 'string') {
    const trimmed = key.trim();
    bytes = BASE64_KEY.test(trimmed) ? Buffer.from(trimmed, 'base64') : undefined;
    got = `a string of ${key.length} characters that is not base64 of 32 bytes`;
  } else {
    got = key === null ? 'null' : typeof key;
  }
  if (bytes === undefined || bytes.length !== KEY_BYTES)
    throw new RedisStoreError(
      RedisStoreErrorCode.InvalidOption,
      `${owner}: key must be ${accepted}; got ${got}.`,
    );
  return bytes;
}

/**
 * Seals and opens values under one host key with AES-256-GCM: a fresh random nonce per value,
 * the key's id beside the ciphertext, and the Redis key the value is stored under as additional
 * data, so that a value copied to another key (another server's tokens) does not open there.
 * Stored as `tw1.<key id>.<nonce>.<tag>.<ciphertext>` (base64url parts).
 */
export class SealedValues {
  /** The first 16 hex digits of a SHA-256 over the key: names it, and says nothing of it. */
  readonly keyId: string;
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
    this.keyId = createHash('sha256')
      .update('toolwright sealed value key id\0')
      .update(key)
      .digest('hex')
      .slice(0, 16);
  }

  /** `plaintext` sealed for the Redis key `where`. */
  seal(where: string, plaintext: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(where, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, this.keyId, nonce, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /**
   * The plaintext of `sealed`, read from the Redis key `where`.
   *
   * @throws RedisStoreError `invalid_data` naming `where`: not a sealed value, sealed under
   *   another key (its id and this one's named), or altered.
   */
  open(where: string, sealed: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== FORMAT)
      throw invalid(
        `Redis key ${where} does not hold a value sealed by this store (${FORMAT}.…); something else wrote it.`,
      );
    const [, keyId, nonce, tag, ciphertext] = parts as [string, string, string, string, string];
    if (keyId !== this.keyId)
      throw invalid(
        `Redis key ${where} was sealed under the key with id ${keyId}, and this store has the key with id ${this.keyId}: give every worker the same key, or log in again to replace the value.`,
      );
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(nonce, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(where, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch (cause) {
      throw invalid(
        `Redis key ${where} holds a sealed value that fails its integrity check under this store's key (id ${this.keyId}): it was altered, or copied from another key.`,
        cause,
      );
    }
  }
}

function invalid(message: string, cause?: unknown): RedisStoreError {
  return new RedisStoreError(RedisStoreErrorCode.InvalidData, message, cause === undefined ? {} : { cause });
}
