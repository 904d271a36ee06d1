/**
 * Why a path was left out of a multi-path tool's work: what a `Read` of it would have met.
 * `deny`: a deny rule or a high-sensitivity file; `ask`: it would need the user's approval
 * (a file that may hold secrets, or a path outside the workspace).
 */
export interface SkippedPath {
  readonly path: string;
  readonly behavior: 'deny' | 'ask';
  readonly reason: string;
}

/**
 * Given to a tool in its execution context as `pathAccess` by the executor. A tool that reads
 * many paths (a search, a glob, a directory walk) asks it about each path before reading it, so
 * that the permission policy sees every file the tool reads and not only the directory it was
 * pointed at. `check` resolves the path to where it really is (symlinks included).
 */
export interface PathAccess {
  /**
   * True when a `Read` of `absolutePath` would be allowed without asking.
   *
   * `knownRealPath` is where the path really is, when the caller knows it without asking the
   * file system: a walk that started from a directory it resolved and went only through entries
   * `readdir` reported as plain directories and files (not links) knows every real path for
   * free. It spares the resolution, a system call per path component; a link, or anything the
   * caller did not walk itself, is passed without it and resolved.
   */
  canRead(absolutePath: string, knownRealPath?: string): boolean;
  /** The paths `canRead` refused so far in this call, with the reason for each. */
  readonly skipped: readonly SkippedPath[];
  /** One line for the model, e.g. `3 files skipped: 2 denied by permissions.deny, 1 may hold secrets`; `''` when none. */
  summary(): string;
}

/** The name of the execution-context field that carries the {@link PathAccess}. */
export const PATH_ACCESS_CONTEXT_FIELD = 'pathAccess';

/** Reads the {@link PathAccess} the executor put into a tool's execution context, if any. */
export function pathAccessOf(context: Readonly<Record<string, unknown>>): PathAccess | undefined {
  const candidate = context[PATH_ACCESS_CONTEXT_FIELD] as PathAccess | undefined;
  return typeof candidate?.canRead === 'function' ? candidate : undefined;
}
