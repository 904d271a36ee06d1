import type { WriteTarget } from './write-targets.js';

/** One command that runs, as an allow rule sees it. */
export interface CommandView {
  /** What an allow rule's pattern is matched against: the words as written, one blank apart, and the redirections that write. */
  readonly text: string;
  /** The words as written (assignments first). */
  readonly words: readonly string[];
  /** Options an allow rule must name to cover it (`-exec`, `--output`, `-C` ...). */
  readonly risky: readonly string[];
  /** Commands it runs in turn (`sudo X`, `find -exec X`, `sh -c 'X'`). */
  readonly nested: readonly NestedCommands[];
}

/** Commands another command runs. */
export interface NestedCommands {
  /** For a command given as words of its parent (`sudo rm x`): the index of its first word; `undefined` for a command string. */
  readonly offset: number | undefined;
  readonly commands: readonly CommandView[];
}

/** What {@link analyseShell} found in one command line. */
export interface ShellAnalysis {
  /** Every command it runs, with everything an allow rule must cover. */
  readonly commands: readonly CommandView[];
  /** Why no allow content rule can apply (a variable, a glob, an unknown wrapper option ...); empty when understood. */
  readonly notUnderstood: readonly string[];
  /** Commands it runs, normalised, for deny and ask rules: wrappers, quoting and paths removed. */
  readonly candidates: readonly string[];
  /**
   * The known beginnings of commands whose rest is unknown (`git $X` gives `git `,
   * `$CMD x` gives `''`): a deny rule whose pattern could continue one of them might match.
   */
  readonly partials: readonly string[];
  /** Why every deny and ask rule applies (too long, too deep, a shell reading its input ...), if so. */
  readonly unreadable: string | undefined;
  /** Files it writes or removes, as named on its command line. */
  readonly writes: readonly WriteTarget[];
  /** Directories it changes to (`cd x`); a relative write may land under any of them. */
  readonly directories: readonly WriteTarget[];
}

/** What reading one command found for allow rules. */
export interface CommandReading {
  readonly risky: string[];
  readonly nested: NestedCommands[];
}
