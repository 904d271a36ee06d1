import { chmodSync, lstatSync, mkdirSync, type Stats, statSync } from 'node:fs';
import { ArtifactStoreError, ArtifactStoreErrorCode, errnoCode, ioFailure } from './errors.js';

/** Mode of every directory the store creates under its root. */
export const PRIVATE_DIRECTORY_MODE = 0o700;

function unsafeDirectory(path: string, problem: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.UnsafeDirectory,
    `Refusing artifact directory ${path}: ${problem}. Expected a real directory owned by uid ${process.getuid?.()} with mode 0700.`,
    { path },
  );
}

/**
 * Makes sure the storage root exists and cannot be used to swap our directories: it is created
 * 0700 if missing; an existing root may be a symlink (hosts configure it) but must be a directory
 * owned by us or by root that group and others cannot write to — unless it is sticky like `/tmp`,
 * where nobody else can rename our entries.
 */
export function ensureStoreRoot(root: string, uid: number): void {
  try {
    mkdirSync(root, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw ioFailure('create the storage root', root, error);
  }
  let stats: Stats;
  try {
    stats = statSync(root);
  } catch (error) {
    throw ioFailure('inspect the storage root', root, error);
  }
  if (!stats.isDirectory()) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.UnsafeDirectory,
      `Refusing storage root ${root}: it is not a directory. Expected a directory path.`,
      { path: root },
    );
  }
  // Whoever can write to the root can rename our namespace directory and put their own in its
  // place; the sticky bit (as on /tmp) forbids renaming entries of other users.
  const sticky = (stats.mode & 0o1000) !== 0;
  if (sticky) return;
  if ((stats.mode & 0o022) !== 0) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.UnsafeDirectory,
      `Refusing storage root ${root}: mode ${formatMode(stats.mode)} lets other users replace our directories. ` +
        'Expected a root only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
      { path: root },
    );
  }
  if (stats.uid !== uid && stats.uid !== 0) {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.UnsafeDirectory,
      `Refusing storage root ${root}: it is owned by uid ${stats.uid}, who could replace our directories. ` +
        `Expected a root owned by uid ${uid} or by root, or a sticky one like /tmp.`,
      { path: root },
    );
  }
}

/**
 * Checks one directory of the chain with `lstat` (O_NOFOLLOW only protects the last component of
 * a path, so every directory above a file must be checked on its own): a real directory, owned by
 * `uid`, mode exactly 0700. When `create` is set and the directory is missing it is created 0700
 * and chmod-ed explicitly, because `mkdir`'s mode is filtered by the umask. Returns the directory's
 * stats, or undefined when it is missing and `create` is not set.
 */
export function ensurePrivateDirectory(path: string, uid: number, create: boolean): Stats | undefined {
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw ioFailure('inspect directory', path, error);
    if (!create) return undefined;
    try {
      mkdirSync(path, { mode: PRIVATE_DIRECTORY_MODE });
      chmodSync(path, PRIVATE_DIRECTORY_MODE);
    } catch (creationError) {
      // Another writer may have created it in between: fall through to the checks below.
      if (errnoCode(creationError) !== 'EEXIST') throw ioFailure('create directory', path, creationError);
    }
    stats = lstatSync(path);
  }
  checkPrivateDirectory(path, stats, uid);
  return stats;
}

/** Throws `unsafe_directory` unless `stats` (from lstat) describe a real 0700 directory of `uid`. */
export function checkPrivateDirectory(path: string, stats: Stats, uid: number): void {
  if (stats.isSymbolicLink()) throw unsafeDirectory(path, 'it is a symbolic link');
  if (!stats.isDirectory()) throw unsafeDirectory(path, 'it is not a directory');
  if (stats.uid !== uid) throw unsafeDirectory(path, `it is owned by uid ${stats.uid}`);
  if ((stats.mode & 0o7777) !== PRIVATE_DIRECTORY_MODE) {
    throw unsafeDirectory(path, `its mode is ${formatMode(stats.mode)}`);
  }
}

/** `0o100644` -> `0644`. */
export function formatMode(mode: number): string {
  return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;
}
