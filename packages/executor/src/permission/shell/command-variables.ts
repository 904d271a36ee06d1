import type { Scan } from './analysis-scan.js';
import type { ShellWord } from './shell-words.js';

/**
 * Variables whose value a program runs as a command: `GIT_SSH_COMMAND='rm -rf x' git fetch`
 * runs `rm -rf x`.
 */
const COMMAND_VARIABLES = new Set([
  'GIT_SSH_COMMAND',
  'GIT_SSH',
  'GIT_PAGER',
  'PAGER',
  'GIT_EDITOR',
  'GIT_SEQUENCE_EDITOR',
  'EDITOR',
  'VISUAL',
  'GIT_EXTERNAL_DIFF',
  'GIT_ASKPASS',
  'SSH_ASKPASS',
  'GIT_PROXY_COMMAND',
  'PROMPT_COMMAND',
  'LESSOPEN',
  'MANPAGER',
]);

/** Variables that give git settings (an alias among them) from the environment. */
const GIT_CONFIG_VARIABLES = /^GIT_CONFIG_(PARAMETERS|COUNT|KEY_\d+|VALUE_\d+)$|^GIT_EXEC_PATH$/;

/** Reads assignments before a command for commands they carry. */
export function readEnvironment(
  assignments: readonly ShellWord[],
  scan: Scan,
  script: (text: string) => void,
): void {
  for (const word of assignments) {
    const equals = word.value.indexOf('=');
    const name = word.value.slice(0, equals).replace(/\+$/, '');
    if (COMMAND_VARIABLES.has(name)) {
      if (word.literal) script(word.value.slice(equals + 1));
      else scan.opaque(`${name}: a command known only when the shell runs it`);
    }
    // `GIT_CONFIG_PARAMETERS="'alias.p=push'" git p`: any git subcommand may be meant.
    if (GIT_CONFIG_VARIABLES.test(name)) {
      scan.partial('git ');
      scan.unknown(`${name}: git settings from the environment`);
    }
  }
}
