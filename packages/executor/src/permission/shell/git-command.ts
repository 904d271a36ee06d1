import { abbreviates } from './command-options.js';
import type { ShellWord } from './shell-words.js';

/**
 * git's global options (`git [options] <subcommand>`): those taking a value, as a separate word
 * or after `=`. `-C` and `-c` take the next word only.
 */
const GLOBAL_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--list-cmds',
  '--attr-source',
]);
const GLOBAL_WITHOUT_VALUE = new Set([
  '-v',
  '--version',
  '-h',
  '--help',
  '-p',
  '--paginate',
  '-P',
  '--no-pager',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-optional-locks',
  '--no-advice',
  '--bare',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--html-path',
  '--man-path',
  '--info-path',
  '--exec-path',
]);

/** Global options that change which repository, configuration or programs git uses. */
const GLOBAL_RISKY = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--attr-source',
  '--bare',
  '--exec-path',
]);

/** `-c` settings known not to run anything (lower case; a trailing `.` is a section). */
const SAFE_SETTINGS = [
  'color.',
  'advice.',
  'column.',
  'core.quotepath',
  'core.autocrlf',
  'core.safecrlf',
  'core.eol',
  'core.abbrev',
  'core.filemode',
  'core.ignorecase',
  'core.precomposeunicode',
  'core.longpaths',
  'user.name',
  'user.email',
  'author.',
  'committer.',
  'init.defaultbranch',
  'pull.rebase',
  'pull.ff',
  'merge.ff',
  'merge.conflictstyle',
  'rebase.autosquash',
  'rebase.autostash',
  'diff.noprefix',
  'diff.mnemonicprefix',
  'diff.renames',
  'diff.algorithm',
  'diff.colormoved',
  'diff.relative',
  'diff.context',
  'status.short',
  'status.branch',
  'status.showuntrackedfiles',
  'log.decorate',
  'log.abbrevcommit',
  'log.date',
  'log.follow',
  'fetch.prune',
  'push.default',
  'push.autosetupremote',
  'commit.gpgsign',
  'tag.gpgsign',
  'gc.auto',
  'maintenance.auto',
  'protocol.version',
  'i18n.',
];

/**
 * Settings whose value is a command git runs through a shell (lower case; `*` is one
 * subsection): `core.sshCommand=rm -rf x` runs `rm -rf x`.
 */
const SHELL_SETTINGS = [
  /^core\.(sshcommand|pager|editor|fsmonitor|askpass|gitproxy)$/,
  /^sequence\.editor$/,
  /^diff\.external$/,
  /^pager\..+$/,
  /^credential\.(.+\.)?helper$/,
  /^(diff|merge|filter|mergetool|difftool|browser|man|trailer)\..+\.(command|cmd|driver|clean|smudge|process|textconv|path)$/,
  /^gpg\.(.+\.)?program$/,
  /^uploadpack\.packobjectshook$/,
  /^remote\..+\.(uploadpack|receivepack)$/,
  /^sendemail\..*cmd$/,
  /^submodule\..+\.update$/,
  /^web\.browser$/,
];

/** filter-branch's options whose value is a shell command it runs on every commit. */
const FILTER_BRANCH_COMMANDS: readonly string[] = [
  '--tree-filter',
  '--index-filter',
  '--env-filter',
  '--msg-filter',
  '--commit-filter',
  '--parent-filter',
  '--tag-name-filter',
  '--setup',
];

/** Per subcommand, options a generic allow rule does not cover: they run commands or write files. */
const SUBCOMMAND_RISKY: ReadonlyMap<string, readonly string[]> = new Map([
  ['diff', ['--output', '--ext-diff']],
  ['log', ['--output', '--ext-diff']],
  ['show', ['--output', '--ext-diff']],
  ['whatchanged', ['--output']],
  ['diff-tree', ['--output']],
  ['diff-files', ['--output']],
  ['diff-index', ['--output']],
  ['range-diff', ['--output']],
  ['format-patch', ['--output', '-o', '--output-directory']],
  ['grep', ['-O', '--open-files-in-pager']],
  ['rebase', ['-x', '--exec']],
  ['difftool', ['-x', '--extcmd', '-t', '--tool']],
  ['mergetool', ['-t', '--tool']],
  ['fetch', ['--upload-pack']],
  ['pull', ['--upload-pack']],
  ['clone', ['-u', '--upload-pack', '-c', '--config', '--template', '--separate-git-dir']],
  ['ls-remote', ['-u', '--upload-pack']],
  ['archive', ['--exec', '--remote', '-o', '--output']],
  ['push', ['--receive-pack', '--exec']],
  ['init', ['--template', '--separate-git-dir']],
  ['filter-branch', FILTER_BRANCH_COMMANDS],
  ['send-email', ['--to-cmd', '--cc-cmd', '--header-cmd', '--sendmail-cmd', '--smtp-server']],
  ['bisect', ['run']],
  ['submodule', ['foreach']],
]);

/** Options whose value is a shell command, per subcommand. */
const SUBCOMMAND_SHELL_VALUES: ReadonlyMap<string, readonly string[]> = new Map([
  ['rebase', ['-x', '--exec']],
  ['difftool', ['-x', '--extcmd']],
  ['grep', ['-O', '--open-files-in-pager']],
  ['fetch', ['--upload-pack']],
  ['pull', ['--upload-pack']],
  ['clone', ['-u', '--upload-pack']],
  ['ls-remote', ['-u', '--upload-pack']],
  ['archive', ['--exec']],
  ['push', ['--receive-pack', '--exec']],
  ['filter-branch', FILTER_BRANCH_COMMANDS],
  ['send-email', ['--to-cmd', '--cc-cmd', '--header-cmd', '--sendmail-cmd']],
]);

/** A command string found on a git command line, and the word it came from. */
export interface GitShellCommand {
  readonly text: string;
  readonly word: ShellWord;
}

/** What a git command line says. */
export interface GitReading {
  /** The index of the subcommand word, if there is one. */
  readonly subcommand: number | undefined;
  /** An unknown global option: where the subcommand is is not known. */
  readonly ambiguous: boolean;
  /** A global option's value that may split into several words. */
  readonly splitAt: number | undefined;
  /** Options that an allow rule must name (`-C`, `-c`, `--output`, `--exec` ...). */
  readonly risky: readonly string[];
  /** Why no allow rule can cover it (a `-c` setting that can run code, an alias), if so. */
  readonly notUnderstood: string | undefined;
  /** Command strings git would run through a shell (`-c core.pager=...`, `-c alias.x='!...'`, `rebase --exec`). */
  readonly shellCommands: readonly GitShellCommand[];
  /** A `-c alias.<name>=<expansion>` the subcommand names: what it stands for. */
  readonly alias: { readonly expansion: string; readonly word: ShellWord } | undefined;
  /** Argument words that run as a command of their own (`bisect run cmd ...`). */
  readonly argvCommand: number | undefined;
  /** True for a `git config` that sets a value: it writes a git configuration file. */
  readonly writesConfig: boolean;
  /** Files it writes, named on its command line (`--output=x`). */
  readonly writes: readonly ShellWord[];
}

/** Reads `git` arguments from `words[from]` on. */
export function readGit(words: readonly ShellWord[], from: number): GitReading {
  const risky: string[] = [];
  const shellCommands: GitShellCommand[] = [];
  const writes: ShellWord[] = [];
  const aliases = new Map<string, { expansion: string; word: ShellWord }>();
  let notUnderstood: string | undefined;
  let splitAt: number | undefined;
  let ambiguous = false;
  let index = from;
  for (; index < words.length; index += 1) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (!value.startsWith('-') || value === '-') break;
    if (word.splits) splitAt ??= index;
    const equals = value.indexOf('=');
    const name = value.startsWith('--') && equals !== -1 ? value.slice(0, equals) : value;
    if (GLOBAL_RISKY.has(name) && !(name === '--exec-path' && equals === -1)) risky.push(name);
    if (GLOBAL_WITH_VALUE.has(name)) {
      const attached = name !== value;
      const valueWord = attached ? word : words[index + 1];
      if (!attached) index += 1;
      if (valueWord === undefined) break;
      if (valueWord.splits) splitAt ??= index;
      const setting = attached ? value.slice(equals + 1) : valueWord.value;
      if (name === '-c') {
        const problem = readSetting(setting, valueWord, shellCommands, aliases);
        notUnderstood ??= problem;
      } else if (name === '--config-env') {
        notUnderstood ??= `git --config-env takes a setting from the environment (${setting})`;
        // An alias or a command-running setting whose value is not on the line: any subcommand.
        ambiguous = true;
      }
    } else if (!GLOBAL_WITHOUT_VALUE.has(name)) {
      ambiguous = true;
      notUnderstood ??= `git's global option ${name} is not known`;
    }
  }
  const subcommandIndex = index < words.length ? index : undefined;
  const subcommandWord = subcommandIndex === undefined ? undefined : words[subcommandIndex];
  const subcommand = subcommandWord?.value ?? '';
  let alias: GitReading['alias'];
  if (subcommandWord !== undefined && aliases.has(subcommand.toLowerCase())) {
    alias = aliases.get(subcommand.toLowerCase());
    notUnderstood ??= `git runs the alias "${subcommand}" set on its command line`;
  }
  let argvCommand: number | undefined;
  let writesConfig = false;
  if (subcommandIndex !== undefined) {
    const riskyHere = SUBCOMMAND_RISKY.get(subcommand) ?? [];
    const shellValued = SUBCOMMAND_SHELL_VALUES.get(subcommand) ?? [];
    for (let at = subcommandIndex + 1; at < words.length; at += 1) {
      const word = words[at] as ShellWord;
      const value = word.value;
      if (value === '--') break;
      for (const option of riskyHere) {
        if (!optionMatches(value, option)) continue;
        risky.push(option);
        const attached = attachedValue(value, option);
        const valueWord = attached === undefined ? words[at + 1] : word;
        const text = attached ?? words[at + 1]?.value;
        if (shellValued.includes(option) && text !== undefined && valueWord !== undefined) {
          shellCommands.push({ text, word: valueWord });
        }
        if ((option === '--output' || option === '-o') && valueWord !== undefined) writes.push(valueWord);
      }
      if (subcommand === 'bisect' && value === 'run') argvCommand = at + 1;
      if (subcommand === 'submodule' && value === 'foreach') {
        const script = words.slice(at + 1).find((item) => !item.value.startsWith('-'));
        if (script !== undefined) shellCommands.push({ text: script.value, word: script });
      }
    }
    writesConfig = subcommand === 'config' && setsConfig(words.slice(subcommandIndex + 1));
  }
  return {
    subcommand: subcommandIndex,
    ambiguous,
    splitAt,
    risky,
    notUnderstood,
    shellCommands,
    alias,
    argvCommand,
    writesConfig,
    writes,
  };
}

/** Reads one `-c name=value`; returns why it keeps an allow rule from applying, if it does. */
function readSetting(
  setting: string,
  word: ShellWord,
  shellCommands: GitShellCommand[],
  aliases: Map<string, { expansion: string; word: ShellWord }>,
): string | undefined {
  if (!word.literal) return `git -c ${word.raw}: a setting that is not a literal`;
  const equals = setting.indexOf('=');
  const key = (equals === -1 ? setting : setting.slice(0, equals)).toLowerCase();
  const value = equals === -1 ? 'true' : setting.slice(equals + 1);
  if (key.startsWith('alias.')) {
    // Config names are case-insensitive: `alias.P` defines `git p`.
    aliases.set(setting.slice(6, equals === -1 ? undefined : equals).toLowerCase(), {
      expansion: value,
      word,
    });
    if (value.startsWith('!')) shellCommands.push({ text: value.slice(1), word });
    return `git -c ${key}: an alias`;
  }
  if (SHELL_SETTINGS.some((pattern) => pattern.test(key))) {
    shellCommands.push({ text: value.startsWith('!') ? value.slice(1) : value, word });
    return `git -c ${key}: a setting that runs a command`;
  }
  if (SAFE_SETTINGS.some((safe) => (safe.endsWith('.') ? key.startsWith(safe) : key === safe)))
    return undefined;
  return `git -c ${key}: a setting that may run code or change what git reads`;
}

/** `--exec`, `--exec=x`; `-x`, `-xcmd`. */
function optionMatches(word: string, option: string): boolean {
  if (option.startsWith('--'))
    return word === option || word.startsWith(`${option}=`) || abbreviates(word, option);
  if (!option.startsWith('-')) return word === option;
  return word.startsWith(option);
}

function attachedValue(word: string, option: string): string | undefined {
  if (word === option) return undefined;
  if (option.startsWith('--')) return word.slice(option.length + 1);
  return word.slice(option.length);
}

/** `git config` arguments that read (`--get`, `--list`, `get`, a key alone) or write. */
function setsConfig(args: readonly ShellWord[]): boolean {
  const values = args.map((word) => word.value);
  const readOnly = [
    '--get',
    '--get-all',
    '--get-regexp',
    '--get-urlmatch',
    '--list',
    '-l',
    '--get-color',
    '--get-colorbool',
    '--show-origin',
    '--show-scope',
  ];
  if (values.some((value) => readOnly.includes(value))) return false;
  const operands = values.filter((value) => !value.startsWith('-'));
  if (operands[0] === 'get' || operands[0] === 'list') return false;
  return (
    operands.length >= 2 ||
    values.some((value) =>
      [
        '--unset',
        '--unset-all',
        '--add',
        '--replace-all',
        '--rename-section',
        '--remove-section',
        '-e',
        '--edit',
      ].includes(value),
    )
  );
}
