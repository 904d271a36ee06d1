import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from '@toolwright/contracts';
import { type PathAccess, pathAccessOf } from '@toolwright/executor';

/**
 * The per-path permission check of one call of a multi-path tool (Grep, Glob). The executor
 * judges only the directory such a tool is pointed at; the files under it are judged here, one
 * by one, before each is read or listed. Without a `pathAccess` in the context (a host that runs
 * tools without the executor) every path passes, as before.
 */
export interface PathAccessGate {
  /** True when the tool may read (or list) this absolute path; a refusal is counted. */
  allows(absolutePath: string): boolean;
  /**
   * The same for an entry a walk of `root` listed: unless it is a symbolic link, its real path
   * is the root's real path joined with it, so the check needs no system call per file.
   */
  allowsWalked(root: string, relativePath: string, isSymbolicLink: boolean): boolean;
  /** True when refused paths are judged by where they really point, so links may be walked. */
  readonly judgesPaths: boolean;
  /** How many paths were refused in this call. */
  readonly skipped: number;
  /** Appends the one-line explanation of what was skipped (if anything) to a tool's output. */
  withSummary(text: string): string;
}

/** The {@link PathAccessGate} for one call, from its execution context. */
export function createPathAccessGate(context: ExecutionContext): PathAccessGate {
  const access: PathAccess | undefined = pathAccessOf(context);
  // Counted here rather than read from `access.skipped`, which keeps only the first reasons.
  let skipped = 0;
  // The walked roots' real paths, resolved once per call rather than once per file.
  const realRoots = new Map<string, string | undefined>();
  return {
    allows(absolutePath) {
      if (access === undefined || access.canRead(absolutePath)) return true;
      skipped += 1;
      return false;
    },
    allowsWalked(root, relativePath, isSymbolicLink) {
      if (access === undefined) return true;
      const absolutePath = join(root, relativePath);
      let knownRealPath: string | undefined;
      if (!isSymbolicLink) {
        if (!realRoots.has(root)) realRoots.set(root, realRootOf(root));
        const realRoot = realRoots.get(root);
        knownRealPath = realRoot === undefined ? undefined : join(realRoot, relativePath);
      }
      if (access.canRead(absolutePath, knownRealPath)) return true;
      skipped += 1;
      return false;
    },
    judgesPaths: access !== undefined,
    get skipped() {
      return skipped;
    },
    withSummary(text) {
      const summary = skipped === 0 ? '' : (access?.summary() ?? '');
      return summary === '' ? text : `${text}\n${summary}`;
    },
  };
}

/** The real path of a walked root, or `undefined` when it cannot be resolved (then each file is). */
function realRootOf(root: string): string | undefined {
  try {
    return realpathSync.native(root);
  } catch {
    return undefined;
  }
}
