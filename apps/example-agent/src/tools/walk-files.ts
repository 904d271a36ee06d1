import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Directories no search tool descends into: dependency and VCS trees drown real results. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', '.turbo']);

/**
 * Lists the regular files under `root` as `/`-separated paths relative to it, sorted, stopping
 * after `limit` entries so that a huge tree costs a bounded amount of work.
 */
export async function walkFiles(root: string, limit: number, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0 && files.length < limit) {
    signal?.throwIfAborted();
    const directory = pending.shift() as string;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue; // unreadable directory: skip it, like `find` does, rather than fail the search
    }
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      const absolute = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(absolute);
      } else if (entry.isFile()) {
        files.push(relative(root, absolute).split(sep).join('/'));
        if (files.length >= limit) break;
      }
    }
  }
  return files.sort();
}
