import { commandName, MAX_DEPTH, Scan, syntheticWord, TOO_MUCH } from './analysis-scan.js';
import { expandBraces } from './brace-expansion.js';
import { riskyOptions } from './command-options.js';
import { commandValues, FD_PLACEHOLDERS } from './command-values.js';
import { readEnvironment } from './command-variables.js';
import type { CommandReading, CommandView, ShellAnalysis } from './command-view.js';
import { readWrapper, SUBCOMMAND_WRAPPERS, WRAPPERS, type WrapperSpec } from './command-wrappers.js';
import { contentSegments } from './content-segments.js';
import { emit } from './deny-candidates.js';
import { readFind } from './find-command.js';
import { readGitCommand } from './git-analysis.js';
import { readShell, SHELLS, xargsPlaceholders } from './nested-shells.js';
import { parseShell, type Redirect } from './shell-syntax.js';
import { readWords, type ShellWord } from './shell-words.js';
import { WRITING_COMMANDS, writeTargets } from './write-targets.js';

export type { CommandView, NestedCommands, ShellAnalysis } from './command-view.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
/** Where a redirection writes without touching a file. */
const HARMLESS_TARGET = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '<>', '&>', '&>>', '>&']);
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
    const words = readWords(segment);
    if (words.length > 0) readCommand(words, 0, scan);
    if (segment.includes('\\\n')) {
      const joined = readWords(segment.replace(/\\\r?\n/g, ''));
      if (joined.length > 0) readCommand(joined, 0, scan);
    }
  }
  return { candidates: [...scan.candidates], complete: !scan.over };
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

/** Words that only introduce the command after them. */
const KEYWORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', 'coproc', '{', '(']);

function isPrelude(word: ShellWord): boolean {
  return ASSIGNMENT.test(word.raw) || (word.raw === word.value && KEYWORDS.has(word.value));
}

/** How many commands wrapped in one another (`nohup nice sudo …`) are read. */
const MAX_CHAIN = 64;

/**
 * Reads one command given as words (`words[0]` its name, after any assignments): adds its
 * candidates, and returns what an allow rule must cover. `placeholders` are words filled in at
 * run time (`find -exec`'s `{}`); `chain` counts the wrappers around it.
 */
function readCommand(
  input: readonly ShellWord[],
  depth: number,
  scan: Scan,
  placeholders: readonly string[] = [],
  chain = 0,
): CommandReading {
  const reading: CommandReading = { risky: [], nested: [] };
  if (depth > MAX_DEPTH || chain > MAX_CHAIN) {
    scan.unreadable = TOO_MUCH;
    return reading;
  }
  if (!scan.step()) return reading;
  let start = 0;
  // Assignments and keywords only introduce the command after them.
  while (start < input.length && isPrelude(input[start] as ShellWord)) start += 1;
  readEnvironment(input.slice(0, start), scan, (text) => readScript(text, depth + 1, scan));
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
    const sub = readCommand(subWords, depth, scan, filled, chain + 1);
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
    readGitCommand(words, depth, scan, reading, script, argv, (expanded) => {
      readCommand(expanded, depth + 1, scan);
    });
  }
  const values = commandValues(name, words);
  for (const value of values.scripts) script(value.text, value.word);
  if (values.argvFrom !== undefined) argv(values.argvFrom, true, FD_PLACEHOLDERS);
  if (values.fromInput !== undefined) scan.opaque(values.fromInput);
  if (name === 'cd' || name === 'pushd') {
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
