import type { ApprovalStoreV1, PendingApprovalV1 } from '@toolwright/spec';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Options of {@link RedisApprovalStore}. */
export interface RedisApprovalStoreOptions {
  /** Put before every key (default `toolwright:`), so several hosts or tenants share one Redis. */
  readonly keyPrefix?: string;
  /** The clock, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/** The same record ids the file store takes: they name keys, so no other form is accepted. */
const RECORD_ID = /^[0-9a-f]{32}$/;

/**
 * How long a record outlives its `expiresAt` in Redis: an answer that comes just too late is then
 * refused as `expired` (naming when), not as a record that never existed.
 */
const EXPIRED_RECORD_GRACE_MS = 10 * 60 * 1000;

/**
 * Pending approvals on Redis, for a fleet: the worker whose run asked saves the record, any other
 * (a CLI, a web UI, the next turn on another worker) lists and answers it. Each record is one
 * key holding its JSON, with a time to live just past its `expiresAt`, and an entry in one sorted
 * set (by `expiresAt`) that `list` reads; `put` and `delete` change both in one transaction.
 * `delete` is one `DEL`: of two workers answering at once, exactly one removes the record and
 * gets `true`, so an approval resumes its call once across the fleet.
 *
 * Records are signed by the host (`ApprovalDesk`), so a record edited in Redis is refused as
 * forged; they are not encrypted, and hold the call's arguments: protect the Redis as you would
 * the agent's state directory.
 */
export class RedisApprovalStore implements ApprovalStoreV1 {
  /** The version of the store interface this implements. */
  readonly specificationVersion = 'v1' as const;
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #index: string;
  readonly #now: () => number;

  constructor(connection: RedisConnection, options: RedisApprovalStoreOptions = {}) {
    const prefix = options.keyPrefix ?? 'toolwright:';
    if (typeof prefix !== 'string')
      throw new RedisStoreError(
        RedisStoreErrorCode.InvalidOption,
        `RedisApprovalStore: keyPrefix must be a string (such as "toolwright:"); got ${typeof prefix}.`,
      );
    this.#connection = connection;
    this.#prefix = `${prefix}approval:`;
    this.#index = `${prefix}approvals`;
    this.#now = options.now ?? Date.now;
  }

  /** The record `id`, or `undefined` when there is none (never saved, answered, or expired). */
  async get(id: string): Promise<PendingApprovalV1 | undefined> {
    if (!RECORD_ID.test(id)) return undefined;
    const key = this.#key(id);
    const value = await runOnConnection(
      this.#connection,
      `reading approval ${id}`,
      (client) => client.get(key),
      [key],
    );
    return value === null ? undefined : this.#parse(key, value);
  }

  /** Saves `record` (its key and its index entry in one transaction), kept until just past its expiry. */
  async put(record: PendingApprovalV1): Promise<void> {
    if (!RECORD_ID.test(record.id))
      throw new TypeError(`An approval id is 32 lowercase hex digits; got ${JSON.stringify(record.id)}.`);
    const ttlMs = Math.max(0, record.expiresAt - this.#now()) + EXPIRED_RECORD_GRACE_MS;
    const key = this.#key(record.id);
    await runOnConnection(
      this.#connection,
      `saving approval ${record.id}`,
      (client) =>
        client
          .multi()
          .set(key, JSON.stringify(record), { expiration: { type: 'PX', value: ttlMs } })
          .zAdd(this.#index, { score: record.expiresAt, value: record.id })
          .exec(),
      [key, this.#index],
    );
  }

  /** Removes the record; `true` only for the one caller, of all workers, that removed it. */
  async delete(id: string): Promise<boolean> {
    if (!RECORD_ID.test(id)) return false;
    const key = this.#key(id);
    const [removed] = await runOnConnection(
      this.#connection,
      `removing approval ${id}`,
      (client) => client.multi().del(key).zRem(this.#index, id).exec(),
      [key, this.#index],
    );
    return Number(removed) === 1;
  }

  /** Every record present, in no particular order. */
  async list(): Promise<readonly PendingApprovalV1[]> {
    // Entries whose records Redis has let expire are dropped from the index as they are met.
    const stale = this.#now() - EXPIRED_RECORD_GRACE_MS;
    const ids = await runOnConnection(
      this.#connection,
      'listing approvals',
      async (client) => {
        await client.zRemRangeByScore(this.#index, '-inf', `(${stale}`);
        return client.zRange(this.#index, 0, -1);
      },
      [this.#index],
    );
    if (ids.length === 0) return [];
    const keys = ids.map((id) => this.#key(id));
    const values = await runOnConnection(
      this.#connection,
      'reading approvals',
      (client) => client.mGet(keys),
      keys,
    );
    const records: PendingApprovalV1[] = [];
    values.forEach((value, index) => {
      if (value !== null) records.push(this.#parse(keys[index] as string, value));
    });
    return records;
  }

  #key(id: string): string {
    return `${this.#prefix}${id}`;
  }

  #parse(key: string, value: string): PendingApprovalV1 {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (typeof parsed === 'object' && parsed !== null) return parsed as PendingApprovalV1;
    } catch {
      // Reported below, with the key.
    }
    throw new RedisStoreError(
      RedisStoreErrorCode.InvalidData,
      `Redis key ${key} does not hold a pending-approval record (JSON object); something else wrote it.`,
    );
  }
}
