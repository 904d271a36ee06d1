import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { McpClientError, McpClientErrorCode } from '../errors.js';

/** The largest configuration file read: far above any real config, far below a memory problem. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;

/**
 * Opening a file the trust covers: links are followed on purpose (a linked config is judged by
 * what it points to, and its real path is recorded), and a FIFO planted under a config name
 * cannot block the open.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** One file a folder's trust covers, read once: the trust is judged and the config parsed from these bytes. */
export interface FolderFile {
  /** The path as the host named it, made absolute. */
  readonly path: string;
  /**
   * Where it really is (links resolved); for a missing file, its real parent directory joined
   * with the rest of the path, so every spelling of the same place gives the same value.
   */
  readonly realPath: string;
  /** The file's text (UTF-8), or `undefined` when there is no file. */
  readonly content: string | undefined;
  /** SHA-256 (hex) of the file's bytes, or `undefined` when there is no file. */
  readonly sha256: string | undefined;
}

function errnoCode(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

function unreadable(path: string, problem: string, cause?: unknown): McpClientError {
  return new McpClientError(
    McpClientErrorCode.ConfigInvalid,
    `Cannot read configuration file ${path}: ${problem}; expected a regular file of at most ${MAX_CONFIG_FILE_BYTES} bytes, or no file.`,
    cause === undefined ? undefined : { cause },
  );
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
export function realPathOf(path: string): string {
  const rest: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync.native(current), ...rest);
    } catch (error) {
      const code = errnoCode(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      const parent = dirname(current);
      if (parent === current) return join(current, ...rest);
      rest.unshift(basename(current));
      current = parent;
    }
  }
}

/** Reads one covered file: absent, or a regular file read through the handle that was checked. */
export function readFolderFile(folder: string, file: string): FolderFile {
  const path = resolve(folder, file);
  const realPath = realPathOf(path);
  let descriptor: number;
  try {
    descriptor = openSync(realPath, OPEN_FLAGS);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT')
      return Object.freeze({ path, realPath, content: undefined, sha256: undefined });
    throw unreadable(path, `the file system refused it (${errnoCode(error) ?? String(error)})`, error);
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile()) throw unreadable(path, 'it is not a regular file');
    if (stats.size > MAX_CONFIG_FILE_BYTES) throw unreadable(path, `it has ${stats.size} bytes`);
    // The file opened must be the one whose real path is recorded: a link swapped between the
    // two would have the trust judged on one file and the config read from another.
    const recorded = statSync(realPath);
    if (recorded.dev !== stats.dev || recorded.ino !== stats.ino) {
      throw unreadable(path, 'it changed while it was read; run the command again');
    }
    const buffer = Buffer.alloc(MAX_CONFIG_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > MAX_CONFIG_FILE_BYTES) throw unreadable(path, 'it grew while it was read');
    }
    const bytes = buffer.subarray(0, length);
    return Object.freeze({
      path,
      realPath,
      content: bytes.toString('utf8'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  } finally {
    closeSync(descriptor);
  }
}

/**
 * The fingerprint of what a folder's trust covers: SHA-256 over the folder's real path and,
 * for each file in order of real path, its real path and a hash of its content (or that it is
 * absent). A changed, added or removed file, or a file that now links elsewhere, changes it.
 */
export function folderFingerprint(folder: string, files: readonly FolderFile[]): string {
  const hash = createHash('sha256').update(`toolwright-folder-trust-v1\0${folder}\0`);
  const sorted = [...files].sort((left, right) => (left.realPath < right.realPath ? -1 : 1));
  for (const file of sorted) {
    hash.update(`${file.realPath}\0${file.sha256 ?? 'absent'}\n`);
  }
  return hash.digest('hex');
}
