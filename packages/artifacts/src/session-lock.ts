import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchmodSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { errnoCode, openExistingFileSync } from '@toolwright/utils/private-files';
import { ArtifactStoreError, ArtifactStoreErrorCode, ioFailure } from './errors.js';
import { currentProcess, isProcessRunning, type ProcessIdentity } from './process-identity.js';

/** File name of the cross-process lock inside a session directory. */
export const LOCK_FILE_NAME = '.lock';
/** File name of the guard taken while breaking a stale lock. */
export const LOCK_BREAK_FILE_NAME = '.lock.break';

/** A lock file with no readable owner is presumed abandoned after this long (its creator died mid-write). */
const OWNERLESS_LOCK_GRACE_MS = 5_000;
/**
 * Longest pause between two attempts (jitter can double it). Kept below the pause a lease holder
 * makes after a long lease, so that a waiting process always tries at least once in that window.
 */
const MAX_RETRY_DELAY_MS = 4;

const CREATE_FLAGS = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;

/** `<pid> <start time> <boot id> <nonce>`: start time and boot id are empty where unknown. */
const OWNER_LINE_PATTERN = /^(\d+) (\d*) ([0-9a-f]*) [0-9a-f]{16}\n$/;

/**
 * Our owner line: who holds the lock (see {@link ProcessIdentity}) and a nonce, so that a lock
 * broken and taken anew is never mistaken for the one that was judged stale.
 */
export function formatOwnerLine(owner: ProcessIdentity, nonce: string): string {
  return `${owner.pid} ${owner.startTime} ${owner.bootId} ${nonce}\n`;
}

function ownerLine(): string {
  return formatOwnerLine(currentProcess(), randomBytes(8).toString('hex'));
}

/**
 * Creates `path` exclusively with our owner line; false when it already exists. A missing
 * directory (`ENOENT`, moved away by another process's removeAll) is left to the caller, which
 * re-creates it; any other failure is `io_failed` naming the path.
 */
function tryCreate(path: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, CREATE_FLAGS, 0o600);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT') throw error;
    throw ioFailure('create lock file', path, error);
  }
  try {
    // 0600 whatever the umask, like every file of the store.
    fchmodSync(descriptor, 0o600);
    writeSync(descriptor, ownerLine());
  } catch (error) {
    throw ioFailure('write lock file', path, error);
  } finally {
    closeSync(descriptor);
  }
  return true;
}

/** A lock file as read: its raw content and, when it is an owner line, who wrote it. */
export interface LockRecord {
  /** The raw content, compared again before breaking so that we never remove a fresh lock. */
  content: string;
  /** Who wrote it; undefined when the content is not an owner line (its writer died mid-write). */
  owner: ProcessIdentity | undefined;
  ageMs: number;
}

/** Reads a lock file through a no-follow handle; undefined when it vanished meanwhile. */
export function readLockRecord(path: string, uid: number): LockRecord | undefined {
  const file = openExistingFileSync(
    path,
    uid,
    'owned',
    (problem) => foreignLock(path, problem),
    'read lock file',
  );
  if (file === undefined) return undefined;
  const { descriptor, stats } = file;
  try {
    const buffer = Buffer.alloc(128);
    const length = readSync(descriptor, buffer, 0, buffer.length, 0);
    const content = buffer.toString('utf8', 0, length);
    const match = OWNER_LINE_PATTERN.exec(content);
    const owner =
      match === null
        ? undefined
        : { pid: Number(match[1]), startTime: match[2] as string, bootId: match[3] as string };
    return { content, owner, ageMs: Date.now() - stats.mtimeMs };
  } finally {
    closeSync(descriptor);
  }
}

function foreignLock(path: string, problem: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.UnsafeEntry,
    `Refusing lock file ${path}: ${problem}. Expected a regular file created by this user.`,
    { path },
  );
}

function isStale(lock: LockRecord): boolean {
  if (lock.owner === undefined) return lock.ageMs > OWNERLESS_LOCK_GRACE_MS;
  return !isProcessRunning(lock.owner);
}

/**
 * Removes a stale lock without ever removing a live one: a second exclusive file guards the
 * break, and the lock is removed only if its content is still the stale content we judged (a
 * process that broke it first and took it anew writes a different nonce). True when the lock is
 * gone (removed here or meanwhile).
 */
export function breakStaleLock(directory: string, observed: LockRecord, uid: number): boolean {
  const breakPath = join(directory, LOCK_BREAK_FILE_NAME);
  let guarded: boolean;
  try {
    guarded = tryCreate(breakPath);
  } catch (error) {
    // The directory vanished (another process's removeAll): the next attempt re-creates it.
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
  if (!guarded) {
    const breaker = readLockRecord(breakPath, uid);
    if (breaker !== undefined && isStale(breaker)) unlinkQuietly(breakPath);
    return false;
  }
  try {
    const lockPath = join(directory, LOCK_FILE_NAME);
    const current = readLockRecord(lockPath, uid);
    if (current === undefined) return true;
    if (current.content !== observed.content) return false;
    unlinkQuietly(lockPath);
    return true;
  } finally {
    unlinkQuietly(breakPath);
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw ioFailure('remove', path, error);
  }
}

/** The outcome of one attempt to take the lock. */
export type LockAttempt =
  | { taken: true; recoveredStaleLock: boolean }
  | { taken: false; holderPid: number | undefined };

/**
 * One attempt to take the session lock (an exclusive lock file holding our pid, start time and
 * boot id), breaking it first if its owner is gone — a lock with our pid but another start time
 * or boot id was left by an earlier process that had our pid, and is stale too. A session
 * directory that vanished (another process's removeAll) is re-created through `ensureDirectory`
 * and the attempt repeated.
 */
export function tryTakeSessionLock(directory: string, uid: number, ensureDirectory: () => void): LockAttempt {
  const lockPath = join(directory, LOCK_FILE_NAME);
  let recoveredStaleLock = false;
  // A few passes at most: again after breaking a stale lock or re-creating the directory.
  for (let pass = 0; pass < 3; pass++) {
    try {
      if (tryCreate(lockPath)) return { taken: true, recoveredStaleLock };
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw error;
      ensureDirectory();
      continue;
    }
    const record = readLockRecord(lockPath, uid);
    if (record === undefined) continue;
    if (isStale(record) && breakStaleLock(directory, record, uid)) {
      recoveredStaleLock = true;
      continue;
    }
    return { taken: false, holderPid: record.owner?.pid };
  }
  return { taken: false, holderPid: undefined };
}

/** Removes our lock file (a missing one is fine: the directory was moved away by removeAll). */
export function releaseSessionLock(directory: string): void {
  unlinkQuietly(join(directory, LOCK_FILE_NAME));
}

/** The error thrown when the lock stays taken for longer than the caller waits. */
export function lockTimeout(
  directory: string,
  timeoutMs: number,
  holderPid: number | undefined,
): ArtifactStoreError {
  const lockPath = join(directory, LOCK_FILE_NAME);
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.LockTimeout,
    `Timed out after ${timeoutMs} ms waiting for session lock ${lockPath}, held by pid ${holderPid ?? 'unknown'}. ` +
      'Raise lockTimeoutMs, or remove the lock file if that process is gone.',
    { path: lockPath },
  );
}

/** Pause before the next attempt: short (critical sections are a few syscalls), doubling, jittered. */
export function nextRetryDelay(previousMs: number): number {
  return Math.min(previousMs * 2, MAX_RETRY_DELAY_MS);
}
