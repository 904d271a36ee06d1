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
    allows(absolutePath) {
      if (access === undefined || access.canRead(absolutePath)) return true;
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
