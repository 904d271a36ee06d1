import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { errnoCode, formatMode, PRIVATE_FILE_MODE } from '@toolwright/utils/private-files';
import { ArtifactStoreError, ArtifactStoreErrorCode, ioFailure } from './errors.js';

/**
 * Flags for opening a stored file to verify it. O_NOFOLLOW refuses a symlink planted at the
 * path; O_NONBLOCK keeps a planted FIFO from blocking the open forever (fstat then rejects it).
 */
const VERIFY_OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Chunk size of the asynchronous (large file) path. */
const CHUNK_BYTES = 4 * 1024 * 1024;

/** Chunk size of the synchronous path when the bytes are not kept: one reused buffer, no garbage per hit. */
const SCRATCH_BYTES = 256 * 1024;
let scratchBuffer: Buffer | undefined;

/** What a stored file is expected to be. */
export interface ExpectedStoredFile {
  /** Absolute path. */
  path: string;
  /** SHA-256 hex the content must hash to. */
  id: string;
  /** Exact size, when known (a write knows it; a read does not). */
  byteLength?: number;
  /**
   * The bytes the file must hold, when known (a write that hashed them to `id`). The content is
   * then compared byte for byte instead of re-hashed: equal bytes hash to the same id, so this is
   * the same proof as a full re-hash (a stronger one, even) at memory-compare speed.
   */
  bytes?: Uint8Array;
  /** Owner uid. */
  uid: number;
}

function drift(path: string, what: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.VerificationFailed,
    `Stored artifact ${path} failed verification: ${what}. It was not used; a stored artifact must be a regular ` +
      'file with one link, owned by this user, mode 0600, whose content hashes to its name. ' +
      'Remove the file (or call removeAll()) to store it again.',
    { path },
  );
}

function symlinkRefused(path: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.UnsafeEntry,
    `Refusing ${path}: it is a symbolic link. Only regular files written by the store are accepted.`,
    { path },
  );
}

function checkMetadata(stats: Stats, expected: ExpectedStoredFile): void {
  const { path } = expected;
  if (!stats.isFile()) throw drift(path, 'it is not a regular file');
  if (stats.uid !== expected.uid)
    throw drift(path, `owner is uid ${stats.uid}, expected uid ${expected.uid}`);
  if ((stats.mode & 0o7777) !== PRIVATE_FILE_MODE) {
    throw drift(path, `mode is ${formatMode(stats.mode)}, expected 0600`);
  }
  if (stats.nlink !== 1) throw drift(path, `it has ${stats.nlink} hard links, expected 1`);
  if (expected.byteLength !== undefined && stats.size !== expected.byteLength) {
    throw drift(path, `size is ${stats.size} bytes, expected ${expected.byteLength}`);
  }
}

function checkHash(actual: string, expected: ExpectedStoredFile): void {
  if (actual !== expected.id) throw drift(expected.path, `content hashes to ${actual}, not to its name`);
}

/** Compares a chunk read at `position` with the expected bytes (when they are known). */
function checkChunk(chunk: Uint8Array, position: number, expected: ExpectedStoredFile): void {
  const reference = expected.bytes as Uint8Array;
  // Buffer#compare with ranges: no subarray objects on the hot dedup path.
  if (Buffer.prototype.compare.call(chunk, reference, position, position + chunk.byteLength) !== 0) {
    const actual = `content differs from the bytes being written (which hash to ${expected.id}) from byte ${position} on`;
    throw drift(expected.path, actual);
  }
}

/**
 * Verifies a stored file through one open handle (so the checks and the content are about the
 * same inode): regular file, owner, mode 0600, one link, size, and the whole content — re-hashed
 * against the id, or compared byte for byte with `expected.bytes` when the caller has them. Returns undefined when no
 * file exists at the path; throws `unsafe_entry` for a symlink and `verification_failed` for drift.
 * With `keepBytes` the verified content is returned too.
 */
export function verifyStoredFileSync(
  expected: ExpectedStoredFile,
  keepBytes: boolean,
): { byteLength: number; bytes: Buffer | undefined } | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(expected.path, VERIFY_OPEN_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw symlinkRefused(expected.path);
    throw ioFailure('open stored artifact', expected.path, error);
  }
  try {
    const stats = fstatSync(descriptor);
    checkMetadata(stats, expected);
    const size = stats.size;
    const hash = expected.bytes === undefined ? createHash('sha256') : undefined;
    let bytes: Buffer | undefined;
    if (keepBytes) {
      bytes = Buffer.allocUnsafe(size);
      let filled = 0;
      while (filled < size) {
        const read = readSync(descriptor, bytes, filled, size - filled, filled);
        if (read === 0) throw drift(expected.path, `it shrank while being read (${filled} of ${size} bytes)`);
        filled += read;
      }
      if (hash === undefined) checkChunk(bytes, 0, expected);
      else hash.update(bytes);
    } else {
      scratchBuffer ??= Buffer.allocUnsafe(SCRATCH_BYTES);
      const buffer = scratchBuffer;
      let position = 0;
      while (position < size) {
        const read = readSync(descriptor, buffer, 0, Math.min(SCRATCH_BYTES, size - position), position);
        if (read === 0)
          throw drift(expected.path, `it shrank while being read (${position} of ${size} bytes)`);
        if (hash === undefined) checkChunk(buffer.subarray(0, read), position, expected);
        else hash.update(buffer.subarray(0, read));
        position += read;
      }
    }
    if (hash !== undefined) checkHash(hash.digest('hex'), expected);
    return { byteLength: size, bytes };
  } finally {
    closeSync(descriptor);
  }
}

/** The asynchronous, chunked form of {@link verifyStoredFileSync}, for large files. */
export async function verifyStoredFile(
  expected: ExpectedStoredFile,
  keepBytes: boolean,
): Promise<{ byteLength: number; bytes: Buffer | undefined } | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(expected.path, VERIFY_OPEN_FLAGS);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw symlinkRefused(expected.path);
    throw ioFailure('open stored artifact', expected.path, error);
  }
  try {
    const stats = await handle.stat();
    checkMetadata(stats, expected);
    const size = stats.size;
    const hash = expected.bytes === undefined ? createHash('sha256') : undefined;
    const bytes = keepBytes ? Buffer.allocUnsafe(size) : undefined;
    // Stryker disable next-line MethodExpression: a scratch buffer larger than the file reads the same bytes; only memory differs
    const scratch = keepBytes ? undefined : Buffer.allocUnsafe(Math.min(CHUNK_BYTES, size));
    let position = 0;
    while (position < size) {
      const length = Math.min(CHUNK_BYTES, size - position);
      const target = bytes ?? (scratch as Buffer);
      const offset = bytes === undefined ? 0 : position;
      const { bytesRead } = await handle.read(target, offset, length, position);
      if (bytesRead === 0)
        throw drift(expected.path, `it shrank while being read (${position} of ${size} bytes)`);
      const chunk = target.subarray(offset, offset + bytesRead);
      if (hash === undefined) checkChunk(chunk, position, expected);
      else hash.update(chunk);
      position += bytesRead;
    }
    if (hash !== undefined) checkHash(hash.digest('hex'), expected);
    return { byteLength: size, bytes };
  } finally {
    await handle.close();
  }
}
