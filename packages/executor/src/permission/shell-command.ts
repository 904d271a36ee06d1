import { contentSegments } from './shell/content-segments.js';
import { looseCandidates } from './shell/shell-analysis.js';

export { catchesShell, coveringRules } from './shell/rule-coverage.js';
export { analyseShell, type CommandView, type ShellAnalysis } from './shell/shell-analysis.js';
export { writePaths } from './shell/write-paths.js';

/**
 * The commands a deny or ask content rule is matched against, for content that may or may not
 * be a shell command (any tool's permission content): the whole content, each chained segment
 * ({@link contentSegments}, split even inside quotes), and each segment read as words and
 * normalised so that the command really run stands at its start — assignments, keywords,
 * wrappers and their options, quotes, backslashes and a path prefix removed; `bash -c`, `eval`,
 * `find -exec`, git's global options and `-c` commands followed. Each normalised command appears
 * with its arguments as written and unquoted.
 *
 * This widens only deny and ask rules. For an execute tool (a shell), `analyseShell` reads the
 * content as bash does, and decides allow rules too.
 */
export function commandCandidates(content: string): CommandCandidates {
  const loose = looseCandidates(contentSegments(content));
  return { commands: loose.candidates, complete: loose.complete };
}

/** What {@link commandCandidates} found. */
export interface CommandCandidates {
  readonly commands: readonly string[];
  /**
   * False when the content was too deeply nested or too long to read whole (too many levels of
   * `bash -c`/`eval`, too many commands, or too many characters of candidates): a caller
   * should fail closed.
   */
  readonly complete: boolean;
}
