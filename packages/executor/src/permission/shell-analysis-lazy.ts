import { createRequire } from 'node:module';

type ShellAnalysisModule = typeof import('./shell-command.js');

let loaded: ShellAnalysisModule | undefined;

/**
 * The shell analysis (`./shell-command.ts` and `./shell/`), loaded from the private chunk
 * `#shell-analysis` the first time a command is analysed rather than with the package: it is
 * about 40% of the executor's code, and a process whose tools include no shell, and whose rules
 * no command content, never needs it. The build puts this module in the place of
 * `./shell-analysis-eager.ts` (see `tsup.config.ts`).
 *
 * The policy judges synchronously, so both builds `require` the chunk's CommonJS build: one copy
 * a process, which holds no state (its only module-level values are constant tables) and whose
 * results go back only to its own functions, never through an `instanceof`.
 */
export function shellAnalysis(): ShellAnalysisModule {
  if (loaded === undefined) {
    // Resolved from this file, through the package's `imports`: `__filename` in the CommonJS
    // build, `import.meta.url` in the ES one (a bare `require` would be the bundler's ESM stub).
    const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    loaded = load('#shell-analysis') as ShellAnalysisModule;
  }
  return loaded;
}
