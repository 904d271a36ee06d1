import { closeSync, constants, fchmodSync, fstatSync, openSync, type Stats } from 'node:fs';
import { errnoCode, ioFailure, PrivateFileError, PrivateFileErrorCode } from './private-file-error.js';
import { formatMode, PRIVATE_FILE_MODE } from './secure-directory.js';

/**
 * Opens a bookkeeping file of ours in a private directory (the artifact store's ledger and
 * record journal), creating it 0600 if missing, never following a link, and checks through the handle
 * that it is a regular file of ours with mode 0600 and one link. Writers hold the session lock;
 * a reader that races a creator opens the file the creator made.
 *
 * @param accessFlags `O_RDWR`, `O_WRONLY | O_APPEND`, ...
 */
export function openOwnFileSync(path: string, accessFlags: number, uid: number): number {
  let descriptor: number;
  try {
    descriptor = openSync(path, accessFlags | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP') throw unsafeOwnFile(path, 'it is a symbolic link');
    if (code !== 'ENOENT') throw ioFailure('open', path, error);
    descriptor = createOwnFileSync(path, accessFlags);
  }
  checkThroughHandle(descriptor, uid, (problem) => unsafeOwnFile(path, problem), 'private');
  return descriptor;
}

/** Why a file is refused, turned into the caller's error (each kind of file words it its own way). */
export type RefuseFile = (problem: string) => Error;

/** An open handle and what `fstat` said about it. */
export interface CheckedFile {
  readonly descriptor: number;
  readonly stats: Stats;
}

/**
 * Opens an existing file for reading without following a link (and without blocking on a
 * planted FIFO), and checks through the handle that it is a regular file of `uid` — and, for
 * `'private'`, mode 0600 with one link. `undefined` when there is no such file. The caller
 * closes the handle.
 *
 * @param refuse makes the error for a file that is there but not acceptable
 * @param action names the step in an `io_failed` error, e.g. `'read lock file'`
 */
export function openExistingFileSync(
  path: string,
  uid: number,
  requirement: 'owned' | 'private',
  refuse: RefuseFile,
  action = 'open',
): CheckedFile | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw refuse('it is a symbolic link');
    throw ioFailure(action, path, error);
  }
  return { descriptor, stats: checkThroughHandle(descriptor, uid, refuse, requirement) };
}

/** The `fstat` checks every opened file passes; closes the handle when one fails. */
function checkThroughHandle(
  descriptor: number,
  uid: number,
  refuse: RefuseFile,
  requirement: 'owned' | 'private',
): Stats {
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw refuse('it is not a regular file');
    if (stats.uid !== uid) throw refuse(`it is owned by uid ${stats.uid}`);
    if (requirement === 'private') {
      if ((stats.mode & 0o7777) !== PRIVATE_FILE_MODE) throw refuse(`its mode is ${formatMode(stats.mode)}`);
      if (stats.nlink !== 1) throw refuse(`it has ${stats.nlink} hard links`);
    }
    return stats;
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

function createOwnFileSync(path: string, accessFlags: number): number {
  try {
    const descriptor = openSync(
      path,
      accessFlags | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    fchmodSync(descriptor, PRIVATE_FILE_MODE);
    return descriptor;
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw ioFailure('create', path, error);
  }
  // A reader without the lock raced a creator: the file exists now, open it as it is (the
  // caller's fstat checks apply to it like to any other).
  try {
    return openSync(path, accessFlags | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (errnoCode(error) === 'ELOOP') throw unsafeOwnFile(path, 'it is a symbolic link');
    throw ioFailure('open', path, error);
  }
}

function unsafeOwnFile(path: string, problem: string): PrivateFileError {
  return new PrivateFileError(
    PrivateFileErrorCode.UnsafeEntry,
    `Refusing store file ${path}: ${problem}. Expected a regular file of this user with mode 0600 and one link.`,
    { path },
  );
}
