import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTimeSlicer } from './time-slicer.js';

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
  /**
   * Receives the relative paths of the listed symbolic links. Every other listed path was
   * reached through entries `readdir` reported as plain directories and files, so its real
   * location is the root's real location joined with it — known without a system call.
   */
  readonly symbolicLinks?: Set<string>;
}

interface PendingDirectory {
  readonly absolute: string;
  /** `/`-separated, relative to the root; `''` for the root itself. */
  readonly relative: string;
}

/**
 * Lists the regular files under `root` as `/`-separated paths relative to it, sorted. Each
 * directory's entries are taken in name order, so which files a `limit` keeps does not depend on
 * the file system's order.
 */
export async function walkFiles(root: string, options: WalkOptions): Promise<string[]> {
  const { limit, signal } = options;
  const slicer = createTimeSlicer(signal);
  const files: string[] = [];
  const pending: PendingDirectory[] = [{ absolute: root, relative: '' }];
  for (let next = 0; next < pending.length && files.length < limit; next += 1) {
    signal.throwIfAborted();
    const directory = pending[next] as PendingDirectory;
    let entries: Dirent[];
    try {
      entries = await readdir(directory.absolute, { withFileTypes: true });
    } catch {
      continue; // unreadable directory: skip it, like `find` does, rather than fail the search
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    const prefix = directory.relative === '' ? '' : `${directory.relative}/`;
    for (const entry of entries) {
      // One directory can hold 100,000 entries: the loop must not hold the event loop for all.
      await slicer.checkpoint();
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) {
          pending.push({ absolute: join(directory.absolute, entry.name), relative: prefix + entry.name });
        }
      } else if (entry.isFile() || (options.includeSymlinks === true && entry.isSymbolicLink())) {
        files.push(prefix + entry.name);
        if (entry.isSymbolicLink()) options.symbolicLinks?.add(prefix + entry.name);
        if (files.length >= limit) break;
      }
    }
  }
  return files.sort();
}
