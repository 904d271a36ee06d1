import type { Dirent } from 'node:fs';
import { realpathSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTimeSlicer } from './time-slicer.js';
import {
  hasDescriptorPaths,
  openJudgedDirectory,
  PathChangedError,
  pathInDirectory,
} from './verified-open.js';

/** Directories no search tool descends into: dependency and VCS trees drown real results. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', '.turbo']);

/** Options of {@link walkFiles}. */
export interface WalkOptions {
  /** Stop after this many entries, so that a huge tree costs a bounded amount of work. */
  readonly limit: number;
  /** Checked between directories and, in time slices, between entries. */
  readonly signal: AbortSignal;
  /**
   * Also list symbolic links (to files or directories; never descended into). A caller that can
   * judge each path by where it really points (a `PathAccess`) asks for them; without one they
   * are left out, as they always were, so that a link cannot lead a search out of the workspace.
   */
  readonly includeSymlinks?: boolean;
}

/** What a walk found. */
export interface WalkedFiles {
  /** `/`-separated paths relative to the root, sorted. */
  readonly files: string[];
  /**
   * The listed symbolic links. Every other listed path was found in a directory opened at its
   * expected real path and checked (see below), so its real path is the root's real path joined
   * with it — known without a system call.
   */
  readonly symbolicLinks: ReadonlySet<string>;
  /** Directories skipped because they were not where the walk expected them (a swap mid-walk). */
  readonly changedDirectories: number;
}

interface PendingDirectory {
  /** Where the directory must really be: its parent's real path joined with its name. */
  readonly real: string;
  /** `/`-separated, relative to the root; `''` for the root itself. */
  readonly relative: string;
}

/**
 * Lists the regular files under the directory whose real path is `realRoot` (the one the
 * permission check judged), sorted. Each directory's entries are taken in name order, so which
 * files a `limit` keeps does not depend on the file system's order.
 *
 * Each directory is opened at the real path it must have, without following a link, checked
 * to be the directory there, and listed through that handle (`/proc/self/fd/<fd>`, Linux). A
 * directory that another process swapped for a link to somewhere else while the walk ran is
 * therefore never listed: it is skipped and counted in `changedDirectories`. Without `/proc`
 * the directory is listed by path and its real path checked afterwards, which narrows the
 * window but cannot close it (see verified-open.ts).
 */
export async function walkFiles(realRoot: string, options: WalkOptions): Promise<WalkedFiles> {
  const { limit, signal } = options;
  const slicer = createTimeSlicer(signal);
  const files: string[] = [];
  const symbolicLinks = new Set<string>();
  let changedDirectories = 0;
  const pending: PendingDirectory[] = [{ real: realRoot, relative: '' }];
  for (let next = 0; next < pending.length && files.length < limit; next += 1) {
    signal.throwIfAborted();
    const directory = pending[next] as PendingDirectory;
    let entries: Dirent[];
    try {
      entries = await listVerified(directory.real);
    } catch (error) {
      if (error instanceof PathChangedError) changedDirectories += 1;
      continue; // unreadable directory: skip it, like `find` does, rather than fail the search
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const prefix = directory.relative === '' ? '' : `${directory.relative}/`;
    for (const entry of entries) {
      // One directory can hold 100,000 entries: the loop must not hold the event loop for all.
      await slicer.checkpoint();
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) {
          pending.push({ real: join(directory.real, entry.name), relative: prefix + entry.name });
        }
      } else if (entry.isFile() || (options.includeSymlinks === true && entry.isSymbolicLink())) {
        files.push(prefix + entry.name);
        if (entry.isSymbolicLink()) symbolicLinks.add(prefix + entry.name);
        if (files.length >= limit) break;
      }
    }
  }
  return { files: files.sort(), symbolicLinks, changedDirectories };
}

/** The entries of the directory at the real path `real`, listed only if it really is there. */
async function listVerified(real: string): Promise<Dirent[]> {
  if (!hasDescriptorPaths()) {
    const entries = await readdir(real, { withFileTypes: true });
    if (realpathSync.native(real) !== real) throw new PathChangedError(real, 'read');
    return entries;
  }
  const handle = await openJudgedDirectory(real, real, 'read');
  if (handle === undefined) throw new PathChangedError(real, 'read');
  try {
    return await readdir(pathInDirectory(handle.fd, ''), { withFileTypes: true });
  } finally {
    await handle.close();
  }
}
