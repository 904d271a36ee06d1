import { contentSegments } from '../permission-rule.js';
import { expandBraces } from './brace-expansion.js';
import { riskyOptions } from './command-options.js';
import { readWrapper, SUBCOMMAND_WRAPPERS, WRAPPERS, type WrapperSpec } from './command-wrappers.js';
import { readGit } from './git-command.js';
import { parseShell, type Redirect } from './shell-syntax.js';
import { readWord, type ShellWord, WordMode } from './shell-words.js';
import { WRITING_COMMANDS, type WriteTarget, writeTargets } from './write-targets.js';

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

/** How deep `bash -c "eval '...'"` is followed. */
export const MAX_DEPTH = 6;
/** Commands (wrapped ones included) read in one content. */
const MAX_STEPS = 4096;
/** Characters of normalised commands produced for one content. */
const MAX_CHARS = 2_000_000;

const SHELLS = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'fish',
  'yash',
  'posh',
  'rbash',
  'tcsh',
  'csh',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
/** Where a redirection writes without touching a file. */
const HARMLESS_TARGET = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '<>', '&>', '&>>', '>&']);
/** Characters after which a rule's prefix pattern never matches. */
const SHELL_CONTROL = /[;&|`\n\r<>]|\$\(/;

/** State of one analysis. */
class Scan {
  readonly candidates = new Set<string>();
  readonly partials = new Set<string>();
  readonly notUnderstood = new Set<string>();
  readonly writes: WriteTarget[] = [];
  readonly directories: WriteTarget[] = [];
  unreadable: string | undefined;
  steps = 0;
  chars = 0;
  /** Only candidates count (a loose reading of text that may not be shell). */
  readonly loose: boolean;

  constructor(loose: boolean) {
    this.loose = loose;
  }

  get over(): boolean {
    return this.unreadable !== undefined && this.unreadable === TOO_MUCH;
  }

  candidate(text: string): void {
    if (this.over) return;
    this.chars += text.length;
    if (this.chars > MAX_CHARS) {
      this.unreadable = TOO_MUCH;
      return;
    }
    this.candidates.add(text);
    // A prefix rule never matches text with a control character: `rm 'a;b'` must still meet `rm:*`.
    const control = text.search(SHELL_CONTROL);
    if (control > 0) this.candidates.add(text.slice(0, control).trimEnd());
  }

  partial(known: string): void {
    if (!this.loose) this.partials.add(known);
  }

  unknown(why: string): void {
    if (!this.loose) this.notUnderstood.add(why);
  }

  /** Every deny rule applies: the command line runs commands that cannot be read from it. */
  opaque(why: string): void {
    if (this.loose) return;
    this.notUnderstood.add(why);
    this.unreadable ??= why;
  }

  step(): boolean {
    this.steps += 1;
    if (this.steps > MAX_STEPS) this.unreadable = TOO_MUCH;
    return !this.over;
  }
}

const TOO_MUCH = 'the command is too long or too deeply nested (wrappers, bash -c, eval) to read whole';

/**
 * Reads a shell command line (bash's syntax) for permission rules: the commands it runs, for
 * deny and ask rules, and everything an allow rule must cover. See the package README,
 * "Shell command rules".
 */
export function analyseShell(content: string): ShellAnalysis {
  const scan = new Scan(false);
  const commands = readScript(content, 0, scan);
  // The loose reading too, for deny rules: a quoted `;` (`git commit -m "a; rm x"`) counts as a
  // separator there. Too much is better than too little.
  const loose = looseCandidates(contentSegments(content));
  for (const candidate of loose.candidates) scan.candidate(candidate);
  if (!loose.complete) scan.unreadable = TOO_MUCH;
  return {
    commands,
    notUnderstood: [...scan.notUnderstood],
    candidates: [...scan.candidates],
    partials: [...scan.partials],
    unreadable: scan.unreadable,
    writes: scan.writes,
    directories: scan.directories,
  };
}

/**
 * The loose reading, for content that may not be a shell command: each chained segment (split
 * on `; && || | & ( ) { } < >` and newlines, even inside quotes) read as words. It only adds
 * candidates for deny rules: too much is better than too little there.
 */
export function looseCandidates(segments: readonly string[]): { candidates: string[]; complete: boolean } {
  const scan = new Scan(true);
  for (const segment of segments) {
    if (scan.over) break;
    scan.candidate(segment);
    if (isPlainCommand(segment)) continue;
    const words = looseWords(segment);
    if (words.length > 0) readCommand(words, 0, scan);
    if (segment.includes('\\\n')) {
      const joined = looseWords(segment.replace(/\\\r?\n/g, ''));
      if (joined.length > 0) readCommand(joined, 0, scan);
    }
  }
  return { candidates: [...scan.candidates], complete: !scan.over };
}

/** Words split on blanks only; an unclosed quote runs to the end. */
function looseWords(text: string): ShellWord[] {
  const words: ShellWord[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && (text[index] === ' ' || text[index] === '\t')) index += 1;
    if (index >= text.length) break;
    const { word } = readWord(text, index, WordMode.Blanks);
    words.push(word);
    index = word.end > index ? word.end : index + 1;
  }
  return words;
}

/** Quotes, backslashes, `$`, globs or blanks a join would collapse: the words differ from the text. */
const NEEDS_READING = /["'\\\t$`*?[{~=]| {2}/;

/** A segment whose reading would give itself: most commands skip the word reader. */
function isPlainCommand(segment: string): boolean {
  if (NEEDS_READING.test(segment)) return false;
  const blank = segment.indexOf(' ');
  const first = blank === -1 ? segment : segment.slice(0, blank);
  return !first.includes('/') && !SPECIAL_COMMANDS.has(first);
}

/** First words that make a segment worth reading word by word. */
const SPECIAL_COMMANDS: ReadonlySet<string> = new Set([
  'then',
  'do',
  'else',
  'elif',
  'if',
  'while',
  'until',
  '!',
  'time',
  'coproc',
  ...SHELLS,
  ...WRAPPERS.keys(),
  ...SUBCOMMAND_WRAPPERS.keys(),
  'eval',
  'find',
  'git',
  'coreutils',
  'alias',
  'source',
  '.',
]);

/** Reads a script: every simple command, its words, redirections and substitutions. */
function readScript(text: string, depth: number, scan: Scan): CommandView[] {
  if (depth > MAX_DEPTH) {
    scan.unreadable = TOO_MUCH;
    return [];
  }
  if (scan.over) return [];
  const script = parseShell(text);
  for (const problem of script.problems) {
    if (/unclosed|without a target|misplaced/.test(problem)) scan.opaque(`a syntax error (${problem})`);
    else scan.unknown(problem);
  }
  const views: CommandView[] = [];
  for (const command of script.commands) {
    if (scan.over) break;
    const all = [
      ...command.assignments,
      ...command.words,
      ...command.redirects.flatMap((redirect) => (redirect.target === undefined ? [] : [redirect.target])),
    ];
    for (const word of all) {
      for (const body of word.substitutions) readScript(body, depth + 1, scan);
      if (!word.literal)
        scan.unknown(`${word.raw}: an expansion, glob or brace the shell resolves when it runs`);
    }
    const writingRedirects = readRedirects(command.redirects, scan);
    if (command.words.length === 0) continue;
    // With its assignments: `GIT_SSH_COMMAND=… git fetch` runs a command too. Offsets count them.
    const reading = readCommand([...command.assignments, ...command.words], depth, scan);
    views.push({
      text: [
        ...command.assignments.map((word) => word.raw),
        ...command.words.map((word) => word.raw),
        ...writingRedirects,
      ].join(' '),
      words: [...command.assignments, ...command.words].map((word) => word.raw),
      risky: reading.risky,
      nested: reading.nested,
    });
  }
  return views;
}

/** Adds the files redirections write; returns the redirections an allow rule must match as text. */
function readRedirects(redirects: readonly Redirect[], scan: Scan): string[] {
  const text: string[] = [];
  for (const { operator, fd, target } of redirects) {
    if (target === undefined) continue;
    const writes = WRITE_REDIRECTS.has(operator);
    // `2>&1`, `>&-`, `<&3`: a descriptor, not a file.
    const duplicates = (operator === '>&' || operator === '<&') && /^(\d+|-)$/.test(target.value);
    if (duplicates && target.literal) continue;
    if (writes && target.literal && HARMLESS_TARGET.test(target.value)) continue;
    if (writes) scan.writes.push({ path: target.value, literal: target.literal, tilde: target.tilde });
    if (operator === '<' && target.literal && HARMLESS_TARGET.test(target.value)) continue;
    text.push(`${fd}${operator} ${target.raw}`);
  }
  return text;
}

interface CommandReading {
  readonly risky: string[];
  readonly nested: NestedCommands[];
}

/** Words that only introduce the command after them. */
const KEYWORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', 'coproc', '{', '(']);

function isPrelude(word: ShellWord): boolean {
  return ASSIGNMENT.test(word.raw) || (word.raw === word.value && KEYWORDS.has(word.value));
}

/** A literal word made by this reader (a brace expansion, a git alias). */
function syntheticWord(value: string): ShellWord {
  return {
    raw: value,
    value,
    start: 0,
    end: 0,
    literal: true,
    splits: false,
    known: value,
    bracesOnly: false,
    quoting: 'q'.repeat(value.length),
    substitutions: [],
    tilde: false,
  };
}

/** The command name bash looks up: the word without a path (`/bin/rm` runs rm). */
function commandName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 || slash === word.length - 1 ? word : word.slice(slash + 1);
}

/**
 * Reads one command given as words (`words[0]` its name, after any assignments): adds its
 * candidates, and returns what an allow rule must cover.
 */
function readCommand(
  input: readonly ShellWord[],
  depth: number,
  scan: Scan,
  placeholders: readonly string[] = [],
): CommandReading {
  const reading: CommandReading = { risky: [], nested: [] };
  if (depth > MAX_DEPTH) {
    scan.unreadable = TOO_MUCH;
    return reading;
  }
  if (!scan.step()) return reading;
  let start = 0;
  // Assignments and keywords only introduce the command after them.
  while (start < input.length && isPrelude(input[start] as ShellWord)) start += 1;
  readEnvironment(input.slice(0, start), scan, depth);
  let words = input.slice(start);
  if (words.length === 0) return reading;
  if (words.some((word) => word.bracesOnly)) {
    // Brace expansion is certain: read the words it gives (bash drops the empty ones).
    const expanded: ShellWord[] = [];
    for (const word of words) {
      const values = word.bracesOnly ? expandBraces(word.value, word.quoting) : undefined;
      if (values === undefined) expanded.push(word);
      else expanded.push(...values.filter((value) => value !== '').map(syntheticWord));
    }
    words = expanded;
    if (words.length === 0) return reading;
  }
  const first = words[0] as ShellWord;
  if (placeholders.some((placeholder) => first.value.includes(placeholder))) {
    // `find . -exec {} \;` runs every file it finds as a command.
    scan.partial('');
    scan.opaque(`${first.raw}: a command word filled in when it runs`);
    return reading;
  }
  if (!first.literal) {
    const known = first.known.includes('/') ? '' : first.known;
    scan.partial(known);
    if (!scan.loose && known === '')
      scan.unreadable ??= `the command word ${first.raw} is known only when the shell runs it`;
    return reading;
  }
  const name = commandName(first.value);
  emit(scan, first.value, name, words);
  const offset = start + (words === input.slice(start) ? 0 : 0);
  const view = (from: number, sub: CommandReading, subWords: readonly ShellWord[]): void => {
    reading.nested.push({
      offset: from + offset,
      commands: [
        {
          text: subWords.map((word) => word.raw).join(' '),
          words: subWords.map((word) => word.raw),
          risky: sub.risky,
          nested: sub.nested,
        },
      ],
    });
  };
  const script = (text: string, word: ShellWord): void => {
    if (!word.literal) {
      scan.opaque(`${word.raw}: a command string known only when the shell runs it`);
      return;
    }
    reading.nested.push({ offset: undefined, commands: readScript(text, depth + 1, scan) });
  };
  const argv = (from: number, note = true, filled: readonly string[] = []): void => {
    const subWords = words.slice(from);
    if (subWords.length === 0) return;
    const sub = readCommand(subWords, depth + 1, scan, filled);
    if (note) view(from, sub, subWords);
  };

  const subcommandWrapper = SUBCOMMAND_WRAPPERS.get(name)?.get(words[1]?.value ?? '');
  const wrapper: WrapperSpec | undefined = WRAPPERS.get(name) ?? subcommandWrapper;
  if (name === 'coreutils' && words[1]?.value.startsWith('--coreutils-prog=') === true) {
    const applet = syntheticWord((words[1] as ShellWord).value.slice('--coreutils-prog='.length));
    const sub = readCommand([applet, ...words.slice(2)], depth + 1, scan);
    view(1, sub, words.slice(1));
  } else if (wrapper !== undefined) {
    readWrapped(wrapper, words, subcommandWrapper === undefined ? 1 : 2, name, scan, { script, argv, depth });
  } else if (SHELLS.has(name)) {
    readShell(words, scan, script, placeholders);
  } else if (name === 'eval') {
    const rest = words.slice(1);
    if (rest.some((word) => !word.literal)) scan.opaque('eval of words known only when the shell runs it');
    else if (rest.length > 0)
      reading.nested.push({
        offset: undefined,
        commands: readScript(rest.map((word) => word.value).join(' '), depth + 1, scan),
      });
  } else if (name === 'source' || name === '.') {
    const file = words[1];
    if (
      file !== undefined &&
      (!file.literal || /^(\/dev\/(stdin|fd\/)|\/proc\/self\/fd\/|-$)/.test(file.value))
    ) {
      scan.opaque(`${name} ${file.raw}: commands read from a stream`);
    }
  } else if (name === 'alias') {
    scan.unknown('alias: an alias changes what a later command word runs');
    for (const word of words.slice(1)) {
      const equals = word.value.indexOf('=');
      if (equals !== -1) script(word.value.slice(equals + 1), word);
    }
  } else if (name === 'find') {
    readFind(words, scan, reading, argv);
  } else if (name === 'git') {
    readGitCommand(words, depth, scan, reading, script, argv);
  } else if (name === 'cd' || name === 'pushd') {
    const directory = words.slice(1).find((word) => !word.value.startsWith('-') || word.value === '-');
    if (directory === undefined || directory.value === '-')
      scan.directories.push({ path: '~', literal: directory === undefined, tilde: true });
    else scan.directories.push({ path: directory.value, literal: directory.literal, tilde: directory.tilde });
  } else if (name === 'popd') {
    scan.directories.push({ path: '', literal: false, tilde: false });
  }
  reading.risky.push(...riskyOptions(name, words, 1));
  if (WRITING_COMMANDS.has(name) && !scan.loose) scan.writes.push(...writeTargets(name, words, 1));
  return reading;

  function readWrapped(
    spec: WrapperSpec,
    all: readonly ShellWord[],
    from: number,
    wrapperName: string,
    state: Scan,
    run: { script: typeof script; argv: typeof argv; depth: number },
  ): void {
    const result = readWrapper(spec, all, from);
    if (result.splitAt !== undefined) {
      state.partial('');
      state.opaque(`${wrapperName}: an argument known only when the shell runs it`);
    }
    for (const value of result.commandStrings) run.script(value.text, value.word);
    for (const directory of result.directories)
      state.directories.push({ path: directory.value, literal: directory.literal, tilde: directory.tilde });
    if (spec.runs === 'none') return;
    const starts = result.starts.filter((index) => index < all.length);
    if (spec.runs === 'joined') {
      for (const index of starts) {
        const rest = all.slice(index);
        const upTo = wrapperName === 'parallel' ? rest.findIndex((word) => word.value.startsWith(':::')) : -1;
        const commandWords = upTo === -1 ? rest : rest.slice(0, upTo);
        if (commandWords.some((word) => !word.literal)) {
          state.opaque(`${wrapperName}: a command known only when the shell runs it`);
          continue;
        }
        const joined = commandWords.map((word) => word.value).join(' ');
        if (joined !== '')
          reading.nested.push({ offset: undefined, commands: readScript(joined, run.depth + 1, state) });
        if (wrapperName === 'parallel' && upTo === 0) {
          // `parallel ::: 'rm x'` runs each argument as a command.
          for (const word of rest.slice(1)) run.script(word.value, word);
        }
      }
      if (starts.length > 1 || result.ambiguous) state.unknown(`${wrapperName}: options that are not known`);
      return;
    }
    const lookOnly =
      wrapperName === 'command' && all.slice(1).some((word) => /^-[pvV]*[vV]/.test(word.value));
    starts.forEach((index, position) => {
      run.argv(
        index,
        position === 0 && !lookOnly,
        wrapperName === 'xargs' ? xargsPlaceholders(all, index) : [],
      );
    });
    if (starts.length > 1 || result.ambiguous)
      state.unknown(`${wrapperName}: options that are not known, so where its command starts is not certain`);
  }
}

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
function readEnvironment(assignments: readonly ShellWord[], scan: Scan, depth: number): void {
  for (const word of assignments) {
    const equals = word.value.indexOf('=');
    const name = word.value.slice(0, equals).replace(/\+$/, '');
    if (COMMAND_VARIABLES.has(name)) {
      if (word.literal) readScript(word.value.slice(equals + 1), depth + 1, scan);
      else scan.opaque(`${name}: a command known only when the shell runs it`);
    }
    // `GIT_CONFIG_PARAMETERS="'alias.p=push'" git p`: any git subcommand may be meant.
    if (GIT_CONFIG_VARIABLES.test(name)) {
      scan.partial('git ');
      scan.unknown(`${name}: git settings from the environment`);
    }
  }
}

/** Adds the command both ways: arguments as written, and every word unquoted. */
function emit(scan: Scan, written: string, name: string, words: readonly ShellWord[]): void {
  const rest = words.slice(1);
  const values = rest.map((word) => word.value);
  scan.candidate([name, ...values].join(' '));
  scan.candidate([name, ...rest.map((word) => word.raw)].join(' '));
  if (written !== name) scan.candidate([written, ...values].join(' '));
  const unknown = rest.findIndex((word) => !word.literal);
  if (unknown !== -1)
    scan.partial([name, ...values.slice(0, unknown), (rest[unknown] as ShellWord).known].join(' '));
  emitAfterLeadingOptions(scan, name, words);
}

/** How many readings without leading options {@link emitAfterLeadingOptions} adds per command. */
const MAX_OPTION_READINGS = 16;

/**
 * `npm --silent run deploy`, `docker -H x run`: a deny rule on `npm run deploy:*` must meet the
 * subcommand after the command's own options. Each reading of its leading options (with or
 * without a value, when not attached by `=`) that reaches an operand adds `name operand ...`.
 */
function emitAfterLeadingOptions(scan: Scan, name: string, words: readonly ShellWord[]): void {
  if (!(words[1]?.value.startsWith('-') ?? false)) return;
  const seen = new Set<number>();
  let positions = [1];
  let readings = 0;
  while (positions.length > 0 && readings < MAX_OPTION_READINGS) {
    const next: number[] = [];
    for (const position of positions) {
      if (seen.has(position)) continue;
      seen.add(position);
      const word = words[position];
      if (word === undefined) continue;
      const value = word.value;
      if (value === '--' || !value.startsWith('-') || value === '-') {
        const from = value === '--' ? position + 1 : position;
        if (from < words.length && readings < MAX_OPTION_READINGS) {
          readings += 1;
          scan.candidate([name, ...words.slice(from).map((item) => item.value)].join(' '));
        }
        continue;
      }
      next.push(position + 1);
      if (!value.includes('=')) next.push(position + 2);
    }
    positions = next;
  }
}

/** What `xargs` replaces in its command with input (`{}`, and its `-I`/`--replace` string). */
function xargsPlaceholders(words: readonly ShellWord[], end: number): string[] {
  const placeholders = ['{}'];
  for (let index = 1; index < end; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value === '-I') placeholders.push(words[index + 1]?.value ?? '{}');
    else if (value.startsWith('-I') || value.startsWith('-i')) placeholders.push(value.slice(2) || '{}');
    else if (value.startsWith('--replace=')) placeholders.push(value.slice('--replace='.length) || '{}');
  }
  return placeholders.filter((placeholder) => placeholder !== '');
}

/** `bash -c 'script' $0 $1 ...`, `bash file`, or `bash` reading its input. */
function readShell(
  words: readonly ShellWord[],
  scan: Scan,
  script: (text: string, word: ShellWord) => void,
  placeholders: readonly string[],
): void {
  if (placeholders.length > 0) {
    // `find -exec sh -c {} \;`, `… | xargs sh -c`: the command string is data filled in at run time.
    const filled = words.some((word) => placeholders.some((placeholder) => word.value.includes(placeholder)));
    const cAt = words.findIndex((word, index) => index > 0 && /^-[a-zA-Z]*c[a-zA-Z]*$/.test(word.value));
    if (filled || (cAt !== -1 && cAt === words.length - 1)) {
      scan.opaque(`${words[0]?.raw}: a command string filled in when it runs`);
      return;
    }
  }
  let hasC = false;
  let readsInput = false;
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index] as ShellWord;
    const value = word.value;
    if (word.splits) {
      scan.opaque(`${word.raw}: a shell argument known only when the shell runs it`);
      return;
    }
    if (value === '--' || value === '-') {
      const next = words[index + 1];
      if (hasC && next !== undefined) script(withPositionals(next.value, words.slice(index + 2)), next);
      else if (next === undefined) readsInput = true;
      break;
    }
    if ((value.startsWith('-') || value.startsWith('+')) && value.length > 1) {
      if (!value.startsWith('--')) {
        if (value.slice(1).includes('c')) hasC = true;
        if (value.slice(1).includes('s')) readsInput = true;
        // -o/+o take an option name; -O/+O (bash shopt) too.
        if (/^[-+][a-zA-Z]*[oO]$/.test(value)) index += 1;
      }
      if (index === words.length - 1 && !hasC) readsInput = true;
      continue;
    }
    if (hasC) script(withPositionals(value, words.slice(index + 1)), word);
    else if (readsInput) break;
    else if (!word.literal || /^(\/dev\/(stdin|fd\/)|\/proc\/self\/fd\/)/.test(value)) {
      scan.opaque(`${words[0]?.raw} ${word.raw}: a script read from a stream`);
    }
    return;
  }
  if (hasC) return;
  if (
    readsInput ||
    words.length === 1 ||
    words.slice(1).every((word) => word.value.startsWith('-') || word.value.startsWith('+'))
  ) {
    scan.opaque(`${words[0]?.raw}: a shell reading its commands from its input`);
  }
}

/**
 * `sh -c '$0 -rf x' rm` runs `rm -rf x`: the positional parameters of a `-c` string, replaced
 * by the words given after it when they are literals.
 */
function withPositionals(text: string, args: readonly ShellWord[]): string {
  if (args.length === 0 || args.some((word) => !word.literal)) return text;
  const quote = (value: string): string => `'${value.replace(/'/g, "'\\''")}'`;
  const all = args
    .slice(1)
    .map((word) => quote(word.value))
    .join(' ');
  return text.replace(
    /"?\$(?:\{(\d+|[@*])\}|(\d|[@*]))"?/g,
    (match, braced: string | undefined, bare: string | undefined) => {
      const key = braced ?? bare ?? '';
      if (key === '@' || key === '*') return all;
      const word = args[Number(key)];
      return word === undefined ? match : quote(word.value);
    },
  );
}

/** `find` runs commands (`-exec`), deletes (`-delete`) and writes files (`-fprint`). */
function readFind(
  words: readonly ShellWord[],
  scan: Scan,
  reading: CommandReading,
  argv: (from: number, note?: boolean, filled?: readonly string[]) => void,
): void {
  const startPoints: string[] = [];
  let index = 1;
  for (; index < words.length; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value.startsWith('-') || value === '(' || value === '!') break;
    startPoints.push(value);
  }
  for (; index < words.length; index += 1) {
    const value = (words[index] as ShellWord).value;
    if (value === '-exec' || value === '-execdir' || value === '-ok' || value === '-okdir') {
      reading.risky.push(value);
      let end = index + 1;
      while (end < words.length && !isExecEnd(words, end)) end += 1;
      const sub = words.slice(index + 1, end);
      if (sub.length > 0) {
        const before = reading.nested.length;
        argv(index + 1, true, ['{}']);
        // The command ends at `;` or `{} +`: its view must not take the rest of find's words.
        const added = reading.nested[before];
        if (added !== undefined && added.commands[0] !== undefined) {
          const view = added.commands[0];
          reading.nested[before] = {
            offset: added.offset,
            commands: [
              { ...view, text: sub.map((word) => word.raw).join(' '), words: sub.map((word) => word.raw) },
            ],
          };
        }
      }
      index = end;
    } else if (value === '-delete') {
      reading.risky.push(value);
      const points = startPoints.length === 0 ? ['.'] : startPoints;
      scan.candidate(['rm', '-rf', ...points].join(' '));
      scan.candidate(['rm', ...points].join(' '));
      if (!scan.loose)
        for (const point of points) scan.writes.push({ path: point, literal: true, tilde: false });
    } else if (value === '-fprint' || value === '-fprint0' || value === '-fprintf' || value === '-fls') {
      reading.risky.push(value);
      const file = words[index + 1];
      if (file !== undefined && !scan.loose)
        scan.writes.push({ path: file.value, literal: file.literal, tilde: file.tilde });
    }
  }
}

function isExecEnd(words: readonly ShellWord[], index: number): boolean {
  const value = (words[index] as ShellWord).value;
  return value === ';' || (value === '+' && words[index - 1]?.value === '{}');
}

/** git: global options skipped, `-c` settings that run code read as commands, aliases expanded. */
function readGitCommand(
  words: readonly ShellWord[],
  depth: number,
  scan: Scan,
  reading: CommandReading,
  script: (text: string, word: ShellWord) => void,
  argv: (from: number, note?: boolean, filled?: readonly string[]) => void,
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
    const expansion = looseWords(git.alias.expansion).map((word) => syntheticWord(word.value));
    readCommand([syntheticWord('git'), ...expansion, ...words.slice(git.subcommand + 1)], depth + 1, scan);
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
