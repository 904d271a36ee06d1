import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Names removeAll gives a session directory it moves away before deleting it: a rename is atomic,
 * so no process ever sees the session half deleted. A removeAll killed after the rename leaves
 * one behind, which {@link sweepGraveyards} removes later.
 */
export const GRAVEYARD_PATTERN = /^\.removed-[0-9a-f]{16}$/;

/** A fresh graveyard path in the namespace directory. */
export function newGraveyardPath(namespaceDirectory: string): string {
  return join(namespaceDirectory, `.removed-${randomBytes(8).toString('hex')}`);
}

/**
 * Removes the graveyards an interrupted removeAll left in the namespace directory, and returns
 * their names. Safe by construction: only names matching {@link GRAVEYARD_PATTERN}, only real
 * directories (checked with `lstat`, so a link with that name is left alone) owned by `uid`, and
 * `rmSync` never follows a link inside — it removes the link itself. Best effort: another process
 * may be removing the same graveyard right now (its own removeAll), and a failure here must not
 * fail the operation that triggered the sweep.
 */
export function sweepGraveyards(namespaceDirectory: string, uid: number): string[] {
  let names: string[];
  try {
    names = readdirSync(namespaceDirectory);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!GRAVEYARD_PATTERN.test(name)) continue;
    const path = join(namespaceDirectory, name);
    try {
      const stats = lstatSync(path);
      if (!stats.isDirectory() || stats.uid !== uid) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Left for the next sweep.
    }
  }
  return removed;
}
