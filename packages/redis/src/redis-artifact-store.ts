import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { RESP_TYPES } from '@redis/client';
import {
  type ArtifactLimits,
  ArtifactStoreError,
  ArtifactStoreErrorCode,
  type ArtifactWriteRequest,
  checkArtifactId,
  checkItemSize,
  checkSessionQuota,
  type NormalisedWriteRequest,
  normaliseWriteRequest,
  runRequestHook,
  type SpillOptions,
  type SpillResultOf,
  spillContent,
} from '@toolwright/artifacts';
import type { ArtifactReference, ArtifactStoreV1 } from '@toolwright/spec';
import { REMOVE_SESSION, runScript, WRITE_ARTIFACT } from './artifact-scripts.js';
import {
  type RedisArtifactStoreOptions,
  type ResolvedArtifactStoreOptions,
  resolveArtifactStoreOptions,
} from './redis-artifact-store-options.js';
import { type RedisConnection, runOnConnection } from './redis-connection.js';
import { RedisStoreError, RedisStoreErrorCode } from './redis-store-error.js';

/** A stored artifact: the spec's `ArtifactReference`, the same fields the local store gives for the same bytes. */
export interface RedisArtifactRecord extends ArtifactReference {
  /** True when this write found the same bytes already stored in the session. */
  readonly deduplicated: boolean;
}

/** What {@link RedisArtifactStore.read} returns: the record and the verified bytes. */
export interface RedisArtifactReadResult {
  /** The artifact's record, as its first write stored it. */
  readonly record: RedisArtifactRecord;
  /** Its bytes, whose SHA-256 is the id. */
  readonly bytes: Buffer;
}

/** A session's usage as Redis counts it, with the limits in force. */
export interface RedisArtifactUsage {
  /** Artifacts in the session, across the fleet. */
  readonly items: number;
  /** Their bytes. */
  readonly bytes: number;
  /** The limits in force. */
  readonly limits: Readonly<ArtifactLimits>;
}

/**
 * From this size on, the bytes are sent ahead of the write script, while they are hashed (the
 * SHA-256 of 1 MiB takes about as long as sending it over loopback), and moved in place by the
 * script without passing through Lua.
 */
const STAGING_MIN_BYTES = 64 * 1024;
/** How long bytes sent ahead wait for their write script (a writer that dies leaves them this long). */
const STAGING_TTL_MS = 60_000;

/** The metadata kept per artifact in the session's index. */
interface StoredRecord {
  kind: string;
  byteLength: number;
  mimeType?: string;
  sourceUri?: string;
}

/**
 * One session's artifacts on Redis, shared by a fleet of workers and server replicas: what one
 * writes, any other reads back. Content-addressed (the id is the SHA-256 of the bytes, as in
 * `SessionArtifactStore`, with the same record fields for the same bytes), bounded by the same
 * quotas, enforced exactly across the fleet by one Lua script that checks the limits and stores
 * the bytes, the record and the counters together. Reads are verified: bytes that do not hash to
 * their id are refused, never returned.
 *
 * Keys, under `<keyPrefix>artifacts:{<namespace>:<sha256(sessionId)>}:` (one hash tag, so a
 * session's keys share a cluster slot): `usage` (items, bytes), `index` (id -> record) and
 * `blob:<id>` (the bytes). A session's keys share one deadline, at least `ttlMs` after its last
 * write (at most 1.5 x `ttlMs`): it expires whole, never leaving records without bytes.
 * Artifacts are not encrypted: protect the Redis as you would the disk.
 *
 * Errors: what every artifact store of toolwright refuses (a bad request, a quota, a tampered
 * artifact, an unknown id) is an `ArtifactStoreError` with the local store's code and words;
 * Redis itself away is a {@link RedisStoreError} `unavailable`, a key holding something else
 * `invalid_data` naming it.
 */
export class RedisArtifactStore implements ArtifactStoreV1 {
  /** The version of the store interface this implements. */
  readonly specificationVersion = 'v1' as const;
  readonly #connection: RedisConnection;
  readonly #options: ResolvedArtifactStoreOptions;
  readonly #usageKey: string;
  readonly #indexKey: string;
  readonly #blobPrefix: string;
  readonly #stagingPrefix: string;

  /** Checks the options (`invalid_option` names a bad one); nothing is sent to Redis until the first operation. */
  constructor(connection: RedisConnection, options: RedisArtifactStoreOptions) {
    this.#connection = connection;
    this.#options = resolveArtifactStoreOptions(options);
    const { keyPrefix, namespace, sessionId } = this.#options;
    const session = `${keyPrefix}artifacts:{${namespace}:${createHash('sha256').update(sessionId).digest('hex')}}:`;
    this.#usageKey = `${session}usage`;
    this.#indexKey = `${session}index`;
    this.#blobPrefix = `${session}blob:`;
    this.#stagingPrefix = `${session}staging:`;
  }

  /**
   * Stores `request.bytes` (checked as the local store checks them) and returns its record. The
   * same bytes already stored in the session are not stored again and count once against the
   * quotas (`deduplicated: true`). Throws `item_too_large`, `too_many_items` or
   * `session_quota_exceeded` (an `ArtifactStoreError`) when it does not fit.
   */
  async write(request: ArtifactWriteRequest): Promise<RedisArtifactRecord> {
    const normalised = normaliseWriteRequest(request);
    runRequestHook(this.#options.validateRequest, request, normalised);
    const size = normalised.bytes.byteLength;
    const { limits, ttlMs } = this.#options;
    checkItemSize(limits, size, normalised.kind);
    const staged = size >= STAGING_MIN_BYTES ? this.#stage(normalised.bytes) : undefined;
    // Let the client put the bytes on the socket first: they travel while they are hashed.
    if (staged !== undefined) await nextTurn();
    const id = createHash('sha256').update(normalised.bytes).digest('hex');
    const stagingKey = staged?.key ?? `${this.#stagingPrefix}none`;
    const keys = [this.#usageKey, this.#indexKey, this.#blobPrefix + id, stagingKey];
    const reply = (await runOnConnection(
      this.#connection,
      `storing artifact ${id}`,
      async (client) => {
        await staged?.sent;
        return runScript(client, WRITE_ARTIFACT, keys, [
          id,
          staged === undefined ? normalised.bytes : '',
          JSON.stringify(toStoredRecord(normalised)),
          String(size),
          String(limits.maxItems),
          String(limits.maxSessionBytes),
          String(ttlMs),
          staged === undefined ? '0' : '1',
          this.#blobPrefix,
        ]);
      },
      keys,
    )) as [string, number?, number?];
    switch (reply[0]) {
      case 'stored':
      case 'restored':
        return toRecord(id, normalised, false);
      case 'deduplicated':
        return toRecord(id, normalised, true);
      case 'refused':
        // The script refuses on exactly the condition this checks, with the counters it saw: this
        // throws, in the words of every artifact store.
        checkSessionQuota(
          { items: Number(reply[1]), bytes: Number(reply[2]) },
          limits,
          size,
          normalised.kind,
        );
        throw new Error(`RedisArtifactStore: the write script refused ${id} within the limits.`);
      case 'lost':
        throw new RedisStoreError(
          RedisStoreErrorCode.Unavailable,
          `Redis at ${this.#connection.server} lost the bytes of artifact ${id} sent ahead of its write (it restarted meanwhile, or they waited past ${STAGING_TTL_MS} ms). Nothing was stored; repeat the write.`,
        );
      default:
        throw this.#drifted(id, 'holds other bytes than those whose SHA-256 is its id');
    }
  }

  /**
   * Sends large bytes ahead under a key of their own (with a short time to live, so the bytes of
   * a writer that dies here go away by themselves), for the write script to move in place. The
   * promise is caught here and awaited by the write, so that its failure is reported once.
   */
  #stage(bytes: Buffer): { key: string; sent: Promise<unknown> } {
    const key = `${this.#stagingPrefix}${randomUUID()}`;
    const sent = runOnConnection(
      this.#connection,
      'sending artifact bytes',
      (client) => client.set(key, bytes, { expiration: { type: 'PX', value: STAGING_TTL_MS } }),
      [key],
    );
    sent.catch(() => undefined);
    return { key, sent };
  }

  /**
   * The artifact `id` of this session and its bytes, after checking that their SHA-256 is `id`
   * and their length the recorded one: tampered bytes throw `verification_failed` and are never
   * returned. Throws `not_found` for an id the session does not hold, `invalid_request` for
   * anything that is no artifact id.
   */
  async read(id: string): Promise<RedisArtifactReadResult> {
    checkArtifactId(id);
    const blobKey = this.#blobPrefix + id;
    const keys = [this.#indexKey, blobKey];
    // Two commands sent together, not a transaction: the hash check below is what makes the bytes
    // safe to return, and it costs the server nothing.
    const [stored, bytes] = await runOnConnection(
      this.#connection,
      `reading artifact ${id}`,
      (client) =>
        Promise.all([
          client.hGet(this.#indexKey, id),
          client.withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }).get(blobKey),
        ]),
      keys,
    );
    if (stored === null)
      throw new ArtifactStoreError(
        ArtifactStoreErrorCode.NotFound,
        `No artifact ${id} in session ${this.#options.sessionId} of namespace ${this.#options.namespace} on Redis at ${this.#connection.server} (it was never written here, was removed, or expired). Ids come from write() or list() of the same session.`,
      );
    const record = this.#parseRecord(id, stored);
    if (bytes === null) throw this.#drifted(id, 'is missing while its record is present');
    if (bytes.byteLength !== record.byteLength || createHash('sha256').update(bytes).digest('hex') !== id)
      throw this.#drifted(id, 'holds other bytes than those whose SHA-256 is its id');
    return { record: { ...record, deduplicated: false }, bytes };
  }

  /** The session's artifacts, sorted by id (contents are verified by `read`, not here). */
  async list(): Promise<RedisArtifactRecord[]> {
    const entries = await runOnConnection(
      this.#connection,
      'listing artifacts',
      (client) => client.hGetAll(this.#indexKey),
      [this.#indexKey],
    );
    return Object.keys(entries)
      .sort()
      .map((id) => ({ ...this.#parseRecord(id, entries[id] as string), deduplicated: false }));
  }

  /** The session's usage as Redis counts it (what the quotas are checked against), and the limits. */
  async usage(): Promise<RedisArtifactUsage> {
    const counters = await runOnConnection(
      this.#connection,
      'reading the artifact usage',
      (client) => client.hmGet(this.#usageKey, ['items', 'bytes']),
      [this.#usageKey],
    );
    return { items: Number(counters[0] ?? 0), bytes: Number(counters[1] ?? 0), limits: this.#options.limits };
  }

  /** Removes every artifact of the session and its counters, in one atomic step; the store stays usable. */
  async removeAll(): Promise<void> {
    const keys = [this.#usageKey, this.#indexKey];
    await runOnConnection(
      this.#connection,
      'removing the session artifacts',
      (client) => runScript(client, REMOVE_SESSION, keys, [this.#blobPrefix]),
      keys,
    );
  }

  /**
   * Keeps large output out of the model's context exactly as `SessionArtifactStore.spill` does
   * (the same code): small text comes back unchanged, larger or binary content is stored and
   * replaced by its head, a marker line naming the artifact and the read-back tool, and its tail.
   */
  spill(content: string | Uint8Array, options?: SpillOptions): Promise<SpillResultOf<RedisArtifactRecord>> {
    return spillContent((request) => this.write(request), content, options, this.#options.readBackTool);
  }

  #parseRecord(id: string, value: string): ArtifactReference {
    try {
      const parsed = JSON.parse(value) as Partial<StoredRecord> | null;
      if (typeof parsed?.kind === 'string' && typeof parsed.byteLength === 'number') {
        return {
          id,
          kind: parsed.kind,
          byteLength: parsed.byteLength,
          ...(typeof parsed.mimeType === 'string' ? { mimeType: parsed.mimeType } : {}),
          ...(typeof parsed.sourceUri === 'string' ? { sourceUri: parsed.sourceUri } : {}),
        };
      }
    } catch {
      // Reported below, with the key.
    }
    throw new RedisStoreError(
      RedisStoreErrorCode.InvalidData,
      `Redis key ${this.#indexKey} holds no artifact record for ${id} (JSON with kind and byteLength); something else wrote it.`,
    );
  }

  #drifted(id: string, what: string): ArtifactStoreError {
    return new ArtifactStoreError(
      ArtifactStoreErrorCode.VerificationFailed,
      `Stored artifact ${id} failed verification: Redis key ${this.#blobPrefix}${id} ${what}. It was changed outside this store and is not returned; removeAll() clears the session.`,
    );
  }
}

function toStoredRecord(request: NormalisedWriteRequest): StoredRecord {
  return {
    kind: request.kind,
    byteLength: request.bytes.byteLength,
    ...(request.mimeType === undefined ? {} : { mimeType: request.mimeType }),
    ...(request.sourceUri === undefined ? {} : { sourceUri: request.sourceUri }),
  };
}

function toRecord(id: string, request: NormalisedWriteRequest, deduplicated: boolean): RedisArtifactRecord {
  return { id, ...toStoredRecord(request), deduplicated };
}
