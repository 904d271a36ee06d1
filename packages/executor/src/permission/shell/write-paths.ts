import type { ShellAnalysis } from './shell-analysis.js';
import type { WriteTarget } from './write-targets.js';

/** Where a command line's writes may land. */
export interface WritePaths {
  /** Absolute paths, not normalised (a `..` stays for the caller to judge both ways). */
  readonly paths: readonly string[];
  /** Why some write's place is unknown (`> "$F"`, a relative write after `cd "$D"`), if so. */
  readonly unknown: string | undefined;
}

/** More working directories than this after `cd`s, and the place of a relative write counts as unknown. */
const MAX_BASES = 64;

/**
 * The absolute places of `analysis.writes`: a relative path under each of `bases` (the
 * workspace, the tool's working directory) and under every directory a `cd` in the line may
 * have moved to; `~` is `home`.
 */
export function writePaths(analysis: ShellAnalysis, bases: readonly string[], home: string): WritePaths {
  const paths = new Set<string>();
  let unknown: string | undefined;
  const relative = analysis.writes.some((write) => !write.tilde && !write.path.startsWith('/'));
  let directories = [...new Set(bases)];
  for (const directory of analysis.directories) {
    if (!relative) break;
    if (!directory.literal) {
      unknown ??= `a relative write after a change to a directory known only when the shell runs it`;
      break;
    }
    const next = new Set(directories);
    for (const base of directories) next.add(place(directory, base, home));
    directories = [...next];
    if (directories.length > MAX_BASES) {
      unknown ??= 'too many changes of directory to follow';
      break;
    }
  }
  for (const write of analysis.writes) {
    if (!write.literal) {
      unknown ??= `${write.path}: a place known only when the shell runs it`;
      continue;
    }
    if (write.tilde || write.path.startsWith('/')) paths.add(place(write, '/', home));
    else for (const base of directories) paths.add(place(write, base, home));
  }
  return { paths: [...paths], unknown };
}

function place(target: WriteTarget, base: string, home: string): string {
  if (target.tilde) return target.path === '~' ? home : `${home}${target.path.slice(1)}`;
  if (target.path.startsWith('/')) return target.path;
  return base.endsWith('/') ? `${base}${target.path}` : `${base}/${target.path}`;
}
