import { ruleNames } from './command-options.js';
import type { CommandView, ShellAnalysis } from './shell-analysis.js';
import { readWord, WordMode } from './shell-words.js';

/** The part of a content rule these checks read (`RuleSpecifier` fits). */
export interface ContentPattern {
  /** The pattern as written: `git push:*`, `npm run *`, `make`. */
  readonly text: string;
  readonly matchesContent: (content: string) => boolean;
}

/** A rule with an optional content pattern (`PermissionRule` fits). */
export interface ContentRule {
  readonly specifier: ContentPattern | undefined;
}

/**
 * The allow rules that together cover every command of an understood command line, one per
 * command (the first that covers it), or `undefined` when one command is not covered or the
 * line is not understood. A rule covers a command when its pattern matches the command's text,
 * names each risky option of it (`-exec`, `--output`, `-C` ...), and each command it runs in
 * turn is named by the rule's pattern or covered by an allow rule itself. A pattern without `*`
 * names everything it matches.
 */
export function coveringRules<Rule extends ContentRule>(
  analysis: ShellAnalysis,
  rules: readonly Rule[],
): Rule[] | undefined {
  if (analysis.notUnderstood.length > 0 || analysis.unreadable !== undefined) return undefined;
  if (analysis.commands.length === 0) return undefined;
  const used: Rule[] = [];
  for (const command of analysis.commands) {
    const rule = coveringRule(command, rules, 0);
    if (rule === undefined) return undefined;
    if (!used.includes(rule)) used.push(rule);
  }
  return used;
}

const MAX_NESTING = 16;

function coveringRule<Rule extends ContentRule>(
  command: CommandView,
  rules: readonly Rule[],
  depth: number,
): Rule | undefined {
  if (depth > MAX_NESTING) return undefined;
  return rules.find((rule) => {
    const pattern = rule.specifier;
    if (pattern === undefined) return true;
    if (!pattern.matchesContent(command.text)) return false;
    if (!pattern.text.includes('*')) return true;
    const words = patternWords(pattern.text);
    return named(command, words, fixedWordCount(pattern.text, command.words), rules, depth);
  });
}

/** True when the rule (its words; it fixes the first `fixed` words of `command`) covers what `command` runs. */
function named<Rule extends ContentRule>(
  command: CommandView,
  words: readonly string[],
  fixed: number,
  rules: readonly Rule[],
  depth: number,
): boolean {
  if (!command.risky.every((option) => ruleNames(words, option))) return false;
  return command.nested.every((nested) => {
    if (nested.offset !== undefined && fixed > nested.offset) {
      // The pattern names the wrapped command (`Bash(sudo apt:*)` names apt): it covers it as a prefix.
      return nested.commands.every((inner) =>
        named(inner, words, fixed - (nested.offset as number), rules, depth + 1),
      );
    }
    return nested.commands.every((inner) => coveringRule(inner, rules, depth + 1) !== undefined);
  });
}

/** The words of a pattern, without its `:*`. */
function patternWords(text: string): string[] {
  const body = text.endsWith(':*') ? text.slice(0, -2) : text;
  return splitWords(body);
}

/** How many leading words of `commandWords` the pattern fixes: the words before its first wildcard. */
function fixedWordCount(text: string, commandWords: readonly string[]): number {
  let body = text.endsWith(':*') ? text.slice(0, -2) : text;
  const star = body.indexOf('*');
  let partialLast = false;
  if (star !== -1) {
    partialLast = star > 0 && !/\s/.test(body[star - 1] as string);
    body = body.slice(0, star);
  }
  const fixed = splitWords(body);
  if (partialLast) fixed.pop();
  let count = 0;
  while (count < fixed.length && fixed[count] === commandWords[count]) count += 1;
  return count;
}

function splitWords(text: string): string[] {
  const words: string[] = [];
  let index = 0;
  while (index < text.length) {
    while (index < text.length && /\s/.test(text[index] as string)) index += 1;
    if (index >= text.length) break;
    const { word } = readWord(text, index, WordMode.Blanks);
    words.push(word.raw);
    index = word.end > index ? word.end : index + 1;
  }
  return words;
}

/**
 * Whether a deny or ask content rule catches a command line: `true` when a normalised command
 * matches; a reason when the line runs something that cannot be read before it runs and the
 * rule might match it (fail closed); `false` otherwise.
 */
export function catchesShell(analysis: ShellAnalysis, pattern: ContentPattern): boolean | string {
  if (analysis.candidates.some((candidate) => pattern.matchesContent(candidate))) return true;
  if (analysis.unreadable !== undefined) return analysis.unreadable;
  const known = analysis.partials.find((partial) => mightMatch(pattern.text, partial));
  if (known !== undefined) {
    return known === ''
      ? 'the command line runs a command whose name is known only when the shell runs it'
      : `the command line runs "${known}…", whose rest is known only when the shell runs it`;
  }
  return false;
}

/** True when a command that starts with `known` (and continues with anything) could match `pattern`. */
export function mightMatch(pattern: string, known: string): boolean {
  if (pattern.endsWith(':*')) {
    const prefix = pattern.slice(0, -2);
    return (
      prefix.startsWith(known) ||
      known === prefix ||
      known.startsWith(`${prefix} `) ||
      known.startsWith(`${prefix}:`)
    );
  }
  const star = pattern.indexOf('*');
  if (star === -1) return pattern.startsWith(known);
  const literal = pattern.slice(0, star);
  return literal.startsWith(known) || known.startsWith(literal);
}
