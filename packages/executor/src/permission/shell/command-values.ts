import type { ShellWord } from './shell-words.js';

/**
 * Options whose value is a command a program runs (through a shell, or as a program given the
 * files it works on), per command: `tar --to-command='rm x'`, `rsync -e 'rm x'`,
 * `rg --pre rm`, `sort --compress-program=rm`, `man -P 'rm x'`, `zip -TT 'rm x'`. Long names
 * without their value; a short one may have its value attached (`-e'rm x'`).
 */
const COMMAND_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  [
    'tar',
    [
      '--to-command',
      '--checkpoint-action',
      '--info-script',
      '-F',
      '--new-volume-script',
      '--rsh-command',
      '--rmt-command',
      '--use-compress-program',
      '-I',
    ],
  ],
  ['rsync', ['-e', '--rsh']],
  ['zip', ['-TT', '--unzip-command']],
  ['man', ['-P', '--pager', '-H', '--html']],
  ['sort', ['--compress-program']],
  ['rg', ['--pre']],
  ['ripgrep', ['--pre']],
]);

/** ssh's settings (`-o Name=value`) whose value is a command it runs. */
const SSH_COMMAND_SETTINGS = /^(proxycommand|localcommand|knownhostscommand|remotecommand)[=\s]/i;
const SSH_LIKE = new Set(['ssh', 'scp', 'sftp', 'autossh']);

/** `fd -x cmd`: the rest of the line is a command run for each file found. */
const FD_EXEC = new Set(['-x', '--exec', '-X', '--exec-batch']);
/** What fd replaces in its command with each file. */
export const FD_PLACEHOLDERS: readonly string[] = ['{}', '{/}', '{//}', '{.}', '{/.}'];

/** What {@link commandValues} found on one command line. */
export interface CommandValues {
  /** Command strings a shell (or the program itself) runs. */
  readonly scripts: readonly { readonly text: string; readonly word: ShellWord }[];
  /** The index of a command given as the rest of the words (`fd -x rm`), if any. */
  readonly argvFrom: number | undefined;
  /** Why the commands it runs come from its input, if they do (`at`, `batch`). */
  readonly fromInput: string | undefined;
}

/** The commands carried by the options and operands of `name` (`words[0]` is the command). */
export function commandValues(name: string, words: readonly ShellWord[]): CommandValues {
  const scripts: { text: string; word: ShellWord }[] = [];
  let argvFrom: number | undefined;
  let fromInput: string | undefined;
  const options = COMMAND_OPTIONS.get(name) ?? [];
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (value === '--') break;
    for (const option of options) {
      const attached = attachedValue(value, option);
      if (attached === undefined) continue;
      const source = attached === '' ? words[index + 1] : word;
      let text = attached === '' ? words[index + 1]?.value : attached;
      if (option === '--checkpoint-action' && text !== undefined) {
        text = text.startsWith('exec=') ? text.slice(5) : undefined;
      }
      if (text !== undefined && source !== undefined) scripts.push({ text, word: source });
    }
    if (SSH_LIKE.has(name) && value.startsWith('-o')) {
      const setting = value === '-o' ? words[index + 1] : word;
      const text = value === '-o' ? setting?.value : value.slice(2);
      if (setting !== undefined && text !== undefined && SSH_COMMAND_SETTINGS.test(text)) {
        scripts.push({ text: text.replace(/^[A-Za-z]+[=\s]\s*/, ''), word: setting });
      }
    }
    if ((name === 'fd' || name === 'fdfind') && FD_EXEC.has(value)) {
      argvFrom = index + 1;
      break;
    }
  }
  if (name === 'trap') {
    // `trap 'rm x' EXIT`: the first operand runs when the signal comes.
    const action = words.slice(1).find((word) => !word.value.startsWith('-'));
    if (action !== undefined && words.length > 2) scripts.push({ text: action.value, word: action });
  }
  if (
    (name === 'at' || name === 'batch') &&
    !words.some((word) => word.value === '-f' || word.value.startsWith('-f'))
  ) {
    fromInput = `${name}: commands read from its input`;
  }
  return { scripts, argvFrom, fromInput };
}

/** The value of `option` in `word`: `''` when it is the next word, `undefined` when `word` is not it. */
function attachedValue(word: string, option: string): string | undefined {
  if (word === option) return '';
  if (option.startsWith('--')) {
    if (word.startsWith(`${option}=`)) return word.slice(option.length + 1);
    return undefined;
  }
  return word.startsWith(option) && !word.startsWith('--') ? word.slice(option.length) : undefined;
}
