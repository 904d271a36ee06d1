import * as shellCommand from './shell-command.js';

/** What the permission policy uses of the shell analysis (`./shell-command.ts`). */
export type ShellAnalysisModule = typeof shellCommand;

/**
 * The shell analysis, for the permission policy. In the sources it is a static import, so tests
 * and type checks run the code they read. The build puts `./shell-analysis-lazy.ts` in this
 * module's place (see `tsup.config.ts`), which loads the analysis from its own chunk the first
 * time a command is analysed.
 */
export function shellAnalysis(): ShellAnalysisModule {
  return shellCommand;
}
