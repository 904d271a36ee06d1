import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * What went wrong with a Redis store.
 *
 * - `unavailable`: Redis could not be reached, or the connection dropped before the reply (it
 *   restarted, the network failed). The message names the server (never its password) and the
 *   operation. A write is one transaction, applied whole or not at all; whether one in flight
 *   was applied is unknown, so it is safe to repeat (every write here is idempotent).
 * - `invalid_data`: a value under the store's keys is not what the store writes (written by
 *   something else, or by another version); the message names the key.
 * - `invalid_option`: an option is missing or of the wrong kind; the message names it and what
 *   is accepted.
 */
export const RedisStoreErrorCode = {
  Unavailable: 'unavailable',
  InvalidData: 'invalid_data',
  InvalidOption: 'invalid_option',
} as const;

/** One of {@link RedisStoreErrorCode}. */
export type RedisStoreErrorCode = (typeof RedisStoreErrorCode)[keyof typeof RedisStoreErrorCode];

/** A Redis store could not do what was asked; `code` says why. */
export class RedisStoreError extends ToolwrightError<RedisStoreErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<RedisStoreError>;

  static {
    brandErrorClass(RedisStoreError, 'toolwright.redis.RedisStoreError');
  }
}
