import type { ShellWord } from './shell-words.js';

/**
 * Options that run commands, write files or change the target of a command: a generic allow
 * rule (`Bash(find:*)`) does not cover them unless its own pattern names them
 * (`Bash(find . -delete)`). Per command name; interpreters only up to their script.
 */
const RISKY_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['find', ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls']],
  [
    'npm',
    [
      '--prefix',
      '-C',
      '--workspace',
      '-w',
      '--workspaces',
      '-ws',
      '--userconfig',
      '--globalconfig',
      '--script-shell',
      '--node-options',
      '-g',
      '--global',
      '--location',
      '--call',
      '-c',
    ],
  ],
  [
    'pnpm',
    [
      '--prefix',
      '-C',
      '--dir',
      '--filter',
      '-F',
      '--workspace-root',
      '-w',
      '--recursive',
      '-r',
      '-g',
      '--global',
      '--config',
      '--script-shell',
      '--node-options',
    ],
  ],
  ['yarn', ['--cwd', '--prefix', '--global-folder', '--modules-folder', '--use-yarnrc']],
  ['bun', ['--cwd', '-e', '--eval', '-p', '--print', '-r', '--preload', '--filter', '-F']],
  ['make', ['-C', '--directory', '-f', '--file', '--makefile', '-E', '--eval', '-I', '--include-dir']],
  ['gmake', ['-C', '--directory', '-f', '--file', '--makefile', '-E', '--eval', '-I', '--include-dir']],
  [
    'tar',
    [
      '-C',
      '--directory',
      '--to-command',
      '--checkpoint-action',
      '-I',
      '--use-compress-program',
      '--rsh-command',
      '--rmt-command',
      '-F',
      '--info-script',
      '--new-volume-script',
    ],
  ],
  ['rsync', ['-e', '--rsh', '--rsync-path']],
  ['sed', ['-i', '--in-place']],
  ['ssh', ['-o', '-F']],
  ['scp', ['-o', '-F', '-S']],
  ['zip', ['-T', '--test', '-TT', '--unzip-command']],
  ['man', ['-P', '--pager', '-H', '--html']],
  ['sort', ['--compress-program']],
  ['rg', ['--pre']],
  ['fd', ['-x', '--exec', '-X', '--exec-batch']],
  ['fdfind', ['-x', '--exec', '-X', '--exec-batch']],
  ['sftp', ['-o', '-F', '-S']],
]);

/** Interpreters: options, before the script or module, that run code given on the command line. */
const INTERPRETER_OPTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  [
    'node',
    ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--experimental-loader'],
  ],
  [
    'nodejs',
    ['-e', '--eval', '-p', '--print', '-r', '--require', '--import', '--loader', '--experimental-loader'],
  ],
  ['deno', ['eval']],
  ['python', ['-c']],
  ['python2', ['-c']],
  ['python3', ['-c']],
  ['pypy', ['-c']],
  ['pypy3', ['-c']],
  ['perl', ['-e', '-E', '-i', '-M', '-m']],
  ['ruby', ['-e', '-i', '-r']],
  ['php', ['-r', '-B', '-R', '-E', '-F']],
  ['lua', ['-e', '-l']],
  ['luajit', ['-e', '-l']],
  ['Rscript', ['-e']],
  ['osascript', ['-e']],
  ['tclsh', []],
  ['awk', ['-f', '--file', '-e', '--source', '-i', '--include']],
  ['gawk', ['-f', '--file', '-e', '--source', '-i', '--include']],
]);

/** Interpreter options whose value is the next word (so the next word is not the script). */
const INTERPRETER_VALUE_OPTIONS = new Set([
  '-W',
  '-X',
  '-Q',
  '-m',
  '-r',
  '--require',
  '--import',
  '--loader',
  '-M',
  '-I',
  '-l',
  '-f',
  '-F',
  '-v',
  '--title',
  '-c',
  '-e',
  '-E',
  '--eval',
  '-p',
  '--print',
]);

/** The options of `words[from...]` (the arguments of command `name`) an allow rule must name. */
export function riskyOptions(name: string, words: readonly ShellWord[], from: number): string[] {
  const found: string[] = [];
  const interpreter = INTERPRETER_OPTIONS.get(name);
  if (interpreter !== undefined) {
    for (let index = from; index < words.length; index += 1) {
      const value = (words[index] as ShellWord).value;
      if (value === '--' || !value.startsWith('-') || value === '-') {
        // deno eval, awk's program text: the first operand runs as code.
        if (interpreter.includes(value)) found.push(value);
        break;
      }
      for (const option of interpreter) {
        // `python3 -Bc`, `perl -pie`: a cluster of short options holds it too.
        if (
          optionIn(value, option) ||
          (option.length === 2 && isShortCluster(value, option[1] as string, false))
        ) {
          found.push(option);
        }
      }
      if (value === '-m' || value === '-c') break;
      if (INTERPRETER_VALUE_OPTIONS.has(value)) index += 1;
    }
    return found;
  }
  const options = RISKY_OPTIONS.get(name);
  if (options === undefined) return found;
  const oldStyleTar =
    name === 'tar' && words[from] !== undefined && !(words[from] as ShellWord).value.startsWith('-');
  for (let index = from; index < words.length; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value === '--' && name !== 'find') break;
    for (const option of options) {
      if (optionIn(value, option)) found.push(option);
      else if (
        name === 'tar' &&
        option.length === 2 &&
        isShortCluster(value, option[1] as string, oldStyleTar && index === from)
      ) {
        found.push(option);
      }
    }
    // make VAR=value overrides a variable of the makefile: the commands it runs change.
    if ((name === 'make' || name === 'gmake') && /^[A-Za-z_][A-Za-z0-9_.]*\+?:?=/.test(value)) {
      found.push(value.slice(0, value.indexOf('=') + 1));
    }
  }
  return found;
}

/** `-C`, `-Cdir`, `--directory`, `--directory=x`: the word is `option`, with or without its value. */
function optionIn(word: string, option: string): boolean {
  if (word === option) return true;
  if (option.startsWith('--')) return word.startsWith(`${option}=`) || abbreviates(word, option);
  if (option.startsWith('-') && option.length === 2) return word.startsWith(option) && !word.startsWith('--');
  return false;
}

/**
 * `--to-com=sh` for `--to-command`: GNU getopt, git and npm accept any unambiguous beginning of
 * a long option, so every beginning counts.
 */
export function abbreviates(word: string, option: string): boolean {
  if (!word.startsWith('--') || word.length < 3) return false;
  const equals = word.indexOf('=');
  const name = equals === -1 ? word : word.slice(0, equals);
  return name.length > 2 && option.startsWith(name);
}

/** A cluster of short options (`-xzC`, or tar's old style `xzf`) that holds `letter`. */
function isShortCluster(word: string, letter: string, oldStyle: boolean): boolean {
  if (oldStyle) return /^[A-Za-z]+$/.test(word) && word.includes(letter);
  return /^-[A-Za-z]+$/.test(word) && word.slice(1).includes(letter);
}

/**
 * True when `ruleWords` (the words of an allow rule's pattern) name the option `risky`: a word
 * equal to it, or one that starts with it and its value (`-C`, `-Cdir`, `--output=x`, `VAR=`).
 */
export function ruleNames(ruleWords: readonly string[], risky: string): boolean {
  return ruleWords.some((word) => {
    if (word === risky) return true;
    if (risky.endsWith('=')) return word.startsWith(risky);
    if (risky.startsWith('--')) return word.startsWith(`${risky}=`);
    if (!risky.startsWith('-') || risky.length !== 2) return false;
    // `-Cdir`, or a cluster of short options such as tar's `-xzC`.
    return word.startsWith(risky) || (/^-[A-Za-z]+$/.test(word) && word.includes(risky[1] as string));
  });
}
