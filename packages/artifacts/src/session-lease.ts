import { unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { appendJournalEntries, type StoredMetadata } from './record-journal.js';
import {
  LEDGER_FILE_NAME,
  type LedgerState,
  liveReservations,
  readLedger,
  writeLedger,
} from './session-ledger.js';
import { lockTimeout, nextRetryDelay, releaseSessionLock, tryTakeSessionLock } from './session-lock.js';

/**
 * Longest time one lease keeps the lock while operations keep coming; then it is released and
 * the next operation pauses for {@link HANDOVER_PAUSE_MS}, longer than a waiter's longest retry
 * delay (8 ms with jitter), so that other processes waiting for the lock get it: a continuous
 * writer costs others at most one lease, and itself about 5%.
 */
const MAX_LEASE_MS = 200;
const HANDOVER_PAUSE_MS = 10;

/** What the lease needs from its store. */
export interface LeaseTarget {
  directory: string;
  uid: number;
  timeoutMs: number;
  /** Re-creates the session directory chain when it vanished (another process's removeAll). */
  ensureDirectory(): void;
  /** Builds the ledger from the files on disk, keeping the given (live) reservations. */
  rebuildLedger(reservations: LedgerState['reservations']): LedgerState;
}

/** The view of a held lease a critical section works with. */
export interface HeldLease {
  /** The session's usage, read (or rebuilt) once per lease. Call `markLedgerChanged` after changing it. */
  ledger(): LedgerState;
  /** Records that the ledger changed: it is written when the lease ends. */
  markLedgerChanged(): void;
  /** Replaces the ledger (first-use rebuild). */
  replaceLedger(state: LedgerState): void;
  /** Queues a journal line, appended when the lease ends. */
  queueJournalEntry(fileName: string, metadata: StoredMetadata): void;
  /** Appends queued journal lines now. */
  flushJournal(): void;
  /** The section moved the session directory away (removeAll): drop everything, the lock went with it. */
  markLockMoved(): void;
}

/**
 * Holds the session's cross-process lock for one store across back-to-back operations. Taking
 * and dropping a lock file, re-reading the ledger and appending metadata are each a journaled
 * metadata change; on a busy disk every one of them can wait for another process's fsync, which
 * made small writes cost several times the physical limit. A lease takes the lock once, keeps
 * the ledger in memory while it is held (nobody else can change it meanwhile), and writes the
 * ledger and the queued metadata when it ends: as soon as the event loop is idle (setImmediate),
 * or after {@link MAX_LEASE_MS} of continuous use. Critical sections are synchronous, so sections
 * of one process never interleave. If the process dies while holding the lease, the lock is
 * stale and the next holder rebuilds the ledger from the files on disk.
 */
export class SessionLease implements HeldLease {
  readonly #target: LeaseTarget;
  #held = false;
  #acquiredAt = 0;
  #recoveredStaleLock = false;
  #ledger: LedgerState | undefined;
  #ledgerChanged = false;
  #journal: Array<[string, StoredMetadata]> = [];
  #lockMoved = false;
  #releaseScheduled = false;
  #pins = 0;

  constructor(target: LeaseTarget) {
    this.#target = target;
  }

  /** Runs a synchronous critical section under the lock, taking it first unless already held. */
  async run<T>(section: (lease: HeldLease) => T): Promise<T> {
    for (;;) {
      if (this.#held && Date.now() - this.#acquiredAt >= MAX_LEASE_MS) {
        this.release();
        await sleep(HANDOVER_PAUSE_MS);
      }
      if (!this.#held) await this.#acquire();
      // Checked in the same step as the section runs: while this operation awaited, another one of
      // this process may have found the lease old and handed the lock over. Writing then would
      // count against a ledger others no longer see (maxItems was exceeded across processes).
      if (this.#held) break;
    }
    try {
      return section(this);
    } finally {
      this.#scheduleRelease();
    }
  }

  ledger(): LedgerState {
    if (this.#ledger === undefined) {
      const previous = readLedger(this.#target.directory, this.#target.uid);
      if (previous === undefined || this.#recoveredStaleLock) {
        this.#ledger = this.#target.rebuildLedger(liveReservations(previous?.reservations ?? []));
        this.#ledgerChanged = true;
      } else {
        const reservations = liveReservations(previous.reservations);
        this.#ledgerChanged = reservations.length !== previous.reservations.length;
        this.#ledger = { ...previous, reservations };
      }
    }
    return this.#ledger;
  }

  markLedgerChanged(): void {
    this.#ledgerChanged = true;
  }

  replaceLedger(state: LedgerState): void {
    this.#ledger = state;
    this.#ledgerChanged = true;
  }

  queueJournalEntry(fileName: string, metadata: StoredMetadata): void {
    this.#journal.push([fileName, metadata]);
  }

  flushJournal(): void {
    const entries = this.#journal;
    this.#journal = [];
    appendJournalEntries(this.#target.directory, this.#target.uid, entries);
  }

  markLockMoved(): void {
    this.#lockMoved = true;
  }

  /**
   * Keeps a held lease from ending when the event loop goes idle, for an operation that is
   * between two critical sections (a large write streaming its temporary file). The lease still
   * ends after {@link MAX_LEASE_MS} if another operation needs it, so other processes are not
   * shut out for longer than that plus one write. Returns the function that undoes the pin.
   */
  pin(): () => void {
    this.#pins += 1;
    let undone = false;
    return () => {
      if (undone) return;
      undone = true;
      this.#pins -= 1;
      if (this.#pins === 0 && this.#held) this.#scheduleRelease();
    };
  }

  /**
   * Ends the lease now: writes the ledger and the queued metadata, then removes the lock file.
   * If the ledger cannot be written it is removed instead, so the next holder rebuilds it from
   * the files; if even that fails the lock is kept (fail closed: others time out naming our pid
   * rather than trusting a stale ledger).
   */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    const { directory, uid } = this.#target;
    const moved = this.#lockMoved;
    const ledger = this.#ledgerChanged ? this.#ledger : undefined;
    const journal = this.#journal;
    this.#ledger = undefined;
    this.#ledgerChanged = false;
    this.#journal = [];
    this.#lockMoved = false;
    if (moved) return;
    let keepLock = false;
    try {
      if (ledger !== undefined) writeLedger(directory, uid, ledger);
    } catch {
      try {
        unlinkSync(join(directory, LEDGER_FILE_NAME));
      } catch {
        keepLock = true;
      }
    }
    try {
      appendJournalEntries(directory, uid, journal);
    } catch {
      // Advisory metadata: files without a line are listed with kind `unknown`.
    }
    if (!keepLock) releaseSessionLock(directory);
  }

  async #acquire(): Promise<void> {
    const { directory, uid, timeoutMs, ensureDirectory } = this.#target;
    const deadline = Date.now() + timeoutMs;
    let delayMs = 1;
    for (;;) {
      // Another operation of this store may have taken the lease while this one slept.
      if (this.#held) return;
      const attempt = tryTakeSessionLock(directory, uid, ensureDirectory);
      if (attempt.taken) {
        this.#held = true;
        this.#acquiredAt = Date.now();
        this.#recoveredStaleLock = attempt.recoveredStaleLock;
        return;
      }
      if (Date.now() >= deadline) throw lockTimeout(directory, timeoutMs, attempt.holderPid);
      await sleep(delayMs + Math.random() * delayMs);
      delayMs = nextRetryDelay(delayMs);
    }
  }

  #scheduleRelease(): void {
    if (this.#releaseScheduled) return;
    this.#releaseScheduled = true;
    setImmediate(() => {
      this.#releaseScheduled = false;
      if (this.#pins > 0) return;
      try {
        this.release();
      } catch {
        // Never let a background release crash the host; the lock is then left for stale-lock recovery.
      }
    });
  }
}
