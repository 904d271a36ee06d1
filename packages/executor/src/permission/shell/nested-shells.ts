import type { Scan } from './analysis-scan.js';
import type { ShellWord } from './shell-words.js';

/** Shells whose `-c` string, input or script file runs as commands. */
export const SHELLS = new Set([
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

/** What `xargs` replaces in its command with input (`{}`, and its `-I`/`--replace` string). */
export function xargsPlaceholders(words: readonly ShellWord[], end: number): string[] {
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
export function readShell(
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
 * by the words given after it. Only words a shell cannot split or glob (letters, digits and
 * `_ . / : @ % + = , -`) are put in: an unquoted `$0` holding `bin/r*` runs what the glob finds,
 * so such a parameter stays unknown.
 */
function withPositionals(text: string, args: readonly ShellWord[]): string {
  const safe = (word: ShellWord | undefined): word is ShellWord =>
    word?.literal === true && INERT.test(word.value);
  const rest = args.slice(1);
  const all = rest.every(safe) ? rest.map((word) => word.value).join(' ') : undefined;
  return text.replace(
    /\$(?:\{(\d+|[@*])\}|(\d|[@*]))/g,
    (match, braced: string | undefined, bare: string | undefined) => {
      const key = braced ?? bare ?? '';
      if (key === '@' || key === '*') return all ?? match;
      const word = args[Number(key)];
      return safe(word) ? word.value : match;
    },
  );
}

/** A word that means the same quoted or not. */
const INERT = /^[A-Za-z0-9_./:@%+=,-]+$/;
