// The bumps the pending changesets ask for, per package: what `changeset version` would apply.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BUMP_ORDER = ['none', 'patch', 'minor', 'major'];

/** The larger of two bumps (`none` < `patch` < `minor` < `major`). */
export function largerBump(a, b) {
  return BUMP_ORDER.indexOf(a) >= BUMP_ORDER.indexOf(b) ? a : b;
}

/**
 * Reads the front matter of one changeset (`"@scope/name": minor` per line) into
 * `[{ name, bump, file }]`; a line it cannot read is an error naming the file and line.
 */
export function readChangeset(text, file) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  if (!match) return [];
  const releases = [];
  for (const line of match[1].split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const release = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (!release) {
      throw new Error(
        `${file}: "${line}" is not a release line; expected "<package>": major|minor|patch|none`,
      );
    }
    releases.push({ name: release[1], bump: release[2], file });
  }
  return releases;
}

/** `Map<package name, { bump, files }>` of every pending changeset in `changesetDir`. */
export function pendingBumps(changesetDir) {
  const bumps = new Map();
  if (!existsSync(changesetDir)) return bumps;
  for (const file of readdirSync(changesetDir).sort()) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    for (const release of readChangeset(readFileSync(join(changesetDir, file), 'utf8'), file)) {
      const found = bumps.get(release.name) ?? { bump: 'none', files: [] };
      bumps.set(release.name, { bump: largerBump(found.bump, release.bump), files: [...found.files, file] });
    }
  }
  return bumps;
}
