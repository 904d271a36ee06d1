import type { McpSessionRecordStoreV1, McpSessionRecordV1 } from '@toolwright/spec';
import { checkOptions, type OptionTable, POSITIVE_TIMER_MS } from '@toolwright/utils';
import type { RedisConnection } from './redis-connection.js';
import { runOnKeys } from './redis-key-types.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
import { TOUCH_SESSION } from './session-record-scripts.js';

/** Options of {@link RedisSessionRecords}. */
export interface RedisSessionRecordsOptions {
  /** Put before every key (default `toolwright:`), so several servers or tenants share one Redis. */
  readonly keyPrefix?: string;
  /** How long a record lasts after its last `put` or `touch`, in ms (default 30 minutes). */
  readonly idleTimeoutMs?: number;
}

const OWNER = 'RedisSessionRecords';
const OPTIONS: OptionTable<RedisSessionRecordsOptions> = {
  keyPrefix: { kind: 'string' },
  idleTimeoutMs: POSITIVE_TIMER_MS,
};
/** MCP session ids are visible ASCII (0x21 to 0x7E); they name keys, so nothing else is taken. */
const SESSION_ID = /^[\x21-\x7e]{1,256}$/;

/**
 * The records of 2025-era MCP sessions in Redis, so that any replica of a fleet serves a request
 * of a session another replica opened: an `McpSessionRecordStoreV1`. Each record is one hash
 * (its JSON, and `lastSeenAt` apart, so that the `touch` of every request writes one field) with
 * a time to live of the idle timeout, restarted by `put` and `touch`: a session no request
 * touched for that long is gone on every replica at once. Records hold the client's info and
 * capabilities, not secrets; `principal` says who may use the session.
 */
export class RedisSessionRecords implements McpSessionRecordStoreV1 {
  /** The version of the store interface this implements. */
  readonly specificationVersion = 'v1' as const;
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #idleTimeoutMs: number;

  constructor(connection: RedisConnection, options: RedisSessionRecordsOptions = {}) {
    checkOptions(
      OWNER,
      options,
      OPTIONS,
      (problem) => new RedisStoreError(RedisStoreErrorCode.InvalidOption, problem.message),
    );
    this.#connection = connection;
    this.#prefix = `${options.keyPrefix ?? 'toolwright:'}mcp-session:`;
    this.#idleTimeoutMs = options.idleTimeoutMs ?? 30 * 60 * 1000;
  }

  /** The record of `sessionId`, or `undefined` when there is none (never opened, closed, or expired). */
  async get(sessionId: string): Promise<McpSessionRecordV1 | undefined> {
    if (!isSessionId(sessionId)) return undefined;
    const key = this.#key(sessionId);
    const fields = await runOnKeys(
      this.#connection,
      `reading MCP session ${sessionId}`,
      { [key]: 'hash' },
      (client) => client.hGetAll(key),
    );
    if (Object.keys(fields).length === 0) return undefined;
    return parseRecord(key, sessionId, fields);
  }

  /** Saves `record`, replacing any of its session; it expires after the idle timeout. */
  async put(record: McpSessionRecordV1): Promise<void> {
    const problem = recordProblem(record);
    if (problem !== undefined) throw new TypeError(`${OWNER}.put: ${problem}`);
    const { lastSeenAt, ...rest } = record;
    const key = this.#key(record.sessionId);
    await runOnKeys(this.#connection, `saving MCP session ${record.sessionId}`, { [key]: 'hash' }, (client) =>
      client
        .multi()
        .del(key)
        .hSet(key, { record: JSON.stringify(rest), lastSeenAt: String(lastSeenAt) })
        .pExpire(key, this.#idleTimeoutMs)
        .exec(),
    );
  }

  /** Sets `lastSeenAt` and restarts the idle timeout; `false` when there is no record (expired, closed). */
  async touch(sessionId: string, lastSeenAt: number): Promise<boolean> {
    if (!isSessionId(sessionId)) return false;
    if (!Number.isSafeInteger(lastSeenAt) || lastSeenAt < 0)
      throw new TypeError(
        `${OWNER}.touch: lastSeenAt is milliseconds since the epoch (an integer); got ${lastSeenAt}.`,
      );
    const key = this.#key(sessionId);
    const touched = await runOnKeys(
      this.#connection,
      `touching MCP session ${sessionId}`,
      { [key]: 'hash' },
      (client) => TOUCH_SESSION.run(client, [key], [String(lastSeenAt), String(this.#idleTimeoutMs)]),
    );
    return Number(touched) === 1;
  }

  /** Removes the record; true only for the one caller, of all replicas, that removed it. */
  async delete(sessionId: string): Promise<boolean> {
    if (!isSessionId(sessionId)) return false;
    const key = this.#key(sessionId);
    const removed = await runOnKeys(
      this.#connection,
      `removing MCP session ${sessionId}`,
      { [key]: 'hash' },
      (client) => client.del(key),
    );
    return Number(removed) === 1;
  }

  #key(sessionId: string): string {
    return `${this.#prefix}${sessionId}`;
  }
}

function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** What is wrong with `record` as an `McpSessionRecordV1`, or `undefined` when nothing is. */
function recordProblem(record: unknown): string | undefined {
  if (!isObject(record)) return 'a session record is an object';
  if (record.specificationVersion !== 'v1')
    return `specificationVersion must be 'v1'; got ${JSON.stringify(record.specificationVersion)}`;
  if (!isSessionId(record.sessionId))
    return `sessionId must be 1 to 256 visible ASCII characters (an MCP session id); got ${JSON.stringify(record.sessionId)}`;
  if (typeof record.protocolVersion !== 'string' || record.protocolVersion === '')
    return 'protocolVersion must be the negotiated version, a non-empty string';
  if (
    !isObject(record.clientInfo) ||
    typeof record.clientInfo.name !== 'string' ||
    typeof record.clientInfo.version !== 'string'
  )
    return 'clientInfo must be an object with a name and a version (strings)';
  if (!isObject(record.clientCapabilities)) return 'clientCapabilities must be an object';
  if (record.principal !== undefined && typeof record.principal !== 'string')
    return 'principal, when given, must be a string';
  if (record.logLevel !== undefined && !LOG_LEVELS.includes(record.logLevel as string))
    return `logLevel, when given, must be one of ${LOG_LEVELS.join(', ')}; got ${JSON.stringify(record.logLevel)}`;
  if (
    record.resourceSubscriptions !== undefined &&
    !(
      Array.isArray(record.resourceSubscriptions) &&
      record.resourceSubscriptions.every((uri) => typeof uri === 'string')
    )
  )
    return 'resourceSubscriptions, when given, must be an array of URIs (strings)';
  if (!isTime(record.createdAt) || !isTime(record.lastSeenAt))
    return 'createdAt and lastSeenAt must be milliseconds since the epoch (integers)';
  return undefined;
}

/** The record a hash holds, checked as `put` checks one: anything else is `invalid_data`, naming the key. */
function parseRecord(key: string, sessionId: string, fields: Record<string, string>): McpSessionRecordV1 {
  let problem: string | undefined;
  try {
    const record = {
      ...(JSON.parse(fields.record ?? 'null') as object),
      lastSeenAt: Number(fields.lastSeenAt),
    };
    problem = recordProblem(record);
    if (problem === undefined && (record as McpSessionRecordV1).sessionId !== sessionId)
      problem = `it is the record of another session, ${JSON.stringify((record as McpSessionRecordV1).sessionId)}`;
    if (problem === undefined) return record as McpSessionRecordV1;
  } catch {
    problem = 'its record field is not JSON';
  }
  throw new RedisStoreError(
    RedisStoreErrorCode.InvalidData,
    `Redis key ${key} does not hold an MCP session record (${problem}); something else wrote it.`,
  );
}
