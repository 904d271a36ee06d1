import { contentSegments } from './permission-rule.js';

/**
 * The commands a deny or ask content rule is matched against, for shell-like content: the whole
 * content, each chained segment ({@link contentSegments}), and each segment normalised so that
 * the command really run stands at its start:
 *
 * - leading `VAR=value` assignments are dropped (`FOO=1 rm x`);
 * - shell keywords are dropped (`then rm x`, `! rm x`);
 * - wrapper commands and their options are dropped (`sudo -u root rm x`, `env -i rm x`,
 *   `time -p rm x`, `timeout 5 rm x`, `xargs -0 rm`, `nice -n 5 rm x`, `find . -exec rm {} ;`
 *   ...); an option the table does not know is read both ways (with and without a value);
 * - quotes and backslashes on the command word are removed (`"rm"`, `\rm`, `r''m`, `$'\x72m'`,
 *   a backslash-newline) and so is a path prefix (`/bin/rm`, `./rm`);
 * - the string of `bash|sh|zsh|... -c "<string>"`, `su -c "<string>"`, `env -S "<string>"` and of
 *   `eval <words>` is read as commands itself (a few levels deep; deeper, or too long, and the
 *   result says it is not `complete`).
 *
 * Each normalised command appears twice: with its arguments as written, and with every word
 * unquoted and joined by one space (so `git "push"` meets an exact rule `git push`).
 *
 * This widens only deny and ask rules; allow rules match the content as written. It is a
 * tokenizer, not a shell: it cannot see what a variable, an alias, a function, a script file,
 * `$(...)` output used as a command word, brace or glob expansion, or a here-document will run
 * (`$CMD x`, `r$@m`, `bash ./script.sh`, `python -c ...` all escape it). It also judges
 * substitutions inside quotes as commands and `echo "a; rm x"` as containing `rm x`: for deny
 * rules, too much is better than too little.
 */
export function commandCandidates(content: string): CommandCandidates {
  const scan: Scan = { found: new Set(), steps: 0, chars: 0, complete: true };
  collect(content, 0, scan);
  // A backslash-newline is no separator to a shell: `r\<newline>m x` runs `rm x`.
  if (content.includes('\\\n')) collect(content.replace(LINE_CONTINUATION, ''), 0, scan);
  return { commands: [...scan.found], complete: scan.complete };
}

/** What {@link commandCandidates} found. */
export interface CommandCandidates {
  readonly commands: readonly string[];
  /**
   * False when the content was too deeply nested or too long to read whole (more than
   * {@link MAX_DEPTH} levels of `bash -c`/`eval`, {@link MAX_STEPS} commands, or
   * {@link MAX_CHARS} characters of candidates): a caller should fail closed.
   */
  readonly complete: boolean;
}

const LINE_CONTINUATION = /\\\r?\n/g;

/** How deep `bash -c "eval '...'"` is followed. */
const MAX_DEPTH = 6;
/** Commands (wrapped ones included) read in one content. */
const MAX_STEPS = 4096;
/** Characters of normalised commands produced for one content. */
const MAX_CHARS = 2_000_000;

interface Scan {
  readonly found: Set<string>;
  steps: number;
  chars: number;
  complete: boolean;
}

function collect(content: string, depth: number, scan: Scan): void {
  if (depth > MAX_DEPTH) {
    scan.complete = false;
    return;
  }
  for (const segment of contentSegments(content)) {
    if (!scan.complete) return;
    scan.found.add(segment);
    if (!isPlainCommand(segment)) walk(segment, tokenize(segment), depth, scan);
  }
}

/** Quotes, backslashes, or blanks a join would collapse: the unquoted form differs from the text. */
const NEEDS_TOKENIZING = /["'\\\t]| {2}/;

/**
 * True when normalising `segment` would give `segment` itself: no quoting, single blanks, and a
 * first word that is neither an assignment, a path, a keyword, a wrapper, a shell, `eval` nor
 * `find`. Most commands are plain; they skip the tokenizer.
 */
function isPlainCommand(segment: string): boolean {
  if (NEEDS_TOKENIZING.test(segment)) return false;
  const blank = segment.indexOf(' ');
  const first = blank === -1 ? segment : segment.slice(0, blank);
  return !first.includes('/') && !first.includes('=') && !SPECIAL_WORDS.has(first);
}

interface Token {
  /** The word with quotes and backslashes removed. */
  readonly value: string;
  /** The word as written. */
  readonly raw: string;
  /** Offset in the segment just after the word. */
  readonly end: number;
}

/** Splits on blanks outside quotes; an unclosed quote runs to the end. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const length = text.length;
  let index = 0;
  while (index < length) {
    while (index < length && isBlank(text.charCodeAt(index))) index += 1;
    if (index >= length) break;
    const start = index;
    let value = '';
    while (index < length) {
      const code = text.charCodeAt(index);
      if (isBlank(code)) break;
      if (code === BACKSLASH) {
        value += text[index + 1] ?? '';
        index += 2;
      } else if (code === DOLLAR && text.charCodeAt(index + 1) === SINGLE_QUOTE) {
        // ANSI-C quoting: bash runs `$'\x72m'` as `rm`.
        index = readAnsiC(text, index + 2, (part) => {
          value += part;
        });
      } else if (code === DOLLAR && text.charCodeAt(index + 1) === DOUBLE_QUOTE) {
        // `$"..."` (a translated string) is a double-quoted string.
        index += 1;
      } else if (code === SINGLE_QUOTE) {
        const close = text.indexOf("'", index + 1);
        const stop = close === -1 ? length : close;
        value += text.slice(index + 1, stop);
        index = stop + 1;
      } else if (code === DOUBLE_QUOTE) {
        index = readDoubleQuoted(text, index + 1, (part) => {
          value += part;
        });
      } else {
        // A run of plain characters at once.
        let stop = index + 1;
        while (stop < length && isPlain(text.charCodeAt(stop))) stop += 1;
        value += text.slice(index, stop);
        index = stop;
      }
    }
    const end = Math.min(index, length);
    tokens.push({ value, raw: text.slice(start, end), end });
  }
  return tokens;
}

const BACKSLASH = 92;
const SINGLE_QUOTE = 39;
const DOUBLE_QUOTE = 34;
const DOLLAR = 36;

/** Reads a `$'...'` string from `from` (after the quote), decoding its escapes; returns the index after it. */
function readAnsiC(text: string, from: number, append: (part: string) => void): number {
  let index = from;
  while (index < text.length && text.charCodeAt(index) !== SINGLE_QUOTE) {
    index += text.charCodeAt(index) === BACKSLASH ? 2 : 1;
  }
  const body = text.slice(from, Math.min(index, text.length));
  append(body.replace(ANSI_C_ESCAPE, decodeAnsiC));
  return index + 1;
}

const ANSI_C_ESCAPE = /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c[\s\S]|[\s\S])/g;
const ANSI_C_SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

function decodeAnsiC(_match: string, sequence: string): string {
  const kind = sequence[0] as string;
  if (kind === 'x' || kind === 'u' || kind === 'U')
    return safeCodePoint(Number.parseInt(sequence.slice(1), 16));
  if (kind >= '0' && kind <= '7') return safeCodePoint(Number.parseInt(sequence, 8));
  if (kind === 'c' && sequence.length === 2) return String.fromCharCode(sequence.charCodeAt(1) & 0x1f);
  return Object.hasOwn(ANSI_C_SIMPLE, kind) ? (ANSI_C_SIMPLE[kind] as string) : kind;
}

function safeCodePoint(code: number): string {
  return code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function isPlain(code: number): boolean {
  return !isBlank(code) && code !== BACKSLASH && code !== SINGLE_QUOTE && code !== DOUBLE_QUOTE;
}

/** Reads a double-quoted string from `index` (after the quote); returns the index after the closing quote. */
function readDoubleQuoted(text: string, from: number, append: (part: string) => void): number {
  let index = from;
  let runStart = index;
  while (index < text.length && text.charCodeAt(index) !== DOUBLE_QUOTE) {
    const next = text[index + 1];
    if (text.charCodeAt(index) === BACKSLASH && next !== undefined && '"\\$`'.includes(next)) {
      append(text.slice(runStart, index) + next);
      index += 2;
      runStart = index;
    } else {
      index += 1;
    }
  }
  append(text.slice(runStart, Math.min(index, text.length)));
  return index + 1;
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/** Words that only introduce the command after them. */
const KEYWORDS = new Set(['then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', 'coproc']);

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'fish']);

/**
 * Commands that run the command after their options (and after `operands` fixed operands):
 * per wrapper, the options that take a value (short letters, and long names without `--`) and
 * those known not to. An unknown option is read both ways.
 */
interface Wrapper {
  readonly withValue: ReadonlySet<string>;
  readonly withoutValue: ReadonlySet<string>;
  readonly operands: number;
  /** `-c`/`-S`-like options whose value is a command string. */
  readonly commandString?: ReadonlySet<string>;
}

function wrapper(withValue: string, withoutValue: string, operands = 0, commandString = ''): Wrapper {
  const set = (list: string) => new Set(list.split(' ').filter((item) => item !== ''));
  return {
    withValue: set(withValue),
    withoutValue: set(withoutValue),
    operands,
    commandString: set(commandString),
  };
}

const SUDO = wrapper(
  'u g C D h p r t T U user group close-from chdir host prompt role type command-timeout other-user',
  'A b E e H i K k l n P S s V v B N R askpass background preserve-env edit set-home login non-interactive preserve-groups stdin shell',
);

const WRAPPERS: ReadonlyMap<string, Wrapper> = new Map([
  ['sudo', SUDO],
  ['doas', wrapper('u C', 'n s L')],
  ['run0', wrapper('u g D user group chdir description property slice nice setenv', 'background')],
  ['pkexec', wrapper('user', 'disable-internal-agent keep-cwd')],
  ['command', wrapper('', 'p v V')],
  ['builtin', wrapper('', '')],
  ['env', wrapper('u C unset chdir P', 'i 0 v ignore-environment null debug', 0, 'S split-string')],
  ['nohup', wrapper('', '')],
  // `busybox rm x` runs its `rm` applet (and `busybox sh -c` a shell).
  ['busybox', wrapper('', '')],
  ['time', wrapper('f o format output', 'p a v q append verbose quiet portability')],
  ['exec', wrapper('a', 'c l')],
  ['nice', wrapper('n adjustment', '')],
  ['ionice', wrapper('c n p P u class classdata', 't ignore')],
  [
    'xargs',
    wrapper(
      'a d E I L l n P s arg-file delimiter eof replace max-lines max-args max-procs max-chars process-slot-var',
      '0 e i o p r t x null no-run-if-empty interactive verbose exit open-tty show-limits',
    ),
  ],
  ['timeout', wrapper('k s kill-after signal', 'v foreground preserve-status verbose', 1)],
  ['stdbuf', wrapper('i o e input output error', '')],
  ['setsid', wrapper('', 'c f w ctty fork wait')],
  ['chrt', wrapper('T P D sched-runtime sched-period sched-deadline', 'a b d f i o r m p R v all-tasks', 1)],
  ['taskset', wrapper('', 'a c p all-tasks cpu-list', 1)],
  [
    'flock',
    wrapper(
      'w E conflict-exit-code timeout',
      's x u n o shared exclusive unlock nonblock close',
      1,
      'c command',
    ),
  ],
  ['chroot', wrapper('userspec groups', 'skip-chdir', 1)],
  ['unbuffer', wrapper('', 'p')],
  ['nocorrect', wrapper('', '')],
  ['noglob', wrapper('', '')],
  ['caffeinate', wrapper('t w', 'd i m s u')],
  ['watch', wrapper('n d interval differences', 'b c e g t x beep color errexit chgexit no-title exec')],
  ['su', wrapper('g G s group supp-group shell', 'l m p f login preserve-environment', 0, 'c command')],
  ['sg', wrapper('', '', 1, 'c')],
]);

/** `find` runs the command after `-exec` and its siblings. */
const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/** First words that make a segment worth tokenizing. */
const SPECIAL_WORDS: ReadonlySet<string> = new Set([
  ...KEYWORDS,
  ...SHELLS,
  ...WRAPPERS.keys(),
  'eval',
  'find',
]);

/**
 * Adds every command of one segment to `scan.found`: the one at its start and every one it
 * wraps. A work list, not recursion: a chain of wrappers can be as long as the content.
 */
function walk(segment: string, tokens: readonly Token[], depth: number, scan: Scan): void {
  const pending = [0];
  const visited = new Set<number>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    let index = next;
    // Assignments and keywords only introduce the command after them.
    while (index < tokens.length && isPrelude(tokens[index] as Token)) index += 1;
    if (index >= tokens.length || visited.has(index)) continue;
    visited.add(index);
    if (!emit(scan, segment, tokens, index)) return;
    const token = tokens[index] as Token;
    const name = commandName(token.value);
    // A quoted command word with blanks (`"rm -rf x"`, as `watch` or `eval` take it) is a command too.
    if (/\s/.test(token.value)) collect(token.value, depth + 1, scan);
    if (name === 'eval') {
      const words = tokens.slice(index + 1).map((word) => word.value);
      if (words.length > 0) collect(words.join(' '), depth + 1, scan);
    } else if (name === 'find') {
      for (let at = index + 1; at < tokens.length; at += 1) {
        if (FIND_EXEC.has((tokens[at] as Token).value)) pending.push(at + 1);
      }
    } else if (SHELLS.has(name)) {
      const script = shellCommandString(tokens, index + 1);
      if (script !== undefined) collect(script, depth + 1, scan);
    } else {
      const spec = WRAPPERS.get(name);
      if (spec !== undefined) pending.push(...wrappedStarts(spec, tokens, index + 1, depth, scan));
    }
    if (!scan.complete) return;
  }
}

function isPrelude(token: Token): boolean {
  return ASSIGNMENT.test(token.raw) || KEYWORDS.has(token.value);
}

/** Adds the command at `tokens[index]` both ways; false (and `complete` false) once over budget. */
function emit(scan: Scan, segment: string, tokens: readonly Token[], index: number): boolean {
  const token = tokens[index] as Token;
  const name = commandName(token.value);
  const asWritten = `${name}${segment.slice(token.end)}`;
  const unquoted = [name, ...tokens.slice(index + 1).map((word) => word.value)].join(' ');
  scan.steps += 1;
  scan.chars += asWritten.length + unquoted.length;
  if (scan.steps > MAX_STEPS || scan.chars > MAX_CHARS) {
    scan.complete = false;
    return false;
  }
  scan.found.add(asWritten);
  scan.found.add(unquoted);
  return true;
}

/** The command word without quotes, backslashes (already gone) or a path prefix: `/bin/rm` is `rm`. */
function commandName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 || slash === word.length - 1 ? word : word.slice(slash + 1);
}

/** The string a shell runs with `-c` (`bash -c`, `sh -ec`, `bash -o pipefail -c`), if it has one. */
function shellCommandString(tokens: readonly Token[], from: number): string | undefined {
  let hasC = false;
  for (let index = from; index < tokens.length; index += 1) {
    const word = (tokens[index] as Token).value;
    if (word === '--' || word === '-') {
      return hasC ? tokens[index + 1]?.value : undefined;
    }
    if ((word.startsWith('-') || word.startsWith('+')) && word.length > 1) {
      if (!word.startsWith('--')) {
        if (word.slice(1).includes('c')) hasC = true;
        // -o/+o take an option name; -O/+O (bash shopt) too.
        if (/^[-+][a-zA-Z]*[oO]$/.test(word)) index += 1;
      }
      continue;
    }
    return hasC ? word : undefined;
  }
  return undefined;
}

/**
 * Where the wrapped command may start, after the wrapper's options and operands: several
 * answers when an unknown option may or may not take a value. The string of a command-string
 * option (`su -c`, `env -S`) is read as commands right away.
 */
function wrappedStarts(
  spec: Wrapper,
  tokens: readonly Token[],
  from: number,
  depth: number,
  scan: Scan,
): number[] {
  if (spec.commandString !== undefined && spec.commandString.size > 0) {
    // `su root -c "rm x"`: a command-string option may follow an operand.
    for (let index = from; index < tokens.length; index += 1) {
      const word = (tokens[index] as Token).value;
      if (!word.startsWith('-') || word === '-' || word === '--') continue;
      const script = readOption(spec, word).commandString;
      const text = script === '' ? tokens[index + 1]?.value : script;
      if (text !== undefined) collect(text, depth + 1, scan);
    }
  }
  const starts: number[] = [];
  const seen = new Set<number>();
  let positions = [from];
  while (positions.length > 0) {
    const next: number[] = [];
    for (const index of positions) {
      if (seen.has(index)) continue;
      seen.add(index);
      const word = tokens[index]?.value;
      if (word === undefined) continue;
      if (word === '--') {
        starts.push(index + 1 + spec.operands);
      } else if (/^-\d+$/.test(word)) {
        // `nice -10 rm`: a numeric option is an adjustment, never the command.
        next.push(index + 1);
      } else if (!word.startsWith('-') || word === '-') {
        starts.push(index + spec.operands);
      } else {
        const { takesValue } = readOption(spec, word);
        if (takesValue !== false) next.push(index + 2);
        if (takesValue !== true) next.push(index + 1);
      }
    }
    positions = next;
  }
  return starts;
}

interface OptionReading {
  /** True: the next word is its value; false: it has none (or it is attached); undefined: unknown. */
  readonly takesValue: boolean | undefined;
  /** The command string it carries: `''` when it is the next word. */
  readonly commandString: string | undefined;
}

function readOption(spec: Wrapper, word: string): OptionReading {
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    const name = word.slice(2, equals === -1 ? undefined : equals);
    const isCommand = spec.commandString?.has(name) === true;
    if (equals !== -1) {
      return { takesValue: false, commandString: isCommand ? word.slice(equals + 1) : undefined };
    }
    if (isCommand) return { takesValue: true, commandString: '' };
    if (spec.withValue.has(name)) return { takesValue: true, commandString: undefined };
    if (spec.withoutValue.has(name)) return { takesValue: false, commandString: undefined };
    return { takesValue: undefined, commandString: undefined };
  }
  // A cluster of short options: the first one taking a value takes the rest, or the next word.
  for (let offset = 1; offset < word.length; offset += 1) {
    const letter = word[offset] as string;
    const rest = word.slice(offset + 1);
    if (spec.commandString?.has(letter) === true) {
      return rest === ''
        ? { takesValue: true, commandString: '' }
        : { takesValue: false, commandString: rest };
    }
    if (spec.withValue.has(letter)) return { takesValue: rest === '', commandString: undefined };
    if (!spec.withoutValue.has(letter)) return { takesValue: undefined, commandString: undefined };
  }
  return { takesValue: false, commandString: undefined };
}
