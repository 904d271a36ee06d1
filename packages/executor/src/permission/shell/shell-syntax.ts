import { isBlank, readWord, type ShellWord, WordMode } from './shell-words.js';

/** A redirection: `>` `>>` `>|` `<>` `&>` `&>>` `>&` `<` `<&` `<<` `<<-` `<<<`, its fd and target. */
export interface Redirect {
  readonly operator: string;
  /** The file descriptor written before the operator (`2` in `2>x`), or `''`. */
  readonly fd: string;
  readonly target: ShellWord | undefined;
}

/** One simple command: `A=1 B=2 cmd arg ... >out`. */
export interface SimpleCommand {
  readonly assignments: readonly ShellWord[];
  readonly words: readonly ShellWord[];
  readonly redirects: readonly Redirect[];
}

/**
 * A command line read as bash reads it: every simple command in it, wherever it stands (in a
 * list, a pipeline, a subshell, a `{ ...; }` group, an `if`/`while` condition or body), and the
 * problems that stop it from being read whole (a syntax error, or a construct this reader does
 * not model: a here-document, `for`, `case`, a function definition, `((...))`, `coproc`).
 */
export interface ShellScript {
  readonly commands: readonly SimpleCommand[];
  readonly problems: readonly string[];
}

/** Reserved words that only introduce or close what follows: skipped at the start of a command. */
const PASS_THROUGH = new Set([
  '!',
  '{',
  '}',
  'then',
  'do',
  'else',
  'elif',
  'if',
  'while',
  'until',
  'fi',
  'done',
]);

/** Reserved words of constructs not modelled: the script is not understood. */
const UNMODELLED: ReadonlyMap<string, string> = new Map([
  ['for', 'a for loop'],
  ['select', 'a select loop'],
  ['case', 'a case statement'],
  ['esac', 'a case statement'],
  ['function', 'a function definition'],
  ['coproc', 'a coprocess'],
]);

const OPERATORS = [
  '&>>',
  '<<<',
  '<<-',
  '&&',
  '||',
  ';;',
  ';&',
  '|&',
  '&>',
  '>>',
  '>|',
  '>&',
  '<<',
  '<>',
  '<&',
  '<',
  '>',
  '|',
  '&',
  ';',
  '(',
  ')',
];

const REDIRECTS = new Set(['&>>', '<<<', '<<-', '&>', '>>', '>|', '>&', '<<', '<>', '<&', '<', '>']);

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
const FD = /^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

/** Reads `text` into its simple commands. Linear in the length of `text`. */
export function parseShell(text: string): ShellScript {
  const commands: SimpleCommand[] = [];
  const problems = new Set<string>();
  let assignments: ShellWord[] = [];
  let words: ShellWord[] = [];
  let redirects: Redirect[] = [];
  let pendingRedirect: { operator: string; fd: string } | undefined;
  let afterTime = false;
  let functionName = false;
  // Open compound commands: a keyword that closes or continues one must match it.
  const open: string[] = [];
  const expect = (keyword: string, openers: readonly string[], next: string | undefined): void => {
    const top = open.at(-1);
    if (top === undefined || !openers.includes(top)) {
      problems.add(`a misplaced "${keyword}"`);
      return;
    }
    if (next === undefined) open.pop();
    else open[open.length - 1] = next;
  };
  const structure = (keyword: string): void => {
    if (keyword === 'if' || keyword === 'while' || keyword === 'until' || keyword === '{') {
      open.push(keyword === 'until' ? 'while' : keyword);
    } else if (keyword === 'then') expect(keyword, ['if'], 'then');
    else if (keyword === 'elif') expect(keyword, ['then'], 'if');
    else if (keyword === 'else') expect(keyword, ['then'], 'else');
    else if (keyword === 'fi') expect(keyword, ['then', 'else'], undefined);
    else if (keyword === 'do') expect(keyword, ['while'], 'do');
    else if (keyword === 'done') expect(keyword, ['do'], undefined);
    else if (keyword === '}') expect(keyword, ['{'], undefined);
  };

  const finish = (): void => {
    if (pendingRedirect !== undefined) {
      problems.add(`a redirection (${pendingRedirect.operator}) without a target`);
      pendingRedirect = undefined;
    }
    if (words.length > 0 || assignments.length > 0 || redirects.length > 0) {
      commands.push({ assignments, words, redirects });
    }
    assignments = [];
    words = [];
    redirects = [];
    afterTime = false;
  };

  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (isBlank(character)) {
      index += 1;
      continue;
    }
    if (character === '\\' && text[index + 1] === '\n') {
      index += 2;
      continue;
    }
    if (character === '#') {
      const newline = text.indexOf('\n', index);
      index = newline === -1 ? text.length : newline;
      continue;
    }
    if (character === '\n' || character === '\r') {
      finish();
      index += 1;
      continue;
    }
    const isProcessSubstitution = (character === '<' || character === '>') && text[index + 1] === '(';
    const operator = isProcessSubstitution ? undefined : OPERATORS.find((op) => text.startsWith(op, index));
    if (operator !== undefined) {
      index += operator.length;
      if (REDIRECTS.has(operator)) {
        if (pendingRedirect !== undefined)
          problems.add(`a redirection (${pendingRedirect.operator}) without a target`);
        if (operator === '<<' || operator === '<<-') problems.add('a here-document');
        pendingRedirect = { operator, fd: '' };
        continue;
      }
      if (operator === ';;' || operator === ';&') problems.add('a case statement');
      if (operator === '(') {
        if (words.length > 0 || assignments.length > 0) {
          problems.add('a function definition or a misplaced "("');
          // `f() { ...; }`: f is the name being defined, not a command that runs here.
          if (words.length === 1 && assignments.length === 0 && redirects.length === 0) words = [];
        } else if (text[index] === '(') problems.add('an arithmetic command ((...))');
        open.push('(');
      }
      if (operator === ')') expect(')', ['('], undefined);
      finish();
      continue;
    }
    const { word, problem } = readWord(text, index, WordMode.Shell);
    if (problem !== undefined) problems.add(problem);
    index = word.end > index ? word.end : index + 1;
    if (pendingRedirect !== undefined) {
      redirects.push({ ...pendingRedirect, target: word });
      pendingRedirect = undefined;
      continue;
    }
    // `2>x`, `{fd}>x`: a number (or `{name}`) glued to a redirection is its file descriptor.
    const next = text[word.end];
    if ((next === '<' || next === '>') && text[word.end + 1] !== '(' && FD.test(word.raw)) {
      const op = OPERATORS.find((candidate) => text.startsWith(candidate, word.end));
      if (op !== undefined && REDIRECTS.has(op)) {
        if (word.raw.startsWith('{')) problems.add('a redirection to a named file descriptor');
        pendingRedirect = { operator: op, fd: word.raw };
        index = word.end + op.length;
        continue;
      }
    }
    if (functionName) {
      functionName = false;
      if (words.length === 0) continue;
    }
    const bare = word.raw === word.value && word.literal;
    if (words.length === 0 && bare) {
      if (afterTime && (word.value === '-p' || word.value === '--')) continue;
      if (assignments.length === 0 && PASS_THROUGH.has(word.value)) {
        structure(word.value);
        continue;
      }
      if (assignments.length === 0 && word.value === 'time') {
        afterTime = true;
        continue;
      }
      const unmodelled = assignments.length === 0 ? UNMODELLED.get(word.value) : undefined;
      if (unmodelled !== undefined) problems.add(unmodelled);
      if (assignments.length === 0 && word.value === 'function') {
        // `function f { rm x; }`: the body's commands are commands; the name is not one.
        functionName = true;
        continue;
      }
    }
    afterTime = false;
    if (words.length === 0 && ASSIGNMENT.test(word.raw)) {
      assignments.push(word);
      continue;
    }
    words.push(word);
  }
  finish();
  if (open.length > 0) problems.add(`an unclosed "${open.at(-1)}"`);
  return { commands, problems: [...problems] };
}
