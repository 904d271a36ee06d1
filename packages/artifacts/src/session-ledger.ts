import { closeSync, constants, fstatSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openOwnFileSync } from '@toolwright/utils/private-files';
import { isProcessRunning, type ProcessIdentity } from './process-identity.js';

/** File name of the usage ledger inside a session directory. */
export const LEDGER_FILE_NAME = '.ledger';

/**
 * Quota held by a large write between its two locked steps (reserve, then publish), with the
 * identity of the process writing it: a reservation of a process that is gone is dropped.
 */
export interface Reservation extends ProcessIdentity {
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

/** Reads and parses the ledger; undefined when it is missing, empty or torn (rebuild it then). */
export function readLedger(directory: string, uid: number): LedgerState | undefined {
  const descriptor = openOwnFileSync(join(directory, LEDGER_FILE_NAME), constants.O_RDONLY, uid);
  try {
    const size = fstatSync(descriptor).size;
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(descriptor, buffer, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return parseLedger(buffer.toString('utf8', 0, filled));
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Overwrites the ledger in place. Shorter content is padded with spaces to the old length
 * instead of truncating the file: a truncate is one more journaled metadata change, which costs
 * real time on a busy disk, and JSON ignores trailing whitespace. A torn write fails to parse and
 * is rebuilt.
 */
export function writeLedger(directory: string, uid: number, state: LedgerState): void {
  const descriptor = openOwnFileSync(join(directory, LEDGER_FILE_NAME), constants.O_WRONLY, uid);
  try {
    const text = `${JSON.stringify(state)}\n`;
    const previousSize = fstatSync(descriptor).size;
    const bytes = Buffer.from(text.length < previousSize ? text.padEnd(previousSize, ' ') : text);
    let written = 0;
    while (written < bytes.length)
      written += writeSync(descriptor, bytes, written, bytes.length - written, written);
  } finally {
    closeSync(descriptor);
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseLedger(text: string): LedgerState | undefined {
  if (text.trim().length === 0) return undefined;
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
    const { pid, startTime, bootId, token, bytes: reserved } = entry as Record<string, unknown>;
    if (
      !isCount(pid) ||
      typeof startTime !== 'string' ||
      typeof bootId !== 'string' ||
      typeof token !== 'string' ||
      !isCount(reserved)
    ) {
      return undefined;
    }
    valid.push({ pid, startTime, bootId, token, bytes: reserved });
  }
  return { items, bytes, reservations: valid };
}

/**
 * Drops reservations of processes that no longer run — including an earlier process that had our
 * pid — since their writes will never publish.
 */
export function liveReservations(reservations: readonly Reservation[]): Reservation[] {
  return reservations.filter((reservation) => isProcessRunning(reservation));
}
