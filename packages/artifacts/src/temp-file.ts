import { randomBytes } from 'node:crypto';
import { linkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import {
  errnoCode,
  PRIVATE_FILE_MODE,
  removeTempFile,
  TEMP_OPEN_FLAGS,
} from '@toolwright/utils/private-files';
import { ioFailure } from './errors.js';
import { currentProcess, type ProcessIdentity } from './process-identity.js';

/**
 * Temporary files are named `.tmp-<pid>-<start time>-<boot id>-<nonce>` (start time and boot id
 * empty where unknown) so that a later scan can tell a leftover of a crashed writer — pid gone,
 * reused, another boot, or an earlier process that had our pid — from one still being written.
 */
export const TEMP_FILE_PATTERN = /^\.tmp-(\d+)-(\d*)-([0-9a-f]*)-[0-9a-f]{16}$/;

/**
 * The other temporary-file name a session directory may hold, written by a store that records no
 * start time: `.tmp-<first 8 hex digits of the boot id>-<pid>-<nonce>`. It is recognised as a
 * leftover so that such a session opens, instead of failing closed on a name it does not know.
 */
const LEGACY_TEMP_FILE_PATTERN = /^\.tmp-([0-9a-f]{0,8})-(\d+)-[0-9a-f]{16}$/;

/** The writer a temporary file name records, or undefined when the name is not one. */
export function tempFileWriter(name: string): ProcessIdentity | undefined {
  const match = TEMP_FILE_PATTERN.exec(name);
  if (match !== null) {
    return { pid: Number(match[1]), startTime: match[2] as string, bootId: match[3] as string };
  }
  const legacy = LEGACY_TEMP_FILE_PATTERN.exec(name);
  if (legacy === null) return undefined;
  // Only a prefix of the boot id was kept: the same prefix is taken for our boot, another one for
  // another boot. No start time was kept, so a legacy name with our pid is never ours.
  const { bootId } = currentProcess();
  const tag = legacy[1] as string;
  return {
    pid: Number(legacy[2]),
    startTime: '',
    bootId: tag !== '' && bootId.startsWith(tag) ? bootId : tag,
  };
}

/** Bytes written per call on the streaming path: bounded work per event-loop turn. */
export const WRITE_CHUNK_BYTES = 1024 * 1024;

/** A fresh temporary path in `directory` (the same directory, so that `link()` publishes it). */
export function newTempPath(directory: string): string {
  const { pid, startTime, bootId } = currentProcess();
  return join(directory, `.tmp-${pid}-${startTime}-${bootId}-${randomBytes(8).toString('hex')}`);
}

/**
 * Writes `bytes` to a new temporary file in chunks through the promise API, so that a large
 * write neither blocks the event loop for its whole duration nor copies the input.
 */
export async function writeTempFileChunked(path: string, bytes: Uint8Array): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, TEMP_OPEN_FLAGS, PRIVATE_FILE_MODE);
  } catch (error) {
    throw ioFailure('create temporary file', path, error);
  }
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    let written = 0;
    while (written < bytes.byteLength) {
      const length = Math.min(WRITE_CHUNK_BYTES, bytes.byteLength - written);
      const { bytesWritten } = await handle.write(bytes, written, length, written);
      written += bytesWritten;
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    removeTempFile(path);
    throw ioFailure('write temporary file', path, error);
  }
  await handle.close();
}

/**
 * Publishes a finished temporary file under its final name with `link()`, which never replaces
 * an existing entry (a file, or a symlink planted there). Returns false when the name exists: the
 * caller must then verify what is there. The temporary name is removed either way.
 */
export function publishTempFile(tempPath: string, finalPath: string): boolean {
  try {
    linkSync(tempPath, finalPath);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') {
      removeTempFile(tempPath);
      return false;
    }
    throw ioFailure('publish artifact', finalPath, error);
  }
  removeTempFile(tempPath);
  return true;
}
