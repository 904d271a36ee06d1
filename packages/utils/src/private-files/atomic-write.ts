import { closeSync, constants, fchmodSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { errnoCode, ioFailure } from './private-file-error.js';
import { PRIVATE_FILE_MODE } from './secure-directory.js';

/** Exclusive (never an existing file), no-follow (never through a link), write-only. */
export const TEMP_OPEN_FLAGS =
  constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_WRONLY;

/**
 * Writes `bytes` to a new temporary file with the synchronous API: on a two-core host each
 * promise-based fs call costs tens of microseconds, a large share of a small write. The mode is
 * set with fchmod because the mode given to open() is filtered by the umask.
 */
export function writeTempFileSync(path: string, bytes: Uint8Array): void {
  let descriptor: number;
  try {
    descriptor = openSync(path, TEMP_OPEN_FLAGS, PRIVATE_FILE_MODE);
  } catch (error) {
    throw ioFailure('create temporary file', path, error);
  }
  try {
    fchmodSync(descriptor, PRIVATE_FILE_MODE);
    let written = 0;
    while (written < bytes.byteLength) {
      written += writeSync(descriptor, bytes, written, bytes.byteLength - written);
    }
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    removeTempFile(path);
    throw ioFailure('write temporary file', path, error);
  }
  closeSync(descriptor);
}

/** Removes a temporary file; a missing one is fine (already removed). */
export function removeTempFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw ioFailure('remove temporary file', path, error);
  }
}

/** Makes the directory entry changes durable (publish and temporary removal). */
export function fsyncDirectory(directory: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(directory, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    throw ioFailure('open directory to sync', directory, error);
  }
  try {
    fsyncSync(descriptor);
  } catch (error) {
    throw ioFailure('sync directory', directory, error);
  } finally {
    closeSync(descriptor);
  }
}
