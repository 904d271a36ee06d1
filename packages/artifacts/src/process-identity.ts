import { readFileSync } from 'node:fs';
import { ArtifactStoreError, ArtifactStoreErrorCode, errnoCode } from './errors.js';

let cachedBootTag: string | undefined;

/**
 * A short tag of the current boot (Linux `boot_id`), written into lock files and temporary file
 * names. After a reboot every pid is reused, so a lock or temporary file from another boot is
 * stale whatever its pid says. Empty where the platform has no boot id (then pids alone decide).
 */
export function bootTag(): string {
  if (cachedBootTag === undefined) {
    try {
      cachedBootTag = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')
        .replace(/[^0-9a-f]/g, '')
        .slice(0, 8);
    } catch {
      cachedBootTag = '';
    }
  }
  return cachedBootTag;
}

/** True while a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

/** True when a (pid, boot tag) pair names a process that may still be running. */
export function isOwnerAlive(pid: number, ownerBootTag: string): boolean {
  if (ownerBootTag !== bootTag()) return false;
  return isProcessAlive(pid);
}

/** The uid files and directories of the store must belong to. */
export function currentUid(): number {
  if (typeof process.getuid !== 'function') {
    throw new ArtifactStoreError(
      ArtifactStoreErrorCode.UnsupportedPlatform,
      `SessionArtifactStore needs POSIX owners and modes; platform ${process.platform} has none.`,
    );
  }
  return process.getuid();
}
