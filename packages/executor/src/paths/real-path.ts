import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { isAbsolute, join, parse, sep } from 'node:path';
import { recordedRealPath, recordRealPath } from './judged-paths.js';

/** Symlinks followed while resolving one path before it counts as a loop (Linux's ELOOP limit). */
const MAX_SYMLINK_HOPS = 40;

/**
 * Where `path` really is: every symlink resolved, on every component. For a path that does not
 * exist yet (a file about to be written), the nearest existing ancestor is resolved and the rest
 * appended — and a dangling symlink on the way is followed to where a write through it would
 * land. The result is absolute and normalised; `..` is applied after the symlink it follows, as
 * the kernel does.
 *
 * Permission checks, containment and path locks use this, never the path as written: a
 * workspace symlink `docs/home -> ~` would otherwise let a Read of `docs/home/.ssh/id_ed25519`
 * pass as a workspace file.
 */
export function resolveRealPath(path: string): string {
  // Not `resolve(path)`: that applies `..` lexically first, so `link/../x` would be judged next
  // to the link instead of next to its target, where the kernel puts it.
  const absolute = isAbsolute(path) ? path : `${process.cwd()}${sep}${path}`;
  // While a decision is recorded (see `recordJudgedPaths`), a path resolves once within it.
  const recorded = recordedRealPath(absolute);
  if (recorded !== undefined) return recorded;
  const real = resolveNow(absolute);
  recordRealPath(absolute, real);
  return real;
}

function resolveNow(absolute: string): string {
  try {
    return realpathSync.native(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  return resolveComponentwise(absolute);
}

/**
 * The slow path for paths with a missing component: walks the components one by one with
 * `lstat`, splicing in each symlink's target, and appends the missing rest literally. Empty,
 * `.` and `..` components need no case of their own: `join` drops the first two and applies
 * `..` to what is resolved so far, which holds no symlink (each one was replaced by its target).
 */
function resolveComponentwise(absolute: string): string {
  let pending = absolute.split(sep);
  let resolved = parse(absolute).root;
  let hops = 0;
  while (pending.length > 0) {
    const [component, ...rest] = pending as [string, ...string[]];
    pending = rest;
    const candidate = join(resolved, component);
    let isLink = false;
    try {
      isLink = lstatSync(candidate).isSymbolicLink();
    } catch {
      // Missing: taken as written, like any other component that is not a link. A later `..`
      // climbs back into what exists (as after a mkdir -p), so the walk goes on and links above
      // are still followed.
    }
    if (!isLink) {
      resolved = candidate;
      continue;
    }
    hops += 1;
    if (hops > MAX_SYMLINK_HOPS) {
      throw Object.assign(new Error(`Too many symbolic links while resolving ${absolute}`), {
        code: 'ELOOP',
      });
    }
    const target = readlinkSync(candidate);
    if (isAbsolute(target)) resolved = parse(target).root;
    pending = [...target.split(sep), ...pending];
  }
  return resolved;
}

/** True when `path` is `directory` itself or inside it (both already real and absolute). */
export function isInsideDirectory(directory: string, path: string): boolean {
  if (path === directory) return true;
  const prefix = directory.endsWith(sep) ? directory : `${directory}${sep}`;
  return path.startsWith(prefix);
}
