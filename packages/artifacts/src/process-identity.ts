import { readFileSync } from 'node:fs';
import { errnoCode } from '@toolwright/utils/private-files';
import { ArtifactStoreError, ArtifactStoreErrorCode } from './errors.js';

/**
 * Who a lock file, a temporary file or a quota reservation belongs to. A pid alone is not enough:
 * an agent running as pid 1 in a container and restarted after a SIGKILL is pid 1 again, and any
 * pid is reused after a while or after a reboot. The start time tells two processes with one pid
 * apart, the boot id two boots. Where `/proc` is missing (macOS, BSD) both are `''` and the pid
 * alone decides: the platform offers nothing cheaper to tell a reused pid from its first owner.
 */
export interface ProcessIdentity {
  /** Process id. */
  readonly pid: number;
  /** Start time in clock ticks after boot (field 22 of `/proc/<pid>/stat`), or `''` where unknown. */
  readonly startTime: string;
  /** The boot id (`/proc/sys/kernel/random/boot_id`, hex without dashes), or `''` where unknown. */
  readonly bootId: string;
}

/** What `/proc/<pid>/stat` says about a process. */
export interface ProcessStat {
  /** Field 3: `R`, `S`, `D`, `Z` (zombie), `X` (dead), ... */
  readonly state: string;
  /** Field 22: start time in clock ticks after boot. */
  readonly startTime: string;
}

let cached: ProcessIdentity | undefined;

/**
 * Parses `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may itself hold
 * spaces and `)`, so fields are counted from the last `)`: the state is the first field after
 * it (field 3) and the start time the twentieth (field 22).
 */
export function parseProcessStat(text: string): ProcessStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // A stat cut short has no field 22, and String(undefined) is no number either. With twenty
  // fields there, the first is a state.
  const startTime = String(fields[19]);
  if (!/^\d+$/.test(startTime)) return undefined;
  return { state: fields[0] as string, startTime };
}

/** Reads `/proc/<pid>/stat`: `missing` when there is no such entry, undefined when unreadable. */
function readProcessStat(pid: number | 'self'): ProcessStat | 'missing' | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    return errnoCode(error) === 'ENOENT' ? 'missing' : undefined;
  }
  return parseProcessStat(text);
}

/** `/proc/sys/kernel/random/boot_id` as the kernel writes it (a UUID): hex without dashes, or `''`. */
export function parseBootId(text: string): string {
  const bootId = text.trim().replace(/-/g, '');
  return /^[0-9a-f]{32}$/.test(bootId) ? bootId : '';
}

function readBootId(): string {
  try {
    return parseBootId(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
  } catch {
    return '';
  }
}

/**
 * Our start time, only if `/proc` describes our own pid namespace: `/proc/self/stat` must name
 * `process.pid`. Under a `/proc` of another namespace every other pid we looked up there would
 * be someone else, so we then record no start time and judge by pid alone.
 */
function readOwnStartTime(): string {
  let text: string;
  try {
    text = readFileSync('/proc/self/stat', 'utf8');
    // Stryker disable next-line BlockStatement: emptied, `text` stays undefined, which names no pid: '' all the same
  } catch {
    return '';
  }
  if (Number.parseInt(text, 10) !== process.pid) return '';
  return parseProcessStat(text)?.startTime ?? '';
}

/** This process: pid, start time and boot id, read once. */
export function currentProcess(): ProcessIdentity {
  if (cached === undefined || cached.pid !== process.pid) {
    cached = Object.freeze({ pid: process.pid, startTime: readOwnStartTime(), bootId: readBootId() });
  }
  return cached;
}

/**
 * True while the process `owner` names may still be running, so that what it holds must be left
 * alone; false once it is certainly gone, so that its lock, temporary files and reservations can
 * be recovered.
 *
 * - Another boot id: gone (every pid was reused by the reboot).
 * - Our own pid: it is this very process only with our start time and boot id; anything else is
 *   an earlier process that had our pid (an agent restarted as pid 1 in a container), gone.
 * - Another pid: gone when `/proc` has no such process, or a zombie, or one that started at
 *   another time (the pid was reused). Where `/proc` cannot tell, `kill(pid, 0)` decides (EPERM
 *   means it exists under another user).
 *
 * Processes sharing a session must share a pid namespace: a pid of another container means
 * nothing here.
 */
export function isProcessRunning(owner: ProcessIdentity): boolean {
  const self = currentProcess();
  if (owner.bootId !== '' && self.bootId !== '' && owner.bootId !== self.bootId) return false;
  if (owner.pid === self.pid) return owner.startTime === self.startTime && owner.bootId === self.bootId;
  if (!Number.isSafeInteger(owner.pid) || owner.pid <= 0) return false;
  if (self.startTime !== '') {
    const stat = readProcessStat(owner.pid);
    if (stat === 'missing') return false;
    if (stat !== undefined) {
      if (stat.state === 'Z' || stat.state === 'X') return false;
      return owner.startTime === '' || owner.startTime === stat.startTime;
    }
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
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
