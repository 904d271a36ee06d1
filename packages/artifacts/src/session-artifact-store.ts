import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fsyncDirectory, removeTempFile, writeTempFileSync } from '@toolwright/utils/private-files';
import { checkArtifactId } from './artifact-id.js';
import type { ArtifactStoreV1 } from './artifact-sink.js';
import { asArtifactStoreError } from './error-boundary.js';
import { ArtifactStoreError, ArtifactStoreErrorCode, ioFailure } from './errors.js';
import { newGraveyardPath, sweepGraveyards } from './graveyard.js';
import { MimeExtensionMap } from './mime-extensions.js';
import {
  type ResolvedStoreOptions,
  resolveStoreOptions,
  type SessionArtifactStoreOptions,
} from './options.js';
import { currentProcess, currentUid } from './process-identity.js';
import { checkItemSize, checkQuota } from './quota.js';
import { compactJournal, readJournal, type StoredMetadata } from './record-journal.js';
import { runRequestHook } from './request-hook.js';
import { SessionDirectoryChain } from './session-directory-chain.js';
import { type HeldLease, SessionLease } from './session-lease.js';
import type { LedgerState } from './session-ledger.js';
import { ARTIFACT_FILE_PATTERN, type ScanResult, scanSessionDirectory } from './session-scan.js';
import { sha256Hex, sha256HexSliced } from './sha256.js';
import { spillContent } from './spill.js';
import {
  type ExpectedStoredFile,
  verifyStoredFile,
  verifyStoredFileSync,
} from './stored-file-verification.js';
import { newTempPath, publishTempFile, writeTempFileChunked } from './temp-file.js';
import type {
  ArtifactReadResult,
  ArtifactRecord,
  ArtifactStoreStats,
  ArtifactWriteRequest,
  SpillOptions,
  SpillResult,
} from './types.js';
import { type NormalisedWriteRequest, normaliseWriteRequest } from './write-request.js';

/**
 * Artifacts up to this size are written, hashed and verified with the synchronous fs API in one
 * locked step: each promise-based call costs tens of microseconds on a small host, a large share
 * of a small write, while a synchronous 1 MiB write blocks the event loop for about a millisecond.
 * Larger ones are streamed in chunks through the promise API with a quota reservation.
 */
const SYNC_PATH_MAX_BYTES = 1024 * 1024;

/**
 * A private, bounded, crash-safe, content-addressed store for one session's tool output.
 *
 * Files live at `<root>/<namespace>/<sha256(sessionId)>/<sha256(bytes)><ext>`, directories
 * 0700 and files 0600 whatever the umask, owned by the process user. A write never leaves a partial
 * file under a final name; identical bytes are stored once, and every re-use of a stored file
 * re-verifies it first. Quotas hold across concurrent writers in one process and across processes.
 */
export class SessionArtifactStore implements ArtifactStoreV1 {
  /** Version of this interface. */
  readonly specificationVersion = 'v1' as const;

  readonly #options: ResolvedStoreOptions;
  readonly #mimeExtensions: MimeExtensionMap;
  readonly #uid: number;
  readonly #namespaceDirectory: string;
  readonly #sessionDirectory: string;
  readonly #chain: SessionDirectoryChain;
  #scanned = false;
  #items = 0;
  #bytes = 0;
  #writes = 0;
  #deduplicatedHits = 0;
  #metadata = new Map<string, StoredMetadata>();
  readonly #lease: SessionLease;

  /**
   * Validates the options (each bad one is named in an `invalid_option` error). Nothing touches
   * the disk until the first operation.
   */
  constructor(options: SessionArtifactStoreOptions) {
    this.#options = resolveStoreOptions(options);
    this.#uid = currentUid();
    this.#mimeExtensions = new MimeExtensionMap(this.#options.mimeExtensions);
    const root = resolve(this.#options.root);
    this.#namespaceDirectory = join(root, this.#options.namespace);
    this.#sessionDirectory = join(this.#namespaceDirectory, sha256Hex(this.#options.sessionId));
    this.#chain = new SessionDirectoryChain(
      root,
      this.#namespaceDirectory,
      this.#sessionDirectory,
      this.#uid,
    );
    this.#lease = new SessionLease({
      directory: this.#sessionDirectory,
      uid: this.#uid,
      timeoutMs: this.#options.lockTimeoutMs,
      ensureDirectory: () => {
        this.#ensureChain(true);
      },
      rebuildLedger: (reservations) =>
        ledgerFromScan(scanSessionDirectory(this.#sessionDirectory, this.#uid, true), reservations),
    });
  }

  /** Absolute path of this session's directory (it may not exist yet). */
  get sessionDirectory(): string {
    return this.#sessionDirectory;
  }

  /**
   * Stores `request.bytes` and returns its record. Large inputs (over 1 MiB) are hashed and
   * written across several event-loop turns: do not modify the buffer until the promise settles
   * (if you do, the stored file no longer matches its name and every later use refuses it). Checks, in order: the request fields, the
   * host's `validateRequest`, the per-item limit; then, if the same bytes are already stored
   * (same MIME extension), re-verifies that file (regular, one link, owner, 0600, size, and the
   * whole content, compared byte for byte with the bytes that hash to the id) and returns it with `deduplicated: true` without counting it against any quota —
   * drift throws `verification_failed` and never counts as a hit. Otherwise checks the item and
   * session quotas and publishes the bytes atomically.
   */
  async write(request: ArtifactWriteRequest): Promise<ArtifactRecord> {
    try {
      return await this.#write(request);
    } catch (error) {
      throw asArtifactStoreError(error, 'write an artifact', this.#sessionDirectory);
    }
  }

  async #write(request: ArtifactWriteRequest): Promise<ArtifactRecord> {
    const normalised = normaliseWriteRequest(request);
    runRequestHook(this.#options.validateRequest, request, normalised);
    const size = normalised.bytes.byteLength;
    checkItemSize(this.#options.limits, size, normalised.kind);
    const small = size <= SYNC_PATH_MAX_BYTES;
    const id = small ? sha256Hex(normalised.bytes) : await sha256HexSliced(normalised.bytes);
    const fileName = id + this.#mimeExtensions.extensionFor(normalised.mimeType);
    const expected: ExpectedStoredFile = {
      path: this.#pathOf(fileName),
      id,
      byteLength: size,
      bytes: normalised.bytes,
      uid: this.#uid,
    };
    // A dedup hit writes nothing: it may rely on a chain check made earlier in this event-loop
    // turn (back-to-back hits then cost one lstat per turn, not one each). Anything that writes
    // checks the chain again right before, below.
    const chainCheckedThisTurn = this.#chain.checkedThisTurn;
    if (!chainCheckedThisTurn) this.#ensureChain(true);
    if (!this.#scanned) await this.#firstUseScan();

    const existing = small ? verifyStoredFileSync(expected, false) : await verifyStoredFile(expected, false);
    if (existing !== undefined) return this.#deduplicatedRecord(normalised, fileName, id);
    if (chainCheckedThisTurn) this.#ensureChain(true);

    const published = small
      ? await this.#publishSmall(normalised, fileName, expected.path)
      : await this.#publishLarge(normalised, fileName, expected.path);
    if (!published) {
      // Another writer published the same bytes between our probe and our link: verify theirs.
      const verified = small
        ? verifyStoredFileSync(expected, false)
        : await verifyStoredFile(expected, false);
      if (verified === undefined) {
        throw new ArtifactStoreError(
          ArtifactStoreErrorCode.VerificationFailed,
          `Stored artifact ${expected.path} vanished right after another writer published it (a concurrent removeAll?). Retry the write.`,
          { path: expected.path },
        );
      }
      return this.#deduplicatedRecord(normalised, fileName, id);
    }
    this.#writes += 1;
    return this.#record(id, fileName, size, false, toMetadata(normalised));
  }

  /**
   * Returns a stored artifact after verifying it (regular file, one link, owner, 0600 and a full
   * SHA-256 of the content against `id`). Throws `not_found` when this session has no such id,
   * `verification_failed` on drift.
   */
  async read(id: string): Promise<ArtifactReadResult> {
    try {
      return await this.#read(id);
    } catch (error) {
      throw asArtifactStoreError(error, 'read an artifact', this.#sessionDirectory);
    }
  }

  async #read(id: string): Promise<ArtifactReadResult> {
    checkArtifactId(id);
    if (!this.#ensureChain(false)) throw this.#notFound(id);
    if (!this.#scanned) await this.#firstUseScan();
    const fileName = this.#findFileName(id);
    if (fileName === undefined) throw this.#notFound(id);
    const verified = await verifyStoredFile(
      { path: join(this.#sessionDirectory, fileName), id, uid: this.#uid },
      true,
    );
    if (verified === undefined || verified.bytes === undefined) throw this.#notFound(id);
    if (!this.#metadata.has(fileName)) this.#metadata = readJournal(this.#sessionDirectory, this.#uid);
    return { record: this.#record(id, fileName, verified.byteLength, false), bytes: verified.bytes };
  }

  /**
   * Lists the session's artifacts, sorted by file name. Every entry is checked (type, owner, mode,
   * links; unsafe entries throw `unsafe_entry`), but contents are not re-hashed: `read` does that.
   */
  async list(): Promise<ArtifactRecord[]> {
    try {
      return await this.#list();
    } catch (error) {
      throw asArtifactStoreError(error, 'list the artifacts', this.#sessionDirectory);
    }
  }

  async #list(): Promise<ArtifactRecord[]> {
    if (!this.#ensureChain(false)) return [];
    if (!this.#scanned) await this.#firstUseScan();
    const scan = await this.#lease.run((lease) => {
      const result = scanSessionDirectory(this.#sessionDirectory, this.#uid, true);
      lease.flushJournal();
      this.#metadata = readJournal(this.#sessionDirectory, this.#uid);
      return result;
    });
    return scan.artifacts.map((artifact) =>
      this.#record(artifact.id, artifact.fileName, artifact.byteLength, false),
    );
  }

  /**
   * Ends this store's hold on the session lock now, writing the shared ledger and pending
   * metadata first. The store keeps the lock across back-to-back operations and lets it go when
   * the event loop is next idle, so this is only needed before `process.exit()` in the same turn
   * as a write (otherwise the next process finds a stale lock, recovers, and lists that write's
   * artifact with kind `unknown`). The store stays usable.
   */
  flush(): void {
    try {
      this.#lease.release();
    } catch (error) {
      throw asArtifactStoreError(error, 'release the session lock', this.#sessionDirectory);
    }
  }

  /** Usage of the session as of this instance's last operation, and this instance's counters. */
  stats(): ArtifactStoreStats {
    return {
      items: this.#items,
      bytes: this.#bytes,
      limits: this.#options.limits,
      writes: this.#writes,
      deduplicatedHits: this.#deduplicatedHits,
      sessionDirectory: this.#sessionDirectory,
    };
  }

  /**
   * Deletes this session's directory and everything in it, and resets the counters; the store
   * stays usable. The directory is first renamed away under the session lock, so other processes
   * never see it half-deleted (their in-flight writes fail and can be retried).
   */
  async removeAll(): Promise<void> {
    try {
      await this.#removeAll();
    } catch (error) {
      throw asArtifactStoreError(error, 'remove the session', this.#sessionDirectory);
    }
  }

  async #removeAll(): Promise<void> {
    if (this.#ensureChain(false)) {
      const graveyard = newGraveyardPath(this.#namespaceDirectory);
      await this.#lease.run((lease) => {
        try {
          renameSync(this.#sessionDirectory, graveyard);
        } catch (error) {
          throw ioFailure('move the session directory away to', graveyard, error);
        }
        lease.markLockMoved();
      });
      // The session is gone once renamed away; what this cannot delete now (a crash, an I/O
      // error) the next store to open the namespace sweeps.
      sweepGraveyards(this.#namespaceDirectory, this.#uid);
    }
    this.#scanned = false;
    this.#chain.forget();
    this.#items = 0;
    this.#bytes = 0;
    this.#writes = 0;
    this.#deduplicatedHits = 0;
    this.#metadata = new Map();
  }

  /**
   * Keeps large output out of the model's context. Content up to `thresholdBytes` (UTF-8) comes
   * back unchanged with `spilled: false`. Larger content is stored whole and replaced by its head,
   * a marker line — `[… N bytes omitted — full output stored as artifact <id> (<mime>, M bytes) …]`
   * — and its tail, cut on UTF-8 character (preferably line) boundaries: never a silent cut.
   * Bytes that are not UTF-8 text are always stored and previewed by a marker line only.
   */
  async spill(content: string | Uint8Array, options?: SpillOptions): Promise<SpillResult> {
    try {
      return await spillContent(
        (request) => this.#write(request),
        content,
        options,
        this.#options.readBackTool,
      );
    } catch (error) {
      throw asArtifactStoreError(error, 'spill content', this.#sessionDirectory);
    }
  }

  /**
   * Checks the directory chain before an operation (see {@link SessionDirectoryChain}); a session
   * directory re-created by another process is scanned again before use. False when missing.
   */
  #ensureChain(create: boolean): boolean {
    const state = this.#chain.check(create);
    if (state === 'replaced') this.#scanned = false;
    return state !== 'missing';
  }

  /**
   * First use: sweep what interrupted removeAll calls left in the namespace directory, scan the
   * session directory under the lock (removing our own crashed writers'
   * temporary files, failing closed on anything unsafe), rebuild the shared ledger from what is
   * really on disk — which also heals a ledger lost to a power cut — and load the metadata.
   */
  async #firstUseScan(): Promise<void> {
    sweepGraveyards(this.#namespaceDirectory, this.#uid);
    await this.#lease.run((lease) => {
      const scan = scanSessionDirectory(this.#sessionDirectory, this.#uid, true);
      const state = ledgerFromScan(scan, lease.ledger().reservations);
      lease.replaceLedger(state);
      this.#observe(state);
      lease.flushJournal();
      this.#metadata = compactJournal(
        this.#sessionDirectory,
        this.#uid,
        new Set(scan.artifacts.map((artifact) => artifact.fileName)),
      );
    });
    this.#scanned = true;
  }

  /** Small artifacts: quota check, temporary write, fsync and publish in one synchronous locked step. */
  async #publishSmall(
    request: NormalisedWriteRequest,
    fileName: string,
    finalPath: string,
  ): Promise<boolean> {
    const published = await this.#lease.run((lease) => {
      const ledger = lease.ledger();
      this.#observe(ledger);
      checkQuota(ledger, this.#options.limits, request.bytes.byteLength, request.kind);
      const tempPath = newTempPath(this.#sessionDirectory);
      writeTempFileSync(tempPath, request.bytes);
      return this.#publishCommitted(lease, tempPath, fileName, finalPath, request);
    });
    fsyncDirectory(this.#sessionDirectory);
    return published;
  }

  /**
   * Large artifacts: reserve quota under the lock, stream the temporary file without the lock
   * (other writers proceed meanwhile), then publish under the lock. Any failure releases the
   * reservation and removes the temporary file; a crash leaves a reservation of a dead pid, which
   * every later holder of the lock drops.
   */
  async #publishLarge(
    request: NormalisedWriteRequest,
    fileName: string,
    finalPath: string,
  ): Promise<boolean> {
    const size = request.bytes.byteLength;
    const token = randomBytes(8).toString('hex');
    await this.#lease.run((lease) => {
      const ledger = lease.ledger();
      checkQuota(ledger, this.#options.limits, size, request.kind);
      const { pid, startTime, bootId } = currentProcess();
      ledger.reservations.push({ pid, startTime, bootId, token, bytes: size });
      lease.markLedgerChanged();
      this.#observe(ledger);
    });
    const tempPath = newTempPath(this.#sessionDirectory);
    // Keep the lock while streaming unless someone else needs it: dropping and re-taking it costs
    // several journaled metadata changes, a large share of the write on a busy disk. The
    // reservation makes either way correct.
    const unpin = this.#lease.pin();
    try {
      await writeTempFileChunked(tempPath, request.bytes);
      const published = await this.#lease.run((lease) => {
        const ledger = lease.ledger();
        const own = ledger.reservations.findIndex((reservation) => reservation.token === token);
        if (own >= 0) {
          ledger.reservations.splice(own, 1);
          lease.markLedgerChanged();
        } else {
          // The reservation is gone when the ledger was rebuilt meanwhile: check the quota again.
          checkQuota(ledger, this.#options.limits, size, request.kind);
        }
        return this.#publishCommitted(lease, tempPath, fileName, finalPath, request);
      });
      fsyncDirectory(this.#sessionDirectory);
      return published;
    } catch (error) {
      removeTempFileQuietly(tempPath);
      await this.#releaseReservation(token);
      throw error;
    } finally {
      unpin();
    }
  }

  /** Links the temporary file into place and records the result in the ledger and the journal. */
  #publishCommitted(
    lease: HeldLease,
    tempPath: string,
    fileName: string,
    finalPath: string,
    request: NormalisedWriteRequest,
  ): boolean {
    let linked: boolean;
    try {
      linked = publishTempFile(tempPath, finalPath);
    } catch (error) {
      removeTempFileQuietly(tempPath);
      throw error;
    }
    if (linked) {
      const ledger = lease.ledger();
      ledger.items += 1;
      ledger.bytes += request.bytes.byteLength;
      lease.markLedgerChanged();
      const metadata = toMetadata(request);
      lease.queueJournalEntry(fileName, metadata);
      this.#metadata.set(fileName, metadata);
      this.#observe(ledger);
    }
    return linked;
  }

  async #releaseReservation(token: string): Promise<void> {
    try {
      await this.#lease.run((lease) => {
        const ledger = lease.ledger();
        const own = ledger.reservations.findIndex((reservation) => reservation.token === token);
        if (own >= 0) {
          ledger.reservations.splice(own, 1);
          lease.markLedgerChanged();
        }
        this.#observe(ledger);
      });
    } catch {
      // Best effort: the original error matters more, and a reservation of ours that could not be
      // released is dropped by the first holder of the lock after this process exits.
    }
  }

  #observe(state: LedgerState): void {
    this.#items = state.items;
    this.#bytes = state.bytes;
  }

  #deduplicatedRecord(request: NormalisedWriteRequest, fileName: string, id: string): ArtifactRecord {
    this.#deduplicatedHits += 1;
    return this.#record(id, fileName, request.bytes.byteLength, true, toMetadata(request));
  }

  #findFileName(id: string): string | undefined {
    let names: string[];
    try {
      names = readdirSync(this.#sessionDirectory);
    } catch {
      return undefined;
    }
    return names.filter((name) => ARTIFACT_FILE_PATTERN.exec(name)?.[1] === id).sort()[0];
  }

  /** Absolute path of a file of the session (names never contain a separator: no join needed). */
  #pathOf(fileName: string): string {
    return `${this.#sessionDirectory}${sep}${fileName}`;
  }

  #notFound(id: string): ArtifactStoreError {
    return new ArtifactStoreError(
      ArtifactStoreErrorCode.NotFound,
      `No artifact ${id} in session directory ${this.#sessionDirectory}. Ids come from write() or list() of the same session.`,
      { path: this.#sessionDirectory },
    );
  }

  #record(
    id: string,
    fileName: string,
    byteLength: number,
    deduplicated: boolean,
    metadata?: StoredMetadata,
  ): ArtifactRecord {
    const known = metadata ?? this.#metadata.get(fileName);
    const mimeType = known?.mimeType ?? this.#mimeExtensions.mimeTypeFor(fileName.slice(id.length));
    return {
      id,
      kind: known?.kind ?? 'unknown',
      byteLength,
      path: this.#pathOf(fileName),
      deduplicated,
      ...(mimeType === undefined ? {} : { mimeType }),
      ...(known?.sourceUri === undefined ? {} : { sourceUri: known.sourceUri }),
    };
  }
}

/** Usage as found on disk, with the reservations of writes still in progress. */
function ledgerFromScan(scan: ScanResult, reservations: LedgerState['reservations']): LedgerState {
  let bytes = 0;
  for (const artifact of scan.artifacts) bytes += artifact.byteLength;
  return { items: scan.artifacts.length, bytes, reservations };
}

function toMetadata(request: NormalisedWriteRequest): StoredMetadata {
  const metadata: StoredMetadata = { kind: request.kind };
  if (request.mimeType !== undefined) metadata.mimeType = request.mimeType;
  if (request.sourceUri !== undefined) metadata.sourceUri = request.sourceUri;
  return metadata;
}

function removeTempFileQuietly(path: string): void {
  try {
    removeTempFile(path);
  } catch {
    // Left for the next first-use scan, which removes temporary files of dead writers.
  }
}
