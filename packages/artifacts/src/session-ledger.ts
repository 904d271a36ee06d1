import { closeSync, constants, fstatSync, ftruncateSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openOwnFileSync } from './own-file.js';
import { isOwnerAlive } from './process-identity.js';

/** File name of the usage ledger inside a session directory. */
export const LEDGER_FILE_NAME = '.ledger';

/** Quota held by a large write between its two locked steps (reserve, then publish). */
export interface Reservation {
  pid: number;
  boot: string;
  token: string;
  bytes: number;
}

/**
 * The session's usage, shared by every process writing into it. It is only read and written under
 * the session lock; it is not fsynced, because every store rebuilds it from the directory on its
 * first use and whenever it finds it missing, torn, or left behind by a process that died holding
 * the lock.
 */
export interface LedgerState {
  items: number;
  bytes: number;
  reservations: Reservation[];
}

/** An open ledger inside one critical section. */
export class LedgerHandle {
  readonly #descriptor: number;
  /** The parsed content, or undefined when the file is new, empty or torn (rebuild it). */
  readonly state: LedgerState | undefined;

  private constructor(descriptor: number, state: LedgerState | undefined) {
    this.#descriptor = descriptor;
    this.state = state;
  }

  /** Opens (creating if needed) and parses the ledger of `directory`. */
  static open(directory: string, uid: number): LedgerHandle {
    const descriptor = openOwnFileSync(join(directory, LEDGER_FILE_NAME), constants.O_RDWR, uid);
    try {
      const size = fstatSync(descriptor).size;
      const buffer = Buffer.allocUnsafe(size);
      let filled = 0;
      while (filled < size) {
        const read = readSync(descriptor, buffer, filled, size - filled, filled);
        if (read === 0) break;
        filled += read;
      }
      return new LedgerHandle(descriptor, parseLedger(buffer.toString('utf8', 0, filled)));
    } catch (error) {
      closeSync(descriptor);
      throw error;
    }
  }

  /** Replaces the content (write, then truncate: a torn result fails to parse and is rebuilt). */
  write(state: LedgerState): void {
    const bytes = Buffer.from(`${JSON.stringify(state)}\n`);
    writeSync(this.#descriptor, bytes, 0, bytes.length, 0);
    ftruncateSync(this.#descriptor, bytes.length);
  }

  /** Closes the file. */
  close(): void {
    closeSync(this.#descriptor);
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseLedger(text: string): LedgerState | undefined {
  if (text.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { items, bytes, reservations } = parsed as Record<string, unknown>;
  if (!isCount(items) || !isCount(bytes) || !Array.isArray(reservations)) return undefined;
  const valid: Reservation[] = [];
  for (const entry of reservations as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return undefined;
    const { pid, boot, token, bytes: reserved } = entry as Record<string, unknown>;
    if (!isCount(pid) || typeof boot !== 'string' || typeof token !== 'string' || !isCount(reserved)) {
      return undefined;
    }
    valid.push({ pid, boot, token, bytes: reserved });
  }
  return { items, bytes, reservations: valid };
}

/** Drops reservations of processes that no longer run: their writes will never publish. */
export function liveReservations(reservations: readonly Reservation[]): Reservation[] {
  return reservations.filter((reservation) => isOwnerAlive(reservation.pid, reservation.boot));
}
