import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  openSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { ArtifactStoreError, ArtifactStoreErrorCode, errnoCode, ioFailure } from './errors.js';
import { bootTag, isOwnerAlive } from './process-identity.js';

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
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function ownerLine(): string {
  return `${process.pid} ${bootTag()} ${randomBytes(8).toString('hex')}\n`;
}

/** Creates `path` exclusively with our owner line; false when it already exists. */
function tryCreate(path: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, CREATE_FLAGS, 0o600);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    // 0600 whatever the umask, like every file of the store.
    fchmodSync(descriptor, 0o600);
    writeSync(descriptor, ownerLine());
  } finally {
    closeSync(descriptor);
  }
  return true;
}

interface LockOwner {
  /** The raw content, compared again before breaking so that we never remove a fresh lock. */
  content: string;
  pid: number | undefined;
  boot: string;
  ageMs: number;
}

/** Reads a lock file through a no-follow handle; undefined when it vanished meanwhile. */
function readOwner(path: string, uid: number): LockOwner | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, READ_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw foreignLock(path, 'it is a symbolic link');
    throw ioFailure('read lock file', path, error);
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw foreignLock(path, 'it is not a regular file');
    if (stats.uid !== uid) throw foreignLock(path, `it is owned by uid ${stats.uid}`);
    const buffer = Buffer.alloc(128);
    const length = readSync(descriptor, buffer, 0, buffer.length, 0);
    const content = buffer.toString('utf8', 0, length);
    const match = /^(\d+) ([0-9a-f]*) [0-9a-f]+\n$/.exec(content);
    return {
      content,
      pid: match ? Number(match[1]) : undefined,
      boot: match?.[2] ?? '',
      ageMs: Date.now() - stats.mtimeMs,
    };
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

function isStale(owner: LockOwner): boolean {
  if (owner.pid === undefined) return owner.ageMs > OWNERLESS_LOCK_GRACE_MS;
  return !isOwnerAlive(owner.pid, owner.boot);
}

/**
 * Removes a stale lock without ever removing a live one: a second exclusive file guards the
 * break, and the lock is removed only if its content is still the stale content we judged (a
 * process that broke it first and took it anew writes a different nonce).
 */
function breakStaleLock(directory: string, observed: LockOwner, uid: number): boolean {
  const breakPath = join(directory, LOCK_BREAK_FILE_NAME);
  if (!tryCreate(breakPath)) {
    const breaker = readOwner(breakPath, uid);
    if (breaker !== undefined && isStale(breaker)) unlinkQuietly(breakPath);
    return false;
  }
  try {
    const lockPath = join(directory, LOCK_FILE_NAME);
    const current = readOwner(lockPath, uid);
    if (current === undefined) return true;
    if (current.content !== observed.content) return false;
    unlinkSync(lockPath);
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
 * One attempt to take the session lock (an exclusive lock file holding our pid and boot tag),
 * breaking it first if its owner is dead. A session directory that vanished (another process's
 * removeAll) is re-created through `ensureDirectory` and the attempt repeated.
 */
export function tryTakeSessionLock(directory: string, uid: number, ensureDirectory: () => void): LockAttempt {
  const lockPath = join(directory, LOCK_FILE_NAME);
  let recoveredStaleLock = false;
  // A few passes at most: again after breaking a stale lock or re-creating the directory.
  for (let pass = 0; pass < 3; pass++) {
    try {
      if (tryCreate(lockPath)) return { taken: true, recoveredStaleLock };
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT') throw ioFailure('create lock file', lockPath, error);
      ensureDirectory();
      continue;
    }
    const owner = readOwner(lockPath, uid);
    if (owner === undefined) continue;
    if (isStale(owner) && breakStaleLock(directory, owner, uid)) {
      recoveredStaleLock = true;
      continue;
    }
    return { taken: false, holderPid: owner.pid };
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
