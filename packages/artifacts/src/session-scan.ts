import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { errnoCode, formatMode, lstatOrMissing, PRIVATE_FILE_MODE } from '@toolwright/utils/private-files';
import { ArtifactStoreError, ArtifactStoreErrorCode, ioFailure } from './errors.js';
import { isProcessRunning } from './process-identity.js';
import { JOURNAL_FILE_NAME } from './record-journal.js';
import { LEDGER_FILE_NAME } from './session-ledger.js';
import { LOCK_BREAK_FILE_NAME, LOCK_FILE_NAME } from './session-lock.js';
import { tempFileWriter } from './temp-file.js';

/** Stored artifact names: `<sha256 hex>` plus an optional extension. */
export const ARTIFACT_FILE_PATTERN = /^([0-9a-f]{64})(\.[a-z0-9]{1,16})?$/;

const BOOKKEEPING_FILES = new Set([
  LOCK_FILE_NAME,
  LOCK_BREAK_FILE_NAME,
  LEDGER_FILE_NAME,
  JOURNAL_FILE_NAME,
]);

/** One stored artifact file found by a scan. */
export interface ScannedArtifact {
  fileName: string;
  id: string;
  extension: string;
  byteLength: number;
}

/** What a scan found. */
export interface ScanResult {
  artifacts: ScannedArtifact[];
  /** Temporary files of crashed writers that were removed. */
  removedLeftovers: string[];
}

function unsafeEntry(path: string, problem: string): ArtifactStoreError {
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.UnsafeEntry,
    `Unsafe entry ${path} in the session directory: ${problem}. The store accepts only its own regular files ` +
      '(mode 0600, owned by this user, one link); remove the entry or call removeAll() to reset the session.',
    { path },
  );
}

/**
 * Lists a session directory and fails closed on anything the store did not write: links,
 * directories, devices, files of another owner or mode, names it does not use. With
 * `removeLeftovers` (the caller holds the session lock) temporary files of writers that no longer
 * run (see {@link isProcessRunning}: an earlier process with our pid counts as gone) are deleted first — a writer killed between `link()` and `unlink()` leaves its artifact
 * with two links until its temporary name is gone.
 */
export function scanSessionDirectory(directory: string, uid: number, removeLeftovers: boolean): ScanResult {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { artifacts: [], removedLeftovers: [] };
    throw ioFailure('list session directory', directory, error);
  }
  names.sort();
  const removedLeftovers: string[] = [];
  const artifactNames: string[] = [];
  for (const name of names) {
    const path = join(directory, name);
    const writer = tempFileWriter(name);
    if (writer !== undefined) {
      const stats = lstatOrMissing(path, 'inspect');
      if (stats === undefined) continue;
      if (!stats.isFile()) throw unsafeEntry(path, 'a temporary name that is not a regular file');
      if (stats.uid !== uid) throw unsafeEntry(path, `a temporary file owned by uid ${stats.uid}`);
      if (removeLeftovers && !isProcessRunning(writer)) {
        try {
          unlinkSync(path);
          removedLeftovers.push(name);
        } catch (error) {
          if (errnoCode(error) !== 'ENOENT') throw ioFailure('remove leftover temporary file', path, error);
        }
      }
      continue;
    }
    if (BOOKKEEPING_FILES.has(name)) {
      const stats = lstatOrMissing(path, 'inspect');
      if (stats === undefined) continue;
      if (!stats.isFile()) throw unsafeEntry(path, 'a store file that is not a regular file');
      if (stats.uid !== uid) throw unsafeEntry(path, `a store file owned by uid ${stats.uid}`);
      continue;
    }
    if (ARTIFACT_FILE_PATTERN.test(name)) {
      artifactNames.push(name);
      continue;
    }
    throw unsafeEntry(path, 'a name the store never writes (foreign file)');
  }
  const artifacts: ScannedArtifact[] = [];
  for (const name of artifactNames) {
    const path = join(directory, name);
    const stats = lstatOrMissing(path, 'inspect');
    if (stats === undefined) continue;
    if (stats.isSymbolicLink()) throw unsafeEntry(path, 'a symbolic link');
    if (!stats.isFile()) throw unsafeEntry(path, 'not a regular file');
    if (stats.uid !== uid) throw unsafeEntry(path, `owned by uid ${stats.uid}, not by uid ${uid}`);
    if ((stats.mode & 0o7777) !== PRIVATE_FILE_MODE) {
      throw unsafeEntry(path, `mode ${formatMode(stats.mode)} instead of 0600`);
    }
    if (stats.nlink !== 1) throw unsafeEntry(path, `${stats.nlink} hard links instead of 1`);
    const match = ARTIFACT_FILE_PATTERN.exec(name) as RegExpExecArray;
    artifacts.push({
      fileName: name,
      id: match[1] as string,
      extension: match[2] ?? '',
      byteLength: stats.size,
    });
  }
  return { artifacts, removedLeftovers };
}
