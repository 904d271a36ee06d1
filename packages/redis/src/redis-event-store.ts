import type { JsonRpcMessageV1, McpEventStoreV1 } from '@toolwright/spec';
import { checkOptions, type OptionTable, POSITIVE_SAFE_INTEGER, POSITIVE_TIMER_MS } from '@toolwright/utils';
import { REPLAY_EVENTS, STORE_EVENT } from './event-store-scripts.js';
import { parseEventId } from './mcp-event-id.js';
import { McpResumeError, McpResumeErrorCode } from './mcp-resume-error.js';
import type { RedisConnection } from './redis-connection.js';
import { type ExpectedKeyTypes, runOnKeys } from './redis-key-types.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** Options of {@link RedisEventStore}. */
export interface RedisEventStoreOptions {
  /**
   * Whose events these are: usually the MCP session id, so that each session has its own bounds
   * and every replica serving the session finds them. Visible ASCII without `{` and `}`.
   */
  readonly scope: string;
  /** Put before every key (default `toolwright:`), so several servers or tenants share one Redis. */
  readonly keyPrefix?: string;
  /** Bytes kept at most in the scope: each event's JSON (UTF-8) plus its id (default 4 MiB). */
  readonly maxBytes?: number;
  /** Events kept at most in the scope (default 1,000). */
  readonly maxEvents?: number;
  /** How long the scope's events outlive its last stored event, in ms (default 30 minutes). */
  readonly ttlMs?: number;
  /** Names the bounds in a refused resume, in the host's words (default: these options). */
  readonly boundsHint?: string;
}

const OWNER = 'RedisEventStore';
const SCOPE = /^[\x21-\x7a\x7c\x7e]{1,256}$/;
/** Streams whose lost events are remembered one by one (as the in-memory store does). */
const MAX_LOSS_MARKERS = 64;

const OPTIONS: OptionTable<RedisEventStoreOptions> = {
  scope: {
    kind: 'string',
    required: true,
    accepts: 'a string of 1 to 256 visible ASCII characters but { and } (such as the MCP session id)',
  },
  keyPrefix: { kind: 'string' },
  maxBytes: POSITIVE_SAFE_INTEGER,
  maxEvents: POSITIVE_SAFE_INTEGER,
  ttlMs: POSITIVE_TIMER_MS,
  boundsHint: { kind: 'string', nonEmpty: true },
};

function invalidOption(problem: { message: string }): RedisStoreError {
  return new RedisStoreError(RedisStoreErrorCode.InvalidOption, problem.message);
}

/**
 * The events of an MCP server's SSE streams, kept in Redis so that a client whose stream broke
 * resumes with `Last-Event-ID` on any replica of the fleet, after the replica that served it is
 * gone. An `McpEventStoreV1`, of the MCP SDK's `EventStore` shape: hand it to the SDK's transport
 * as its `eventStore`.
 *
 * Bounded per scope by bytes and by count: storing an event past a bound drops the scope's
 * oldest events, in the same Lua script, so the bound holds whatever replicas write at once. A
 * resume after an event whose stream has since lost a later one is refused
 * ({@link McpResumeError} `events_dropped`, naming the bounds), never replayed with a hole. Each
 * scope's keys expire `ttlMs` after its last stored event.
 */
export class RedisEventStore implements McpEventStoreV1 {
  /** The version of the store interface this implements. */
  readonly specificationVersion = 'v1' as const;
  readonly #connection: RedisConnection;
  readonly #keys: readonly [log: string, meta: string, lost: string];
  readonly #expected: ExpectedKeyTypes;
  readonly #limits: readonly string[];
  readonly #boundsHint: string;
  readonly #ttlMs: number;

  constructor(connection: RedisConnection, options: RedisEventStoreOptions) {
    checkOptions(OWNER, options, OPTIONS, invalidOption);
    if (!SCOPE.test(options.scope))
      throw invalidOption({
        message: `${OWNER}: scope must be ${OPTIONS.scope.accepts}; got ${JSON.stringify(options.scope.slice(0, 300))}.`,
      });
    const maxBytes = options.maxBytes ?? 4 * 1024 * 1024;
    const maxEvents = options.maxEvents ?? 1_000;
    this.#ttlMs = options.ttlMs ?? 30 * 60 * 1000;
    this.#connection = connection;
    // One hash tag: in a Redis Cluster a scope's keys share a slot, as its scripts need.
    const base = `${options.keyPrefix ?? 'toolwright:'}mcp-events:{${options.scope}}`;
    this.#keys = [`${base}:log`, `${base}:meta`, `${base}:lost`];
    this.#expected = { [this.#keys[0]]: 'stream', [this.#keys[1]]: 'hash', [this.#keys[2]]: 'zset' };
    this.#limits = [String(maxBytes), String(maxEvents), String(this.#ttlMs), String(MAX_LOSS_MARKERS)];
    this.#boundsHint =
      options.boundsHint ?? `RedisEventStore maxBytes ${maxBytes}, maxEvents ${maxEvents} per scope`;
  }

  /** Keeps `message` (or marks it dropped, past the bounds) and returns its event id. */
  async storeEvent(streamId: string, message: JsonRpcMessageV1): Promise<string> {
    if (typeof streamId !== 'string' || streamId === '')
      throw new TypeError(`${OWNER}: a stream id is a non-empty string; got ${JSON.stringify(streamId)}.`);
    const json = JSON.stringify(message);
    const [log, meta, lost] = this.#keys;
    const [maxBytes, maxEvents, ttlMs, maxMarkers] = this.#limits;
    const id = await runOnKeys(
      this.#connection,
      `storing an event of stream ${streamId}`,
      this.#expected,
      (client) =>
        STORE_EVENT.run(
          client,
          [log, meta, lost],
          [streamId, json, maxBytes!, maxEvents!, ttlMs!, maxMarkers!],
        ),
    );
    return String(id);
  }

  /** The stream an event id names (read from the id itself), or `undefined` for an id of another form. */
  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return parseEventId(eventId)?.streamId;
  }

  async resumeProblem(lastEventId: string): Promise<string | undefined> {
    const last = parseEventId(lastEventId);
    if (last === undefined) return undefined;
    const [verdict] = await this.#replay(last, lastEventId, 'check');
    return verdict === 'ok' ? undefined : this.#refusal(lastEventId, verdict);
  }

  /**
   * Sends every kept event of `lastEventId`'s stream after it, in order, and returns the stream
   * id; the check and the read are one step, so no event can be dropped between them.
   *
   * @throws McpResumeError `unknown_event` for an id of another form; `events_dropped` when later
   *   events of the stream are gone (nothing is sent then); `invalid_option` without `send`.
   */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JsonRpcMessageV1) => Promise<void> },
  ): Promise<string> {
    if (typeof send !== 'function')
      throw new McpResumeError(
        McpResumeErrorCode.InvalidOption,
        `${OWNER}.replayEventsAfter: send must be a function (eventId, message) => Promise<void>; got ${typeof send}.`,
      );
    const last = parseEventId(lastEventId);
    if (last === undefined)
      throw new McpResumeError(
        McpResumeErrorCode.UnknownEvent,
        `Unknown event id ${JSON.stringify(lastEventId)}: this server's event ids are <stream id>_<sequence>.`,
      );
    const [verdict, ...events] = await this.#replay(last, lastEventId, 'read');
    if (verdict !== 'ok')
      throw new McpResumeError(McpResumeErrorCode.EventsDropped, this.#refusal(lastEventId, verdict));
    for (let index = 0; index + 1 < events.length; index += 2) {
      const key = this.#keys[0];
      const message = parseMessage(key, events[index + 1]!);
      // Priming events carry no message (an empty object): there is nothing to replay for them.
      if (Object.keys(message).length > 0) await send(events[index]!, message);
    }
    return last.streamId;
  }

  /** Removes every event of the scope (its session has closed). */
  async clear(): Promise<void> {
    await runOnKeys(this.#connection, 'removing the events of a scope', this.#expected, (client) =>
      client.del([...this.#keys]),
    );
  }

  async #replay(
    last: { streamId: string; sequence: number },
    lastEventId: string,
    mode: 'check' | 'read',
  ): Promise<string[]> {
    const reply = await runOnKeys(
      this.#connection,
      `resuming after event ${JSON.stringify(lastEventId)}`,
      this.#expected,
      (client) => REPLAY_EVENTS.run(client, this.#keys, [last.streamId, String(last.sequence), mode]),
    );
    return (reply as unknown[]).map(String);
  }

  #refusal(lastEventId: string, verdict: string | undefined): string {
    const quoted = JSON.stringify(lastEventId);
    if (verdict === 'gone')
      return (
        `Cannot resume after event ${quoted}: the server no longer holds the events of its session from there ` +
        `(they expire ${this.#ttlMs} ms after the last one, and a Redis restart may have lost them), so what ` +
        'came after it cannot be replayed. Send the request again.'
      );
    return (
      `Cannot resume after event ${quoted}: later events of its stream were dropped to keep the server's ` +
      `stream events within their bounds (${this.#boundsHint}), so what they said cannot be replayed. ` +
      'Send the request again, or ask the server operator to raise the bounds.'
    );
  }
}

function parseMessage(key: string, json: string): JsonRpcMessageV1 {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as JsonRpcMessageV1;
  } catch {
    // Reported below, with the key.
  }
  throw new RedisStoreError(
    RedisStoreErrorCode.InvalidData,
    `Redis key ${key} holds an event that is no JSON-RPC message (a JSON object); something else wrote it.`,
  );
}
