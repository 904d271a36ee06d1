import { createClient, ErrorReply, MultiErrorReply } from '@redis/client';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Options of {@link RedisConnection.open}. */
export interface RedisConnectionOptions {
  /** How long connecting may take, in milliseconds (default 5,000). */
  readonly connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
/** The longest wait between reconnection attempts while Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/** `url` with any password replaced by `***`: what an error or a log line may show. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(an unparsable Redis URL)';
  }
}

/**
 * The client, configured once: no offline queue; once connected, reconnection with a capped
 * backoff. Before the first connection a failure ends `connect()` with its cause: an unreachable
 * server or wrong credentials are an answer, not something to wait out.
 */
function makeClient(url: string, connectTimeoutMs: number, everConnected: () => boolean) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries: number, cause: Error) =>
        everConnected() ? Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause,
    },
  });
}

/** The node-redis client this package drives, as {@link makeClient} makes it. */
type Client = ReturnType<typeof makeClient>;

type Runner = <T>(
  operation: string,
  command: (client: Client) => Promise<T>,
  keys: readonly string[],
) => Promise<T>;
const runners = new WeakMap<RedisConnection, Runner>();

/**
 * Runs `command` on `connection`'s client; a failure of the connection becomes an `unavailable`
 * {@link RedisStoreError} naming `operation`, and a refusal of Redis itself (a key of another
 * type, a failing script) an `invalid_data` one naming `keys`, the keys the command touches.
 * For the stores of this package (not exported from it).
 */
export function runOnConnection<T>(
  connection: RedisConnection,
  operation: string,
  command: (client: Client) => Promise<T>,
  keys: readonly string[] = [],
): Promise<T> {
  const run = runners.get(connection);
  if (run === undefined)
    throw new RedisStoreError(
      RedisStoreErrorCode.InvalidOption,
      'Expected a RedisConnection from RedisConnection.open(url) of this copy of @toolwright/redis.',
    );
  return run(operation, command, keys);
}

/** The words of a refusal: of a transaction, its failed commands' too (`exec` gathers them in one error). */
function saidByRedis(reply: ErrorReply): string {
  if (!(reply instanceof MultiErrorReply)) return reply.message;
  return [...reply.errors()].map((error) => error.message).join('; ');
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/**
 * One connection to Redis, shared by the stores of a process. While Redis is away (a restart, a
 * network failure) commands are not queued: each fails at once with an `unavailable`
 * {@link RedisStoreError} naming the server and the operation, and the connection keeps trying
 * to come back (every 50 ms at first, then up to every 2 s), so the next command after Redis
 * returns works again.
 */
export class RedisConnection {
  /** The server's URL with the password hidden. */
  readonly server: string;
  readonly #client: Client;
  /** The password, so that a message that happens to quote it never shows it. */
  readonly #password: string;

  private constructor(client: Client, server: string, password: string) {
    this.#client = client;
    this.server = server;
    this.#password = password;
    // The stores of this package reach the client through `runOnConnection`; it is not public.
    runners.set(this, (operation, command, keys) => this.#run(operation, command, keys));
  }

  /**
   * Connects to `url` (`redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS).
   *
   * @throws RedisStoreError `invalid_option` for a URL of another form; `unavailable` when Redis
   *   cannot be reached within the connect timeout or refuses the credentials.
   */
  static async open(url: string, options: RedisConnectionOptions = {}): Promise<RedisConnection> {
    if (typeof url !== 'string' || !/^rediss?:\/\//.test(url))
      throw new RedisStoreError(
        RedisStoreErrorCode.InvalidOption,
        `A Redis URL is redis://[[user]:password@]host[:port][/db] or rediss://…; got ${typeof url === 'string' ? JSON.stringify(redactRedisUrl(url)) : typeof url}.`,
      );
    const server = redactRedisUrl(url);
    let connected = false;
    const client = makeClient(url, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS, () => connected);
    // node-redis reports every failed reconnection as an `error` event; without a listener
    // Node would throw it. The failures reach callers through their commands instead.
    client.on('error', () => undefined);
    const connection = new RedisConnection(client, server, passwordOf(url));
    try {
      await client.connect();
      connected = true;
    } catch (error) {
      if (client.isOpen) client.destroy();
      throw connection.#unavailable('connecting', error);
    }
    return connection;
  }

  /** Closes the connection; commands after it fail as `unavailable`. */
  async close(): Promise<void> {
    if (this.#client.isOpen) await this.#client.close();
  }

  async #run<T>(
    operation: string,
    command: (client: Client) => Promise<T>,
    keys: readonly string[],
  ): Promise<T> {
    if (!this.#client.isReady)
      throw this.#unavailable(operation, new Error('the connection is down; reconnecting'));
    try {
      return await command(this.#client);
    } catch (error) {
      if (RedisStoreError.isInstance(error)) throw error;
      if (error instanceof ErrorReply) throw this.#refused(operation, error, keys);
      throw this.#unavailable(operation, error);
    }
  }

  /**
   * A reply of Redis refusing a command. A key of another type (`WRONGTYPE`, also from inside a
   * script) means something else wrote under the store's keys: `invalid_data`, naming them. Any
   * other refusal (out of memory, a read-only replica, still loading after a restart) is Redis
   * not able to serve now: `unavailable`, with its words.
   */
  #refused(operation: string, reply: ErrorReply, keys: readonly string[]): RedisStoreError {
    if (!saidByRedis(reply).includes('WRONGTYPE')) return this.#unavailable(operation, reply);
    const named =
      keys.length === 0
        ? 'one of its keys'
        : keys.length === 1
          ? `key ${keys[0]}`
          : `one of the keys ${keys.join(', ')}`;
    return new RedisStoreError(
      RedisStoreErrorCode.InvalidData,
      `Redis ${named} holds a value of another type than this store writes, met while ${operation}: something else wrote it. Remove it or choose another keyPrefix.`,
      { cause: reply },
    );
  }

  #unavailable(operation: string, cause: unknown): RedisStoreError {
    const said = cause instanceof Error ? cause.message : String(cause);
    const reason = this.#password === '' ? said : said.split(this.#password).join('***');
    return new RedisStoreError(
      RedisStoreErrorCode.Unavailable,
      `Redis at ${this.server} is unavailable while ${operation} (${reason}). Nothing is half-written: a write is one transaction; repeat it once Redis is back.`,
      { cause },
    );
  }
}
