import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { errnoCode, ioFailure, PrivateFileError, PrivateFileErrorCode } from './private-file-error.js';

/** Mode of every private directory. */
export const PRIVATE_DIRECTORY_MODE = 0o700;

/** Mode of every private file. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Opening a directory to change its mode: `O_NOFOLLOW` refuses a symlink planted at the path
 * (`chmod` by path would follow it and change the mode of whatever it points to), `O_DIRECTORY`
 * anything that is not a directory. The mode is then set through the handle (`fchmod`).
 */
const DIRECTORY_OPEN_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** Group- or world-writable: someone else could rename entries, unless the directory is sticky. */
const WRITABLE_BY_OTHERS = 0o022;
const STICKY = 0o1000;

function unsafeDirectory(path: string, problem: string, uid: number): PrivateFileError {
  return new PrivateFileError(
    PrivateFileErrorCode.UnsafeDirectory,
    `Refusing private directory ${path}: ${problem}. Expected a real directory owned by uid ${uid} with mode 0700.`,
    { path },
  );
}

function foreignOwner(owner: number, uid: number): string {
  return `it is owned by uid ${owner}, not by uid ${uid} (this process)`;
}

/**
 * Throws unless a directory we use but do not own privately — the storage root, or the directory
 * we create the root in — is safe to keep our directories in. Its owner must be us or root,
 * whatever its mode: the owner of a directory can rename or delete any entry in it, the sticky
 * bit notwithstanding, so a root another user created with mode 1777 lets that user swap our
 * directories. And if group or others may write to it, it must be sticky, like `/tmp`, so that
 * they cannot rename our entries.
 */
function checkSharedDirectory(path: string, stats: Stats, uid: number, role: string): void {
  if (!stats.isDirectory()) {
    throw new PrivateFileError(
      PrivateFileErrorCode.UnsafeDirectory,
      `Refusing ${role} ${path}: it is not a directory. Expected a directory path.`,
      { path },
    );
  }
  if (stats.uid !== uid && stats.uid !== 0) {
    throw new PrivateFileError(
      PrivateFileErrorCode.UnsafeDirectory,
      `Refusing ${role} ${path}: it is owned by uid ${stats.uid}, not by uid ${uid} (this process) or root; ` +
        'its owner could rename our directories and put their own in their place, sticky bit or not. ' +
        `Expected a directory owned by uid ${uid} or by root.`,
      { path },
    );
  }
  if ((stats.mode & WRITABLE_BY_OTHERS) !== 0 && (stats.mode & STICKY) === 0) {
    throw new PrivateFileError(
      PrivateFileErrorCode.UnsafeDirectory,
      `Refusing ${role} ${path}: mode ${formatMode(stats.mode)} lets other users replace our directories. ` +
        'Expected one only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
      { path },
    );
  }
}

/** `stat` (following links: hosts may configure the root as a link), undefined when missing. */
function statOrMissing(path: string, operation: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw ioFailure(operation, path, error);
  }
}

/**
 * `lstat`, undefined when missing; any other failure (`ENOTDIR`: a parent swapped for a file) is
 * `io_failed`, naming `operation`.
 */
export function lstatOrMissing(path: string, operation = 'inspect directory'): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return undefined;
    throw ioFailure(operation, path, error);
  }
}

/**
 * Creates `path` as a private directory: `mkdir`, then — through a handle opened without
 * following links — checks that it is a directory of ours and sets mode 0700 with `fchmod`
 * (`mkdir`'s mode is filtered by the umask). A symlink planted between `mkdir` and the open is
 * refused, never followed. When another writer created it first, nothing is changed: the
 * caller's checks decide.
 */
function createPrivateDirectory(path: string, uid: number): void {
  try {
    mkdirSync(path, { mode: PRIVATE_DIRECTORY_MODE });
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return;
    throw ioFailure('create directory', path, error);
  }
  let descriptor: number;
  try {
    descriptor = openSync(path, DIRECTORY_OPEN_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ELOOP')
      throw unsafeDirectory(path, 'it was replaced by a symbolic link right after mkdir', uid);
    if (code === 'ENOTDIR')
      throw unsafeDirectory(path, 'it was replaced by a non-directory right after mkdir', uid);
    throw ioFailure('open the new directory', path, error);
  }
  try {
    const stats = fstatSync(descriptor);
    if (stats.uid !== uid) throw unsafeDirectory(path, foreignOwner(stats.uid, uid), uid);
    fchmodSync(descriptor, PRIVATE_DIRECTORY_MODE);
  } catch (error) {
    if (PrivateFileError.isInstance(error)) throw error;
    throw ioFailure('set the mode of', path, error);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Makes sure the storage root exists and cannot be used to swap our directories. Missing
 * directories of its path are created one by one, each 0700 through a no-follow handle, and only
 * inside a directory that passes the same test as the root (owned by us or root; sticky if
 * others may write to it). An existing root may be a symlink (hosts configure it) but must be a
 * directory owned by us or by root — sticky or not — that group and others cannot write to
 * unless it is sticky like `/tmp`. The errors name the directory, its owner and our uid.
 */
export function ensureStorageRoot(root: string, uid: number): void {
  const missing: string[] = [];
  let existing = root;
  while (statOrMissing(existing, 'inspect the storage root') === undefined) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  for (const directory of missing) {
    const parent = dirname(directory);
    const parentStats = statOrMissing(parent, 'inspect the parent of the storage root');
    if (parentStats === undefined) {
      throw ioFailure('create the storage root', directory, new Error(`its parent ${parent} vanished`));
    }
    checkSharedDirectory(parent, parentStats, uid, 'the parent of the storage root');
    createPrivateDirectory(directory, uid);
  }
  const stats = statOrMissing(root, 'inspect the storage root');
  if (stats === undefined) {
    throw ioFailure('inspect the storage root', root, new Error('it vanished right after it was created'));
  }
  checkSharedDirectory(root, stats, uid, 'storage root');
}

/**
 * Checks one directory of the chain with `lstat` (O_NOFOLLOW only protects the last component of
 * a path, so every directory above a file must be checked on its own): a real directory, owned by
 * `uid`, mode exactly 0700. When `create` is set and the directory is missing it is created as
 * {@link createPrivateDirectory} does. Returns the directory's stats, or undefined when it is
 * missing and `create` is not set.
 */
export function ensurePrivateDirectory(path: string, uid: number, create: boolean): Stats | undefined {
  let stats = lstatOrMissing(path);
  if (stats === undefined) {
    if (!create) return undefined;
    createPrivateDirectory(path, uid);
    stats = lstatOrMissing(path);
    if (stats === undefined) throw unsafeDirectory(path, 'it vanished right after it was created', uid);
  }
  checkPrivateDirectory(path, stats, uid);
  return stats;
}

/** Throws `unsafe_directory` unless `stats` (from lstat) describe a real 0700 directory of `uid`. */
export function checkPrivateDirectory(path: string, stats: Stats, uid: number): void {
  if (stats.isSymbolicLink()) throw unsafeDirectory(path, 'it is a symbolic link', uid);
  if (!stats.isDirectory()) throw unsafeDirectory(path, 'it is not a directory', uid);
  if (stats.uid !== uid) throw unsafeDirectory(path, foreignOwner(stats.uid, uid), uid);
  if ((stats.mode & 0o7777) !== PRIVATE_DIRECTORY_MODE) {
    throw unsafeDirectory(path, `its mode is ${formatMode(stats.mode)}`, uid);
  }
}

/** `0o100644` -> `0644`. */
export function formatMode(mode: number): string {
  return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;
}
