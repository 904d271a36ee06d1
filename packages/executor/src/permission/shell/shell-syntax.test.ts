import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePermissionRule } from '../permission-rule.js';
import { expandBraces } from './brace-expansion.js';
import { catchesShell, coveringRules } from './rule-coverage.js';
import { analyseShell } from './shell-analysis.js';
import { parseShell } from './shell-syntax.js';
import { readWord, WordMode } from './shell-words.js';

function words(text: string): string[][] {
  return parseShell(text).commands.map((command) => command.words.map((word) => word.value));
}

describe('parseShell', () => {
  it('splits lists, pipelines, groups and conditions into simple commands', () => {
    expect(words('a 1; b && c || d | e & f\ng')).toEqual([
      ['a', '1'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
    ]);
    expect(words('(a; { b; }) && if c; then d; elif e; then f; else g; fi')).toEqual([
      ['a'],
      ['b'],
      ['c'],
      ['d'],
      ['e'],
      ['f'],
      ['g'],
    ]);
    expect(words('while a; do b; done; ! c')).toEqual([['a'], ['b'], ['c']]);
    expect(words('function f { a; }; f() { b; }')).toEqual([['a'], ['b']]);
    expect(parseShell('(a; { b; }) && if c; then d; fi').problems).toEqual([]);
  });

  it('keeps quoted operators in their word and removes quotes', () => {
    expect(words(`echo "a; b" 'c | d' e\\;f $'g\\x41'`)).toEqual([['echo', 'a; b', 'c | d', 'e;f', 'gA']]);
  });

  it('reads assignments, redirections with their descriptors, and comments', () => {
    const [command] = parseShell('A=1 B="x y" cmd arg 2>err >>out <in 3>&1 # rm x').commands;
    expect(command?.assignments.map((word) => word.value)).toEqual(['A=1', 'B=x y']);
    expect(command?.words.map((word) => word.value)).toEqual(['cmd', 'arg']);
    expect(
      command?.redirects.map((redirect) => `${redirect.fd}${redirect.operator}${redirect.target?.value}`),
    ).toEqual(['2>err', '>>out', '<in', '3>&1']);
  });

  it('names what it does not model or cannot read', () => {
    expect(parseShell('cat <<EOF\nx\nEOF').problems).toContain('a here-document');
    expect(parseShell('for f in a; do b; done').problems).toContain('a for loop');
    expect(parseShell('case x in a) b;; esac').problems).toContain('a case statement');
    expect(parseShell('f() { a; }').problems).toContain('a function definition or a misplaced "("');
    expect(parseShell('((x = 1))').problems).toContain('an arithmetic command ((...))');
    expect(parseShell('echo "x').problems).toContain('an unclosed double quote');
    expect(parseShell('then a').problems).toContain('a misplaced "then"');
    expect(parseShell('if a; then b').problems).toContain('an unclosed "then"');
  });

  it('marks expansions, globs, braces and ~user as not literal, with the part known before them', () => {
    const read = (text: string) => readWord(text, 0, WordMode.Shell).word;
    expect(read('abc')).toMatchObject({ literal: true, splits: false, known: 'abc' });
    expect(read('a$X')).toMatchObject({ literal: false, splits: true, known: 'a' });
    expect(read('"a$X"')).toMatchObject({ literal: false, splits: false, known: 'a' });
    expect(read("'$X'")).toMatchObject({ literal: true, value: '$X' });
    expect(read('/bin/r?')).toMatchObject({ literal: false, splits: true, known: '/bin/r' });
    expect(read('r{m,}')).toMatchObject({ literal: false, bracesOnly: true, known: 'r' });
    expect(read('"{a,b}"')).toMatchObject({ literal: true });
    expect(read('{}')).toMatchObject({ literal: true });
    expect(read('~/x')).toMatchObject({ literal: true, tilde: true, value: '~/x' });
    expect(read('~root/x')).toMatchObject({ literal: false, known: '' });
    expect(read('[')).toMatchObject({ literal: true });
    expect(read('a$(b "c)" d)e')).toMatchObject({ literal: false, substitutions: ['b "c)" d'] });
  });
});

describe('expandBraces', () => {
  it('expands as bash does, and refuses an explosion', () => {
    expect(expandBraces('r{m,}', 'uuuuu')).toEqual(['rm', 'r']);
    expect(expandBraces('a{1..3}b', 'uuuuuuuu')).toEqual(['a1b', 'a2b', 'a3b']);
    expect(expandBraces('{a,{b,c}}', 'uuuuuuuuuu')).toEqual(['a', 'b', 'c']);
    const huge = '{a,b}'.repeat(8);
    expect(expandBraces(huge, 'u'.repeat(huge.length))).toBeUndefined();
  });
});

const denyRm = parsePermissionRule('Bash(rm:*)', 'deny');
const denyPush = parsePermissionRule('Bash(git push:*)', 'deny');

function denied(command: string, rule = denyRm): boolean {
  return catchesShell(analyseShell(command), rule.specifier as NonNullable<typeof rule.specifier>) !== false;
}

/** One character written in one of the ways bash reads as that character. */
const spelledCharacter = (character: string): fc.Arbitrary<string> => {
  const code = character.charCodeAt(0);
  return fc.constantFrom(
    character,
    `\\${character}`,
    `'${character}'`,
    `"${character}"`,
    `$'${character}'`,
    `$'\\x${code.toString(16)}'`,
    `$'\\${code.toString(8)}'`,
    `$'\\u00${code.toString(16)}'`,
    `${character}''`,
    `""${character}`,
  );
};

const spelled = (word: string): fc.Arbitrary<string> =>
  fc.tuple(...[...word].map(spelledCharacter)).map((parts) => parts.join(''));

const wrappers = fc.constantFrom(
  '',
  'sudo ',
  'sudo -u root -- ',
  'env FOO=1 ',
  'nohup ',
  'timeout 5 ',
  'nice -n 1 ',
  'xargs -0 ',
  'command ',
  'exec ',
  'time ',
  'unshare -r ',
  'setpriv --nnp ',
  'strace -f ',
  'stdbuf -oL ',
  'busybox ',
  'FOO=1 ',
  '/usr/bin/env ',
);
const chains = fc.constantFrom('', 'ls; ', 'ls && ', 'ls | ', '( ', '{ ', 'if true; then ', 'echo x & ');

describe('property: another spelling of a denied command is still denied', () => {
  it('any quoting of rm, behind any wrapper and chain, meets deny rm:*', () => {
    fc.assert(
      fc.property(
        chains,
        wrappers,
        wrappers,
        spelled('rm'),
        fc.constantFrom(' x', ' -rf /', ''),
        (chain, outer, inner, name, args) => {
          const command = `${chain}${outer}${inner}${name}${args}`;
          expect(denied(command), command).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any quoting of git and push, with any global options, meets deny git push:*', () => {
    const globals = fc.array(
      fc.constantFrom(
        '-C .',
        '-c a=b',
        '--no-pager',
        '-P',
        '--git-dir=.git',
        '--git-dir .git',
        '--work-tree=.',
        '--bare',
        '--exec-path=/x',
        '-p',
      ),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(wrappers, spelled('git'), globals, spelled('push'), (outer, git, options, push) => {
        const command = `${outer}${git} ${options.join(' ')} ${push} origin`;
        expect(denied(command, denyPush), command).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, and never allows under ls:* what runs something else', () => {
    const allowLs = [parsePermissionRule('Bash(ls:*)', 'allow')];
    const pieces = fc.constantFrom(
      'ls',
      ' ',
      'rm',
      '$',
      'X',
      '(',
      ')',
      '{',
      '}',
      ',',
      "'",
      '"',
      '\\',
      ';',
      '&',
      '|',
      '>',
      '<',
      '`',
      '*',
      '?',
      '\n',
      '#',
      '=',
      '-c',
      'sh',
      '~',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 24 }), (parts) => {
        const command = parts.join('');
        const analysis = analyseShell(command);
        const covered = coveringRules(analysis, allowLs);
        if (covered !== undefined) {
          for (const view of analysis.commands) expect(view.words[0], command).toBe('ls');
          for (const view of analysis.commands) expect(view.nested, command).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('analyseShell limits', () => {
  it('stays linear on long inputs and says when it stopped', () => {
    expect(analyseShell(`sudo ${'--x '.repeat(5000)}rm x`).candidates).toContain('rm x');
    expect(analyseShell(`${'nohup '.repeat(20000)}rm x`).unreadable).toContain('too long');
    let nested = 'rm x';
    for (let level = 0; level < 10; level += 1) nested = `bash -c ${JSON.stringify(nested)}`;
    expect(analyseShell(nested).unreadable).toContain('too long or too deeply nested');
    // Nesting as deep as the text is long is read with stacks, not recursion.
    for (const text of [
      '"$('.repeat(20_000),
      '$("'.repeat(20_000),
      `rm ${'{a,b}'.repeat(20_000)}`,
      '{a,b}'.repeat(20_000),
      `${'{'.repeat(20_000)}a,b${'}'.repeat(20_000)}`,
    ]) {
      expect(() => analyseShell(text)).not.toThrow();
    }
    expect(analyseShell(`${'nohup '.repeat(70)}rm x`).unreadable).toContain('too long');
    expect(analyseShell(`${'nohup '.repeat(10)}rm x`).candidates).toContain('rm x');
    const start = performance.now();
    analyseShell('a'.repeat(200_000));
    analyseShell('"'.repeat(50_001));
    analyseShell('$('.repeat(20_000));
    expect(analyseShell('ls ' + 'x '.repeat(50_000)).commands).toHaveLength(1);
    // No verdict on speed: the calls above must simply return.
    expect(performance.now() - start).toBeGreaterThan(0);
  });
});
