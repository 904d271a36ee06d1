import { randomUUID } from 'node:crypto';
import type { McpChangeBusV1, McpChangeEventV1 } from '@toolwright/spec';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import type { RedisClient } from './lua-script.js';
import { CHANGE_KINDS, changeEventProblem } from './mcp-change-event.js';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Options of {@link RedisChangeBus.open}. */
export interface RedisChangeBusOptions {
  /** Put before the channel's name (default `toolwright:`): replicas with one prefix share changes. */
  readonly keyPrefix?: string;
  /**
   * Told what the bus cannot throw to a caller: a publish that Redis lost after `publish`
   * returned, a message on the channel that is no change event, a listener that threw. Default:
   * nothing is told.
   */
  readonly onError?: (error: Error) => void;
}

const OWNER = 'RedisChangeBus';
const OPTIONS: OptionTable<RedisChangeBusOptions> = {
  keyPrefix: { kind: 'string' },
  onError: { kind: 'function' },
};
/** How long opening may wait for the bus's own connections before it reports Redis unavailable. */
const OPEN_TIMEOUT_MS = 5_000;
/** What listeners are told after the bus reconnects: changes published meanwhile were missed. */
const LIST_CHANGES = CHANGE_KINDS.filter((kind) => kind !== 'resource_updated').map(
  (kind) => ({ kind }) as McpChangeEventV1,
);

type Listener = (event: McpChangeEventV1) => void;

/**
 * MCP change events (`tools/list_changed` and the others) across a fleet, over Redis pub/sub: a
 * change published on any replica reaches the listeners of every replica, its own included. An
 * `McpChangeBusV1`, of the MCP SDK's `ServerEventBus` shape: hand it to `createMcpHandler({ bus })`.
 *
 * The bus has two connections of its own, made from `connection` (same server, credentials and
 * reconnection): a subscriber (a connection in subscribe mode can do nothing else) and a
 * publisher. `publish` delivers to this replica's listeners at once, then to Redis, and the
 * replica skips its own message when it comes back. While Redis is away `publish` throws
 * `unavailable` (this replica's listeners have the event; the others do not). Pub/sub keeps
 * nothing: when the subscriber is back it has resubscribed, and its listeners get one event of
 * each list kind, since changes published meanwhile were missed and clients should list again.
 */
export class RedisChangeBus implements McpChangeBusV1 {
  /** The version of the bus interface this implements. */
  readonly specificationVersion = 'v1' as const;
  /** The channel the replicas share. */
  readonly channel: string;
  readonly #server: string;
  readonly #publisher: RedisClient;
  readonly #subscriber: RedisClient;
  readonly #origin = randomUUID();
  readonly #listeners = new Set<Listener>();
  readonly #onError: (error: Error) => void;
  #closed = false;

  private constructor(
    server: string,
    clients: { publisher: RedisClient; subscriber: RedisClient },
    channel: string,
    onError: (error: Error) => void,
  ) {
    this.#server = server;
    this.#publisher = clients.publisher;
    this.#subscriber = clients.subscriber;
    this.channel = channel;
    this.#onError = onError;
  }

  /**
   * Opens the bus: its two connections, subscribed to `<keyPrefix>mcp-changes` when this
   * resolves (an event published after it reaches this replica).
   *
   * @throws RedisStoreError `unavailable` when Redis cannot be reached; `invalid_option`.
   */
  static async open(
    connection: RedisConnection,
    options: RedisChangeBusOptions = {},
  ): Promise<RedisChangeBus> {
    checkOptions(
      OWNER,
      options,
      OPTIONS,
      (problem) => new RedisStoreError(RedisStoreErrorCode.InvalidOption, problem.message),
    );
    const channel = `${options.keyPrefix ?? 'toolwright:'}mcp-changes`;
    const onError = options.onError ?? (() => undefined);
    let bus: RedisChangeBus | undefined;
    const [publisher, subscriber] = await runOnConnection(
      connection,
      'opening the MCP change bus',
      async (client) => {
        const made = [client.duplicate(), client.duplicate()] as const;
        // node-redis reports each failed reconnection as an `error` event; callers learn of the
        // outage from `publish` instead.
        for (const each of made) each.on('error', () => undefined);
        try {
          await withTimeout(
            Promise.all([
              made[0].connect(),
              made[1].connect().then(() =>
                made[1].subscribe(channel, (message) => {
                  if (bus !== undefined) bus.#received(message);
                }),
              ),
            ]),
          );
        } catch (error) {
          for (const each of made) if (each.isOpen) each.destroy();
          throw error;
        }
        return made;
      },
    );
    const opened = new RedisChangeBus(connection.server, { publisher, subscriber }, channel, onError);
    bus = opened;
    // A reconnection after the first connection: Redis was away, and its messages are lost.
    subscriber.on('ready', () => {
      for (const event of LIST_CHANGES) opened.#deliver(event);
    });
    return opened;
  }

  /**
   * Delivers `event` to this replica's listeners, then publishes it to every other replica.
   *
   * @throws RedisStoreError `unavailable` while Redis is away (after this replica's listeners had
   *   it); TypeError for an event of another shape, naming what is accepted.
   */
  publish(event: McpChangeEventV1): void {
    const problem = changeEventProblem(event);
    if (problem !== undefined) throw new TypeError(`${OWNER}.publish: ${problem}.`);
    this.#deliver(event);
    const lost = (why: string, cause?: unknown) =>
      new RedisStoreError(
        RedisStoreErrorCode.Unavailable,
        `Redis at ${this.#server} is unavailable while publishing an MCP ${event.kind} event (${why}): this replica's listeners have it, the other replicas' do not. Publish it again once Redis is back.`,
        cause === undefined ? undefined : { cause },
      );
    if (this.#closed) throw lost('the bus is closed');
    if (!this.#publisher.isReady) throw lost('the connection is down; reconnecting');
    const message = JSON.stringify({ origin: this.#origin, event });
    this.#publisher.publish(this.channel, message).catch((error: unknown) => {
      this.#onError(lost('the connection dropped before Redis answered', error));
    });
  }

  /** Calls `listener` with every event published from now on, by any replica; returns an idempotent unsubscribe. */
  subscribe(listener: (event: McpChangeEventV1) => void): () => void {
    if (typeof listener !== 'function')
      throw new TypeError(
        `${OWNER}.subscribe: listener must be a function (event) => void; got ${typeof listener}.`,
      );
    // Each subscription its own entry, so the same function subscribed twice is called twice.
    const entry: Listener = (event) => listener(event);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  /** Closes the bus's two connections (not the `RedisConnection` it was opened with). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#listeners.clear();
    await Promise.all(
      [this.#publisher, this.#subscriber].map((client) => (client.isOpen ? client.close() : undefined)),
    );
  }

  #received(message: string): void {
    let parsed: { origin?: unknown; event?: unknown } | undefined;
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      // Reported below.
    }
    // Its own messages were delivered when published.
    if (parsed?.origin === this.#origin) return;
    const problem =
      typeof parsed?.origin !== 'string' ? 'it is not JSON with an origin' : changeEventProblem(parsed.event);
    if (problem !== undefined) {
      this.#onError(
        new RedisStoreError(
          RedisStoreErrorCode.InvalidData,
          `Redis channel ${this.channel} carried a message that is no MCP change event (${problem}); something else published it. It was ignored.`,
        ),
      );
      return;
    }
    this.#deliver(parsed!.event as McpChangeEventV1);
  }

  #deliver(event: McpChangeEventV1): void {
    // A snapshot: a listener may unsubscribe itself while it runs.
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.#onError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }
}

async function withTimeout<T>(pending: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no connection within ${OPEN_TIMEOUT_MS} ms`)),
      OPEN_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([pending, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
