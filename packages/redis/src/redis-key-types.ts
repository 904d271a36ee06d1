import { ErrorReply } from '@redis/client';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Each key an operation uses, with the Redis type the store keeps there (`TYPE`'s name). */
export type ExpectedKeyTypes = Readonly<Record<string, 'string' | 'hash' | 'zset' | 'stream' | 'list'>>;

/**
 * Runs `command` as `runOnConnection` does (which already makes any refusal of Redis a
 * {@link RedisStoreError}), and says more of a `WRONGTYPE`: `runOnConnection` can only list the
 * keys the operation uses, while this asks Redis which one holds what, and names it.
 */
export async function runOnKeys<T>(
  connection: RedisConnection,
  operation: string,
  keys: ExpectedKeyTypes,
  command: Parameters<typeof runOnConnection<T>>[2],
): Promise<T> {
  try {
    return await runOnConnection(connection, operation, command, Object.keys(keys));
  } catch (error) {
    const reply = RedisStoreError.isInstance(error) ? error.cause : error;
    if (reply instanceof ErrorReply && reply.message.includes('WRONGTYPE'))
      throw await wrongType(connection, operation, keys, reply);
    throw error;
  }
}

/** Names the key that holds the wrong kind of value (Redis's reply does not say which). */
async function wrongType(
  connection: RedisConnection,
  operation: string,
  keys: ExpectedKeyTypes,
  cause: ErrorReply,
): Promise<RedisStoreError> {
  const held = await runOnConnection(connection, `checking the keys of ${operation}`, (client) =>
    Promise.all(Object.keys(keys).map((key) => client.type(key))),
  ).catch(() => undefined);
  const entries = Object.entries(keys);
  const index = held?.findIndex((type, at) => type !== 'none' && type !== entries[at]?.[1]) ?? -1;
  const found = index < 0 ? undefined : entries[index];
  const what =
    found === undefined
      ? `One of the Redis keys ${entries.map(([key]) => key).join(', ')} holds a kind of value this store does not keep there`
      : `Redis key ${found[0]} holds a ${String(held?.[index])}, not the ${found[1]} this store keeps there`;
  return new RedisStoreError(
    RedisStoreErrorCode.InvalidData,
    `${what}: something else wrote it (met while ${operation}). Remove it, or choose another keyPrefix.`,
    { cause },
  );
}
