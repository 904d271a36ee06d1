import { ansiCEnd, decodeAnsiC } from './ansi-c.js';

/**
 * One shell word, read as bash reads it. `value` is the word after quote removal (ANSI-C
 * strings decoded, a backslash-newline dropped); an expansion stays in it as written.
 */
export interface ShellWord {
  /** The word as written. */
  readonly raw: string;
  readonly value: string;
  /** Offsets of the word in the text it was read from. */
  readonly start: number;
  readonly end: number;
  /**
   * True when the shell passes exactly `value`: no parameter, command or arithmetic expansion,
   * no glob, no brace expansion, no `~user`, no process substitution. (`~` and `~/x` count as
   * literal: they are the home directory.)
   */
  readonly literal: boolean;
  /**
   * True when the word may become any number of words, or none: an unquoted expansion, glob or
   * brace expansion.
   */
  readonly splits: boolean;
  /** The part of `value` known before the first expansion, glob or brace: all of it when literal. */
  readonly known: string;
  /** Brace expansion is the only reason the word is not literal: {@link expandBraces} can read it. */
  readonly bracesOnly: boolean;
  /** Per character of `value`: `'q'` quoted (or escaped), `'u'` not. For brace expansion. */
  readonly quoting: string;
  /** The bodies of `$(...)`, backquotes and `<(...)`/`>(...)`: commands that run too. */
  readonly substitutions: readonly string[];
  /** An unquoted `~` or `~/...` at the start: the home directory. */
  readonly tilde: boolean;
}

/** How {@link readWord} ends a word. */
export const WordMode = {
  /** Blanks and the shell's operator characters end a word (`a;b` is three tokens). */
  Shell: 'shell',
  /** Only blanks end a word; an unclosed quote runs to the end. */
  Blanks: 'blanks',
} as const;
export type WordMode = (typeof WordMode)[keyof typeof WordMode];

/** What {@link readWord} found, and the problem that stops the shell from reading it, if any. */
export interface WordReading {
  readonly word: ShellWord;
  readonly problem: string | undefined;
}

const BLANKS = ' \t';
const OPERATOR_CHARACTERS = '|&;<>()\n\r';
const NAME_START = /[A-Za-z_]/;
const NAME_CHARACTER = /[A-Za-z0-9_]/;
const SPECIAL_PARAMETER = /[@*#?$!0-9-]/;

/** True for a character that ends a word in {@link WordMode.Shell}. */
export function isOperatorCharacter(character: string | undefined): boolean {
  return character !== undefined && character !== '' && OPERATOR_CHARACTERS.includes(character);
}

export function isBlank(character: string | undefined): boolean {
  return character !== undefined && character !== '' && BLANKS.includes(character);
}

/**
 * Reads the word that starts at `from` (not a blank). Bash's rules: single quotes, double quotes
 * (where `$`, backquotes and `\$ \` \" \\` stay special), backslashes, `$'...'`, `$"..."`,
 * `$name`, `${...}`, `$(...)`, `$((...))`, backquotes, `<(...)`, globs and braces.
 */
export function readWord(text: string, from: number, mode: WordMode): WordReading {
  const builder = new WordBuilder(text, from);
  let index = from;
  let problem: string | undefined;
  while (index < text.length) {
    const character = text[index] as string;
    if (isBlank(character)) break;
    if (mode === WordMode.Blanks && (character === '\n' || character === '\r')) break;
    if ((character === '<' || character === '>') && text[index + 1] === '(') {
      const end = balancedEnd(text, index + 2);
      builder.expansion(text.slice(index, end.index), true, text.slice(index + 2, end.index - 1));
      problem ??= end.problem;
      index = end.index;
      continue;
    }
    if (mode === WordMode.Shell && isOperatorCharacter(character)) break;
    if (character === '\\') {
      const next = text[index + 1];
      if (next === '\n') {
        index += 2;
        continue;
      }
      builder.quoted(next ?? '');
      index += 2;
    } else if (character === "'") {
      const close = text.indexOf("'", index + 1);
      if (close === -1) problem ??= 'an unclosed single quote';
      const stop = close === -1 ? text.length : close;
      builder.quoted(text.slice(index + 1, stop));
      index = stop + 1;
    } else if (character === '"') {
      const result = readDoubleQuoted(text, index + 1, builder);
      problem ??= result.problem;
      index = result.index;
    } else if (character === '$') {
      const result = readDollar(text, index, builder, false);
      problem ??= result.problem;
      index = result.index;
    } else if (character === '`') {
      const close = backquoteEnd(text, index + 1);
      if (close.problem !== undefined) problem ??= close.problem;
      builder.expansion(text.slice(index, close.index), true, text.slice(index + 1, close.index - 1));
      index = close.index;
    } else if (character === '~' && index === from) {
      let stop = index + 1;
      while (stop < text.length && /[A-Za-z0-9_.+-]/.test(text[stop] as string)) stop += 1;
      const after = text[stop];
      const ends = after === undefined || after === '/' || isBlank(after) || isOperatorCharacter(after);
      if (stop === index + 1 && ends) {
        builder.tilde();
      } else {
        // `~user`, `~+`, `~-`: another directory, known only to the shell.
        builder.expansion(text.slice(index, stop), false);
      }
      index = stop;
    } else if (character === '=' && index === from && NAME_START.test(text[index + 1] ?? '')) {
      // zsh runs `=rm` as the path of rm.
      builder.expansion('=', false);
      index += 1;
    } else {
      builder.plain(character);
      index += 1;
    }
  }
  return { word: builder.finish(index), problem };
}

/** Reads `$...` at `index` into `builder`; `quoted` inside double quotes. */
function readDollar(
  text: string,
  index: number,
  builder: WordBuilder,
  quoted: boolean,
): { index: number; problem: string | undefined } {
  const next = text[index + 1];
  if (next === "'" && !quoted) {
    const end = ansiCEnd(text, index + 2);
    builder.quoted(decodeAnsiC(text.slice(index + 2, end)));
    return {
      index: end + 1,
      problem: end >= text.length ? "an unclosed $'...' string" : undefined,
    };
  }
  if (next === '"' && !quoted) return { index: index + 1, problem: undefined };
  if (next === '(') {
    const arithmetic = text[index + 2] === '(';
    const end = balancedEnd(text, index + 2);
    const body = text.slice(index + 2, end.index - 1);
    builder.expansion(text.slice(index, end.index), !quoted, arithmetic ? undefined : body);
    return { index: end.index, problem: end.problem };
  }
  if (next === '{') {
    const end = braceEnd(text, index + 2);
    builder.expansion(
      text.slice(index, end.index),
      !quoted,
      nestedCommands(text.slice(index + 2, end.index - 1)),
    );
    return end;
  }
  if (next !== undefined && NAME_START.test(next)) {
    let stop = index + 2;
    while (stop < text.length && NAME_CHARACTER.test(text[stop] as string)) stop += 1;
    builder.expansion(text.slice(index, stop), !quoted);
    return { index: stop, problem: undefined };
  }
  if (next !== undefined && SPECIAL_PARAMETER.test(next)) {
    builder.expansion(text.slice(index, index + 2), !quoted);
    return { index: index + 2, problem: undefined };
  }
  if (quoted) builder.quoted('$');
  else builder.plain('$');
  return { index: index + 1, problem: undefined };
}

/** `${x:-$(cmd)}` runs `cmd`: the part after an operator is read for commands, loosely. */
function nestedCommands(body: string): string | undefined {
  const at = body.indexOf('$(');
  const tick = body.indexOf('`');
  return at === -1 && tick === -1 ? undefined : body;
}

function readDoubleQuoted(
  text: string,
  from: number,
  builder: WordBuilder,
): { index: number; problem: string | undefined } {
  let index = from;
  let problem: string | undefined;
  while (index < text.length && text[index] !== '"') {
    const character = text[index] as string;
    if (character === '\\') {
      const next = text[index + 1];
      if (next === '\n') {
        index += 2;
      } else if (next !== undefined && '"\\$`'.includes(next)) {
        builder.quoted(next);
        index += 2;
      } else {
        builder.quoted('\\');
        index += 1;
      }
    } else if (character === '$') {
      const result = readDollar(text, index, builder, true);
      problem ??= result.problem;
      index = result.index;
    } else if (character === '`') {
      const close = backquoteEnd(text, index + 1);
      problem ??= close.problem;
      builder.expansion(text.slice(index, close.index), false, text.slice(index + 1, close.index - 1));
      index = close.index;
    } else {
      builder.quoted(character);
      index += 1;
    }
  }
  if (index >= text.length) problem ??= 'an unclosed double quote';
  return { index: index + 1, problem };
}

/** The index after the backquote closing one opened before `from`. */
function backquoteEnd(text: string, from: number): { index: number; problem: string | undefined } {
  let index = from;
  while (index < text.length && text[index] !== '`') index += text[index] === '\\' ? 2 : 1;
  if (index >= text.length) return { index: text.length + 1, problem: 'an unclosed backquote' };
  return { index: index + 1, problem: undefined };
}

/**
 * The index after the `)` closing a `(` opened just before `from`, skipping quoted text and
 * nested parentheses (`$(echo "(" $(ls))`). A stack, not recursion: `"$("$(...` nests as deep
 * as the text is long.
 */
export function balancedEnd(text: string, from: number): { index: number; problem: string | undefined } {
  return skipNested(text, from, '(');
}

/** The index after the `"` closing a double-quoted string that starts at `from`. */
function skipDoubleQuoted(text: string, from: number): number {
  return skipNested(text, from, '"').index;
}

/** Skips to the end of a `(` or `"` context opened just before `from`, through every context nested in it. */
function skipNested(
  text: string,
  from: number,
  opened: '(' | '"',
): { index: number; problem: string | undefined } {
  const contexts: ('(' | '"')[] = [opened];
  let index = from;
  while (index < text.length) {
    const character = text[index] as string;
    const inside = contexts[contexts.length - 1];
    if (character === '\\') {
      index += 2;
      continue;
    }
    if (character === '`') {
      index = backquoteEnd(text, index + 1).index;
      continue;
    }
    let closed = false;
    if (inside === '"') {
      if (character === '"') closed = true;
      else if (character === '$' && text[index + 1] === '(') {
        contexts.push('(');
        index += 1;
      }
    } else if (character === "'") {
      const close = text.indexOf("'", index + 1);
      if (close === -1) break;
      index = close;
    } else if (character === '"' || character === '(') {
      contexts.push(character);
    } else if (character === ')') {
      closed = true;
    }
    index += 1;
    if (closed) {
      contexts.pop();
      if (contexts.length === 0) return { index, problem: undefined };
    }
  }
  return {
    index: text.length + 1,
    problem: opened === '(' ? 'an unclosed parenthesis' : 'an unclosed double quote',
  };
}

function braceEnd(text: string, from: number): { index: number; problem: string | undefined } {
  let depth = 1;
  let index = from;
  while (index < text.length) {
    const character = text[index];
    if (character === '\\') {
      index += 2;
      continue;
    }
    if (character === "'") {
      const close = text.indexOf("'", index + 1);
      index = close === -1 ? text.length : close + 1;
      continue;
    }
    if (character === '"') {
      index = skipDoubleQuoted(text, index + 1);
      continue;
    }
    if (character === '{') depth += 1;
    if (character === '}') {
      depth -= 1;
      if (depth === 0) return { index: index + 1, problem: undefined };
    }
    index += 1;
  }
  return { index: text.length + 1, problem: 'an unclosed ${' };
}

/** Accumulates one word. */
class WordBuilder {
  readonly #text: string;
  readonly #start: number;
  #value = '';
  #quoting = '';
  #literal = true;
  #splits = false;
  #known: string | undefined;
  #tilde = false;
  #openBracket = false;
  readonly #substitutions: string[] = [];

  constructor(text: string, start: number) {
    this.#text = text;
    this.#start = start;
  }

  plain(character: string): void {
    if (character === '*' || character === '?') this.#glob();
    if (character === '[') this.#openBracket = true;
    else if (character === ']' && this.#openBracket) this.#glob();
    this.#value += character;
    this.#quoting += 'u';
  }

  quoted(part: string): void {
    this.#value += part;
    this.#quoting += 'q'.repeat(part.length);
  }

  tilde(): void {
    this.#tilde = true;
    this.#value += '~';
    this.#quoting += 'q';
  }

  /** An expansion written `raw`; `body` holds commands it runs. */
  expansion(raw: string, splits: boolean, body?: string): void {
    this.#markUnknown();
    if (splits) this.#splits = true;
    if (body !== undefined) this.#substitutions.push(body);
    this.#value += raw;
    this.#quoting += 'q'.repeat(raw.length);
  }

  #glob(): void {
    this.#markUnknown();
    this.#splits = true;
  }

  #markUnknown(): void {
    if (this.#known === undefined) this.#known = this.#value;
    this.#literal = false;
  }

  finish(end: number): ShellWord {
    const raw = this.#text.slice(this.#start, Math.min(end, this.#text.length));
    let literal = this.#literal;
    let splits = this.#splits;
    let known = this.#known ?? this.#value;
    // `[` and `[[` alone are the test commands, not globs.
    if (raw === '[' || raw === '[[') {
      literal = true;
      splits = false;
      known = this.#value;
    }
    const braces = hasBraceExpansion(this.#value, this.#quoting);
    let bracesOnly = false;
    if (braces) {
      bracesOnly = literal;
      const braceAt = firstUnquotedBrace(this.#value, this.#quoting);
      if (literal || braceAt < known.length) known = this.#value.slice(0, braceAt);
      literal = false;
      splits = true;
    }
    return {
      raw,
      value: this.#value,
      start: this.#start,
      end: Math.min(end, this.#text.length),
      literal,
      splits,
      known,
      bracesOnly,
      quoting: this.#quoting,
      substitutions: this.#substitutions,
      tilde: this.#tilde,
    };
  }
}

function firstUnquotedBrace(value: string, quoting: string): number {
  for (let index = 0; index < value.length; index += 1) {
    if (value[index] === '{' && quoting[index] === 'u') return index;
  }
  return value.length;
}

/** An unquoted `{a,b}` or `{1..3}`: bash expands it into several words. One pass, a stack of open braces. */
export function hasBraceExpansion(value: string, quoting: string): boolean {
  const opens: { at: number; comma: boolean }[] = [];
  for (let index = 0; index < value.length; index += 1) {
    if (quoting[index] !== 'u') continue;
    const character = value[index];
    if (character === '{') opens.push({ at: index, comma: false });
    else if (character === ',' && opens.length > 0)
      (opens[opens.length - 1] as { comma: boolean }).comma = true;
    else if (character === '}' && opens.length > 0) {
      const open = opens.pop() as { at: number; comma: boolean };
      if (open.comma) return true;
      // A sequence is short: `{1..10}`, `{a..z}`.
      const length = index - open.at - 1;
      if (length <= 64 && SEQUENCE.test(value.slice(open.at + 1, index))) return true;
    }
  }
  return false;
}

const SEQUENCE = /^-?\w+\.\.-?\w+(\.\.-?\d+)?$/;

/** The words of `text` split on blanks only ({@link WordMode.Blanks}); an unclosed quote runs to the end. */
export function readWords(text: string): ShellWord[] {
  const words: ShellWord[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && isBlank(text[index])) index += 1;
    if (index >= text.length) break;
    const { word } = readWord(text, index, WordMode.Blanks);
    words.push(word);
    index = word.end > index ? word.end : index + 1;
  }
  return words;
}
