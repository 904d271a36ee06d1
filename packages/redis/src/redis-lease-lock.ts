import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Deletes the lock only while it still holds this holder's token (it may have run out and passed on). */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/** Extends the lease only while the lock still holds this holder's token. */
const EXTEND = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/** The first wait between attempts to take a held lock, and the longest. */
const FIRST_RETRY_MS = 10;
const MAX_RETRY_MS = 200;

/** How a {@link withLeaseLock} lock is held. */
export interface LeaseLockTiming {
  /** How long the lock outlives a holder that stopped renewing it (it died, or hangs). */
  readonly leaseMs: number;
  /** How long to wait for a held lock before giving up. */
  readonly waitMs: number;
}

/**
 * Runs `run` holding the Redis lock `lockKey`: taken with `SET NX PX` under a random token of this
 * holder, kept alive while `run` runs (the lease is extended every third of it), released with a
 * compare-and-delete script, so a holder whose lease ran out never removes the next one's lock.
 * A holder that dies leaves a lock that runs out after `leaseMs`. A held lock is tried again with
 * a doubling wait (10 ms up to 200 ms, jittered) until `waitMs` passed.
 *
 * @throws RedisStoreError `unavailable` when the lock stayed held for `waitMs` (naming `what` and
 *   the lock's key), or Redis could not be reached; `run` did not run.
 */
export async function withLeaseLock<T>(
  connection: RedisConnection,
  lockKey: string,
  what: string,
  timing: LeaseLockTiming,
  run: () => Promise<T>,
): Promise<T> {
  const token = randomBytes(16).toString('hex');
  const deadline = Date.now() + timing.waitMs;
  for (let retry = FIRST_RETRY_MS; ; retry = Math.min(retry * 2, MAX_RETRY_MS)) {
    const taken = await runOnConnection(connection, `taking ${what}`, (client) =>
      client.set(lockKey, token, { condition: 'NX', expiration: { type: 'PX', value: timing.leaseMs } }),
    );
    if (taken === 'OK') break;
    const left = deadline - Date.now();
    if (left <= 0)
      throw new RedisStoreError(
        RedisStoreErrorCode.Unavailable,
        `Waited ${timing.waitMs} ms for ${what} (Redis key ${lockKey}) on ${connection.server}, and another worker still holds it. A holder that died lets go after its lease (${timing.leaseMs} ms); one that works this long is stuck.`,
      );
    // Jittered, so that workers waiting together do not knock together.
    await sleep(Math.min(left, retry / 2 + Math.random() * (retry / 2)));
  }
  const renewal = setInterval(
    () => {
      void runOnConnection(connection, `extending ${what}`, (client) =>
        client.eval(EXTEND, { keys: [lockKey], arguments: [token, String(timing.leaseMs)] }),
      ).catch(() => undefined);
    },
    Math.max(1, Math.floor(timing.leaseMs / 3)),
  );
  renewal.unref();
  try {
    return await run();
  } finally {
    clearInterval(renewal);
    // Should Redis be away now, the lease ends the lock instead; `run`'s outcome stands.
    await runOnConnection(connection, `releasing ${what}`, (client) =>
      client.eval(RELEASE, { keys: [lockKey], arguments: [token] }),
    ).catch(() => undefined);
  }
}
