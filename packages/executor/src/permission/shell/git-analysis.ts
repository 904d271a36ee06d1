import { MAX_DEPTH, type Scan, syntheticWord } from './analysis-scan.js';
import type { CommandReading } from './command-view.js';
import { readGit } from './git-command.js';
import { readWords, type ShellWord } from './shell-words.js';

/** git: global options skipped, `-c` settings that run code read as commands, aliases expanded. */
export function readGitCommand(
  words: readonly ShellWord[],
  depth: number,
  scan: Scan,
  reading: CommandReading,
  script: (text: string, word: ShellWord) => void,
  argv: (from: number, note?: boolean, filled?: readonly string[]) => void,
  command: (words: readonly ShellWord[]) => void,
): void {
  const git = readGit(words, 1);
  reading.risky.push(...git.risky);
  if (git.notUnderstood !== undefined) scan.unknown(git.notUnderstood);
  if (git.splitAt !== undefined || git.ambiguous) {
    scan.partial('git ');
    if (git.splitAt !== undefined)
      scan.unknown(`git: a global option's value known only when the shell runs it`);
  }
  for (const command of git.shellCommands) script(command.text, command.word);
  if (git.subcommand !== undefined) {
    const rest = words.slice(git.subcommand);
    scan.candidate(['git', ...rest.map((word) => word.value)].join(' '));
    scan.candidate(['git', ...rest.map((word) => word.raw)].join(' '));
    const unknown = rest.findIndex((word) => !word.literal);
    if (unknown !== -1) {
      scan.partial(
        ['git', ...rest.slice(0, unknown).map((word) => word.value), (rest[unknown] as ShellWord).known].join(
          ' ',
        ),
      );
    }
  }
  if (
    git.alias !== undefined &&
    !git.alias.expansion.startsWith('!') &&
    git.subcommand !== undefined &&
    depth < MAX_DEPTH
  ) {
    const expansion = readWords(git.alias.expansion).map((word) => syntheticWord(word.value));
    command([syntheticWord('git'), ...expansion, ...words.slice(git.subcommand + 1)]);
  }
  if (git.argvCommand !== undefined) argv(git.argvCommand);
  if (git.writesConfig) {
    const values = words.map((word) => word.value);
    const fileAt = values.findIndex((value) => value === '--file' || value === '-f');
    if (values.includes('--global')) scan.writes.push({ path: '~/.gitconfig', literal: true, tilde: true });
    else if (fileAt !== -1 && words[fileAt + 1] !== undefined) {
      const file = words[fileAt + 1] as ShellWord;
      scan.writes.push({ path: file.value, literal: file.literal, tilde: file.tilde });
    } else scan.writes.push({ path: '.git/config', literal: true, tilde: false });
  }
  for (const file of git.writes)
    scan.writes.push({ path: attachedOutput(file.value), literal: file.literal, tilde: file.tilde });
}

/** `--output=x` or `x`. */
function attachedOutput(value: string): string {
  return value.startsWith('--output=')
    ? value.slice('--output='.length)
    : value.startsWith('-o') && value.length > 2
      ? value.slice(2)
      : value;
}
