/**
 * Where the permission policy found a call's paths when it judged them. The executor gives it
 * to a tool in its execution context as `judgedPaths`, so that the tool opens exactly the file
 * that was judged and not whatever a path names a moment later: between the check and the
 * open, another process can swap a symbolic link or a directory on the path, and the same
 * path then leads somewhere the policy never saw (time of check to time of use).
 *
 * A tool opens the judged real path without following links (`O_NOFOLLOW`) and checks that
 * the file it got is there (on Linux, `/proc/self/fd/<fd>` names the opened file's real path);
 * any difference means the path changed, and the tool refuses instead of reading or writing.
 */
export interface JudgedPaths {
  /**
   * The real path the decision judged for `path`, exactly as the tool named it in
   * `affectedPaths` (an absolute, normalised path), or `undefined` when the decision did not
   * resolve that path (a custom `permissions` object that does not use `resolveRealPath`).
   */
  realPathOf(path: string): string | undefined;
}

/** The name of the execution-context field that carries the {@link JudgedPaths}. */
export const JUDGED_PATHS_CONTEXT_FIELD = 'judgedPaths';

/** Reads the {@link JudgedPaths} the executor put into a tool's execution context, if any. */
export function judgedPathsOf(context: Readonly<Record<string, unknown>>): JudgedPaths | undefined {
  const candidate = context[JUDGED_PATHS_CONTEXT_FIELD] as JudgedPaths | undefined;
  return typeof candidate?.realPathOf === 'function' ? candidate : undefined;
}

/** The decision being recorded: its resolutions, input path to real path, made with the first one. */
interface Recording {
  resolved: Map<string, string> | undefined;
}

/** The decision being recorded, if any. */
let recording: Recording | undefined;

/**
 * Runs `decide` and records every path `resolveRealPath` resolves while it runs synchronously
 * (a `PermissionPolicy` resolves all of a call's paths before anything it awaits). Within the
 * recording each path resolves once: a second resolution of the same path returns the first
 * answer, so one decision sees one file system, and the recorded answer is the one judged.
 */
export function recordJudgedPaths<T>(decide: () => T): { readonly value: T; readonly judged: JudgedPaths } {
  const outer = recording;
  const current: Recording = { resolved: undefined };
  recording = current;
  let value: T;
  try {
    value = decide();
  } finally {
    recording = outer;
  }
  // A decision that resolved no path (a checker of its own, a tool without paths) shares one answer.
  return { value, judged: current.resolved === undefined ? NONE_JUDGED : judgedPathsFrom(current.resolved) };
}

/** The recorded real path of `path`, when a decision is being recorded and already resolved it. */
export function recordedRealPath(path: string): string | undefined {
  return recording?.resolved?.get(path);
}

/** Records `real` as the real path of `path` in the decision being recorded, if any. */
export function recordRealPath(path: string, real: string): void {
  if (recording === undefined) return;
  recording.resolved ??= new Map();
  recording.resolved.set(path, real);
}

function judgedPathsFrom(resolved: ReadonlyMap<string, string>): JudgedPaths {
  return { realPathOf: (path) => resolved.get(path) };
}

/** The judged paths of a decision that resolved none. */
const NONE_JUDGED: JudgedPaths = Object.freeze({ realPathOf: () => undefined });
