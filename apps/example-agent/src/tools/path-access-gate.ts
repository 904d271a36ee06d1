import { join } from 'node:path';
import type { ExecutionContext } from '@toolwright/contracts';
import { type PathAccess, pathAccessOf, resolveRealPath } from '@toolwright/executor';

/**
 * The per-path permission check of one call of a multi-path tool (Grep, Glob). The executor
 * judges only the directory such a tool is pointed at; the files under it are judged here, one
 * by one, before each is read or listed. Without a `pathAccess` in the context (a host that runs
 * tools without the executor) every path passes: such a host has no policy to ask.
 */
export interface PathAccessGate {
  /**
   * Whether the tool may read (or list) an entry a walk of `root` listed (its real path `realRoot`, the one the walk
   * opened): the real path to open it at when the tool may read it, `undefined` when not. Unless
   * the entry is a symbolic link, its real path is the walked root's joined with it (the walk
   * checked every directory on the way), so the check needs no system call per file. A link is
   * resolved here, and the answer is the place that was judged: the caller opens exactly that.
   */
  admitWalked(
    root: string,
    realRoot: string,
    relativePath: string,
    isSymbolicLink: boolean,
  ): string | undefined;
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
  return {
    admitWalked(root, realRoot, relativePath, isSymbolicLink) {
      const written = join(root, relativePath);
      const inRealRoot = join(realRoot, relativePath);
      let realPath: string;
      try {
        realPath = isSymbolicLink ? resolveRealPath(inRealRoot) : inRealRoot;
      } catch {
        // A link loop: nothing to read. The policy is asked too, so that its summary counts it.
        access?.canRead(written);
        skipped += 1;
        return undefined;
      }
      if (access === undefined || access.canRead(written, realPath)) return realPath;
      skipped += 1;
      return undefined;
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
