import {
  OAUTH_CREDENTIAL_KINDS_V1,
  type OAuthCredentialKindV1,
  type OAuthCredentialStoreV1,
  type OAuthCredentialValueV1,
} from '@toolwright/spec';
import type { RedisConnection, runOnConnection } from './redis-connection.js';
import { runOnKeys } from './redis-key-types.js';
import { withLeaseLock } from './redis-lease-lock.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';
import { hostKeyOf, SealedValues } from './sealed-value.js';

/** Options of {@link RedisOAuthStore}. */
export interface RedisOAuthStoreOptions {
  /**
   * The host key every value is sealed with (AES-256-GCM): 32 bytes, as a `Buffer` or as base64
   * (`openssl rand -base64 32`). The same on every worker; keep it out of Redis.
   */
  readonly key: Uint8Array | string;
  /** Put before every key (default `toolwright:`), so several hosts or tenants share one Redis. */
  readonly keyPrefix?: string;
  /** How long the refresh lock outlives a worker that died holding it, in ms (default 10,000). */
  readonly lockLeaseMs?: number;
  /** How long a renewal waits for the refresh lock before failing, in ms (default 30,000). */
  readonly lockWaitMs?: number;
}

/** The keys the MCP client makes (`<url hash>-<name>`): they name Redis keys, so nothing else is taken. */
const SERVER_KEY = /^[A-Za-z0-9_.-]{1,256}$/;
const DEFAULT_LEASE_MS = 10_000;
const DEFAULT_WAIT_MS = 30_000;
/** The longest a timer can wait (setTimeout's limit). */
const MAX_MS = 2_147_483_647;

function invalidOption(message: string): RedisStoreError {
  return new RedisStoreError(RedisStoreErrorCode.InvalidOption, `RedisOAuthStore: ${message}`);
}

function milliseconds(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_MS)
    throw invalidOption(
      `${name} must be a whole number of milliseconds from 1 to ${MAX_MS}; got ${String(value)}.`,
    );
  return value;
}

/**
 * The OAuth state of MCP servers on Redis, shared by a fleet (`mcpOAuth({ credentialStore })` of
 * `@toolwright/mcp-client/oauth`): one worker logs in, every worker uses the tokens, and an access
 * token running out is renewed by one worker for all of them under the refresh lock.
 *
 * Every value (tokens, client registration, discovery) is sealed with AES-256-GCM under the host
 * key before it leaves the process, with a fresh nonce per write and the key's id beside it:
 * Redis never holds a token in plain text, and a worker with another key gets an `invalid_data`
 * error naming the Redis key and both key ids, not garbage. Keys are
 * `<keyPrefix>oauth:<serverKey>:<kind>` and `<keyPrefix>oauth:<serverKey>:refresh-lock`.
 */
export class RedisOAuthStore implements OAuthCredentialStoreV1 {
  /** The version of the store interface this implements. */
  readonly specificationVersion = 'v1' as const;
  readonly #connection: RedisConnection;
  readonly #prefix: string;
  readonly #sealed: SealedValues;
  readonly #leaseMs: number;
  readonly #waitMs: number;

  /**
   * @throws RedisStoreError `invalid_option` for a key that is not 32 bytes (a `Buffer`, or
   *   base64 of 32 bytes), a prefix that is not a string, or a time out of range.
   */
  constructor(connection: RedisConnection, options: RedisOAuthStoreOptions) {
    if (typeof options !== 'object' || options === null)
      throw invalidOption('options must be an object with the host key ({ key }).');
    const prefix = options.keyPrefix ?? 'toolwright:';
    if (typeof prefix !== 'string')
      throw invalidOption(`keyPrefix must be a string (such as "toolwright:"); got ${typeof prefix}.`);
    this.#connection = connection;
    this.#prefix = `${prefix}oauth:`;
    this.#sealed = new SealedValues(hostKeyOf('RedisOAuthStore', options.key));
    this.#leaseMs = milliseconds('lockLeaseMs', options.lockLeaseMs, DEFAULT_LEASE_MS);
    this.#waitMs = milliseconds('lockWaitMs', options.lockWaitMs, DEFAULT_WAIT_MS);
  }

  /** The id of the host key (a hash of it, naming it in messages without showing it). */
  get keyId(): string {
    return this.#sealed.keyId;
  }

  async read(serverKey: string, kind: OAuthCredentialKindV1): Promise<OAuthCredentialValueV1 | undefined> {
    const key = this.#key(serverKey, kind);
    const sealed = await this.#run(key, `reading the OAuth ${kind} of ${serverKey}`, (client) =>
      client.get(key),
    );
    if (sealed === null) return undefined;
    const text = this.#sealed.open(key, sealed);
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as OAuthCredentialValueV1;
    } catch {
      // Reported below, with the key.
    }
    throw new RedisStoreError(
      RedisStoreErrorCode.InvalidData,
      `Redis key ${key} opens to something other than a JSON object; another program sealed it with this key.`,
    );
  }

  async write(serverKey: string, kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1): Promise<void> {
    const key = this.#key(serverKey, kind);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new TypeError(`RedisOAuthStore.write: the value of ${key} must be a JSON object.`);
    const sealed = this.#sealed.seal(key, JSON.stringify(value));
    await this.#run(key, `saving the OAuth ${kind} of ${serverKey}`, (client) => client.set(key, sealed));
  }

  async delete(serverKey: string, kind: OAuthCredentialKindV1): Promise<void> {
    const key = this.#key(serverKey, kind);
    await this.#run(key, `forgetting the OAuth ${kind} of ${serverKey}`, (client) => client.del(key));
  }

  /**
   * Runs `renew` holding the refresh lock of `serverKey` across every worker on this Redis (see
   * `withLeaseLock`: `SET NX PX`, a lease kept alive while `renew` runs and released by
   * compare-and-delete; a worker that died holding it lets go after `lockLeaseMs`).
   *
   * @throws RedisStoreError `unavailable` when the lock stayed held for `lockWaitMs`, or Redis is away.
   */
  withRefreshLock<T>(serverKey: string, renew: () => Promise<T>): Promise<T> {
    const lockKey = `${this.#serverPrefix(serverKey)}refresh-lock`;
    return withLeaseLock(
      this.#connection,
      lockKey,
      `the OAuth refresh lock of ${serverKey}`,
      { leaseMs: this.#leaseMs, waitMs: this.#waitMs },
      renew,
    );
  }

  #serverPrefix(serverKey: string): string {
    if (typeof serverKey !== 'string' || !SERVER_KEY.test(serverKey))
      throw invalidOption(
        `a server key is 1 to 256 letters, digits, "_", "." and "-" (as the MCP client makes it); got ${JSON.stringify(String(serverKey).slice(0, 80))}.`,
      );
    return `${this.#prefix}${serverKey}:`;
  }

  #key(serverKey: string, kind: OAuthCredentialKindV1): string {
    if (!OAUTH_CREDENTIAL_KINDS_V1.includes(kind))
      throw invalidOption(
        `kind must be one of ${OAUTH_CREDENTIAL_KINDS_V1.join(', ')}; got ${JSON.stringify(String(kind).slice(0, 40))}.`,
      );
    return `${this.#serverPrefix(serverKey)}${kind}`;
  }

  /** Runs one command on `key`, which holds a string; a key of another type is `invalid_data` naming it. */
  #run<T>(key: string, operation: string, command: Parameters<typeof runOnConnection<T>>[2]): Promise<T> {
    return runOnKeys(this.#connection, operation, { [key]: 'string' }, command);
  }
}
