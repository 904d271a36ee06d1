import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, lstatSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDirectory, removeTempFile, writeTempFileSync } from './atomic-write.js';
import { openExistingFileSync } from './own-file.js';
import { errnoCode, ioFailure, PrivateFileError, PrivateFileErrorCode } from './private-file-error.js';
import { ensurePrivateDirectory, ensureStorageRoot } from './secure-directory.js';

/** A file name inside a private directory: no separators, no dot files (temporary files are). */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;

function currentUid(): number {
  if (typeof process.getuid !== 'function') {
    throw new PrivateFileError(
      PrivateFileErrorCode.UnsupportedPlatform,
      'Private files need POSIX owners and modes (process.getuid), which this platform lacks.',
    );
  }
  return process.getuid();
}

function checkName(name: string): void {
  if (typeof name !== 'string' || !FILE_NAME.test(name)) {
    throw new PrivateFileError(
      PrivateFileErrorCode.InvalidRequest,
      `Private file name ${JSON.stringify(name)} is not accepted; use 1-128 characters from A-Z a-z 0-9 _ . - not starting with a dot.`,
    );
  }
}

/**
 * A directory only this user can enter (0700, owned by us, not a link), under a root that
 * cannot be used to swap it (see {@link ensureStorageRoot}), holding files only this
 * user can read (0600, one link). Writes are crash-safe: a temporary file is written and
 * fsynced, renamed over the old one, and the directory is fsynced, so a reader sees the old
 * content or the new one, never a torn file. Every open refuses symbolic links; every read
 * checks owner, mode and link count through the handle.
 */
export class PrivateDirectory {
  readonly path: string;
  readonly #uid: number;

  /**
   * Opens (creating when missing) `root/…segments` as a chain of private directories.
   *
   * @throws PrivateFileError `unsafe_directory` naming the directory that is a link, foreign
   *   or of another mode; `io_failed` when the file system refuses.
   */
  constructor(root: string, ...segments: string[]) {
    const uid = currentUid();
    for (const segment of segments) checkName(segment);
    ensureStorageRoot(root, uid);
    let path = root;
    for (const segment of segments) {
      path = join(path, segment);
      ensurePrivateDirectory(path, uid, true);
    }
    this.path = path;
    this.#uid = uid;
  }

  /**
   * The content of `name`, or `undefined` when there is none.
   *
   * @throws PrivateFileError `unsafe_entry` when it is a link, not a regular file, not ours,
   *   not 0600 or has more than one link.
   */
  read(name: string): Buffer | undefined {
    checkName(name);
    const path = join(this.path, name);
    const file = openExistingFileSync(path, this.#uid, 'private', (problem) => unsafeFile(path, problem));
    if (file === undefined) return undefined;
    try {
      return readFileSync(file.descriptor);
    } finally {
      closeSync(file.descriptor);
    }
  }

  /** Replaces `name` with `bytes` atomically and durably (0600). */
  write(name: string, bytes: Uint8Array): void {
    checkName(name);
    // A dot name, which no file of the directory can have.
    const temp = join(this.path, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}`);
    writeTempFileSync(temp, bytes);
    const path = join(this.path, name);
    try {
      renameSync(temp, path);
    } catch (error) {
      removeTempFile(temp);
      throw ioFailure('rename a temporary file to', path, error);
    }
    fsyncDirectory(this.path);
  }

  /**
   * What `name` holds; when there is no `name` yet, `make()`'s bytes are written as it first —
   * unless another writer (another process) publishes one at the same moment, whose content is
   * then returned instead. For a value made once and shared from then on, such as a host key:
   * processes starting together agree on one. The file is published whole (a hard link of a
   * written and synced temporary file), never replaced.
   */
  readOrCreate(name: string, make: () => Uint8Array): Buffer {
    checkName(name);
    const existing = this.#readPublished(name);
    if (existing !== undefined) return existing;
    const bytes = make();
    const path = join(this.path, name);
    const temp = join(this.path, `.tmp-${process.pid}-${randomBytes(8).toString('hex')}`);
    writeTempFileSync(temp, bytes);
    let created = true;
    try {
      linkSync(temp, path);
    } catch (error) {
      if (errnoCode(error) !== 'EEXIST') {
        removeTempFile(temp);
        throw ioFailure('create', path, error);
      }
      created = false;
    }
    removeTempFile(temp);
    fsyncDirectory(this.path);
    if (created) return Buffer.from(bytes);
    const theirs = this.#readPublished(name);
    if (theirs !== undefined) return theirs;
    throw new PrivateFileError(
      PrivateFileErrorCode.IoFailed,
      `Private file ${path} was removed while it was being created; try again.`,
      { path },
    );
  }

  /**
   * `read`, for a file another process's `readOrCreate` may be publishing: for the moment between
   * its link and its removal of the temporary name the file has two links, which `read` refuses;
   * that moment is waited out (a few milliseconds at most), any other refusal is not.
   */
  #readPublished(name: string): Buffer | undefined {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return this.read(name);
      } catch (error) {
        const publishing =
          PrivateFileError.isInstance(error) &&
          error.code === PrivateFileErrorCode.UnsafeEntry &&
          linkCount(join(this.path, name)) === 2;
        if (!publishing || attempt === 20) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
      }
    }
  }

  /** Removes `name`; true when there was one. */
  remove(name: string): boolean {
    checkName(name);
    const path = join(this.path, name);
    try {
      unlinkSync(path);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return false;
      throw ioFailure('remove', path, error);
    }
    fsyncDirectory(this.path);
    return true;
  }
}

function linkCount(path: string): number | undefined {
  try {
    return lstatSync(path).nlink;
  } catch {
    return undefined;
  }
}

function unsafeFile(path: string, problem: string): PrivateFileError {
  return new PrivateFileError(
    PrivateFileErrorCode.UnsafeEntry,
    `Refusing private file ${path}: ${problem}. Expected a regular file of this user with mode 0600 and one link.`,
    { path },
  );
}
