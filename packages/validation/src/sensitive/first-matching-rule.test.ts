// The indexed lookup of the first matching sensitive-path rule gives what a scan of every rule
// in order gives: over paths built from every entry of every rule, in every position and case,
// and over a rule list of its own with overlapping and unusual entries.
import { describe, expect, it } from 'vitest';
import { firstMatchingRule } from './first-matching-rule.js';
import { type PathFacts, SENSITIVE_PATH_RULES, type SensitivePathRule } from './sensitive-rules.js';

function factsOf(path: string): PathFacts {
  const segments = path
    .toLowerCase()
    .split(/[\\/]/)
    .filter((segment) => segment !== '' && segment !== '.');
  return { segments, basename: segments[segments.length - 1] ?? '' };
}

function scan(rules: readonly SensitivePathRule[], facts: PathFacts): SensitivePathRule | undefined {
  return rules.find((rule) => rule.matches(facts));
}

/** Every name, extension and directory the rules list, and the triggers of the rules with logic of their own. */
function entries(): string[] {
  const found = [
    'service-account-prod.json',
    'client_secret_123.json',
    'secrets.yaml',
    'secret.env',
    '.dockercfg',
    'config.json',
    '.env',
    '.env.local',
    '.env.example',
    '.env.',
    'readme.md',
    'id_rsa.pub',
    'file.ts',
    '',
  ];
  for (const rule of SENSITIVE_PATH_RULES) {
    const listing = rule.listing;
    if (listing?.kind === 'names') found.push(...listing.names);
    if (listing?.kind === 'extensions') {
      for (const extension of listing.extensions)
        found.push(extension, `file${extension}`, `a.b${extension}.txt`);
    }
    if (listing?.kind === 'directory') found.push(...listing.directory.split('/'), listing.directory);
  }
  return found;
}

describe('firstMatchingRule', () => {
  it('finds the rule a scan of SENSITIVE_PATH_RULES in order finds, for every entry in every position', () => {
    const first = firstMatchingRule(SENSITIVE_PATH_RULES);
    const parts = entries();
    let compared = 0;
    let sensitive = 0;
    for (const directory of parts) {
      for (const name of parts) {
        for (const path of [
          `/work/${directory}/${name}`,
          `${directory}/x/${name}`,
          `${name}/${directory}`,
          `C:\\Users\\${directory.toUpperCase()}\\${name.toUpperCase()}`,
          `//${directory}//./${name}/`,
        ]) {
          const facts = factsOf(path);
          const expected = scan(SENSITIVE_PATH_RULES, facts);
          expect(first(facts)?.rule, path).toBe(expected?.rule);
          compared += 1;
          if (expected !== undefined) sensitive += 1;
        }
      }
    }
    // Both answers occur, many times: the comparison is not all "undefined".
    expect(compared).toBeGreaterThan(10_000);
    expect(sensitive).toBeGreaterThan(compared / 4);
    expect(compared - sensitive).toBeGreaterThan(100);
  });

  it('keeps list order across overlapping rules and tries every rule it cannot index', () => {
    const rule = (name: string, rest: Partial<SensitivePathRule>): SensitivePathRule => ({
      rule: name,
      level: 'high',
      reason: name,
      matches: () => false,
      ...rest,
    });
    const rules: SensitivePathRule[] = [
      rule('custom', { matches: (facts) => facts.basename.startsWith('zz') }),
      rule('names-a', {
        listing: { kind: 'names', names: ['token.txt'] },
        matches: (facts) => facts.basename === 'token.txt',
      }),
      rule('extension-without-dot', {
        listing: { kind: 'extensions', extensions: ['txt'] },
        matches: (facts) => facts.basename.endsWith('txt'),
      }),
      rule('names-b', {
        listing: { kind: 'names', names: ['token.txt', 'other'] },
        matches: (facts) => ['token.txt', 'other'].includes(facts.basename),
      }),
      rule('directory', {
        listing: { kind: 'directory', directory: 'a/b' },
        matches: (facts) => facts.segments.slice(0, -1).join('/').includes('a/b'),
      }),
    ];
    const first = firstMatchingRule(rules);
    const cases: Array<[string, string | undefined]> = [
      ['/x/token.txt', 'names-a'],
      ['/x/zztoken.txt', 'custom'],
      ['/x/notes.txt', 'extension-without-dot'],
      ['/x/other', 'names-b'],
      ['/a/b/file', 'directory'],
      ['/a/file', undefined],
      ['/b/a/file', undefined],
    ];
    for (const [path, expected] of cases) {
      expect(first(factsOf(path))?.rule, path).toBe(expected);
      expect(scan(rules, factsOf(path))?.rule, path).toBe(expected);
    }
  });
});
