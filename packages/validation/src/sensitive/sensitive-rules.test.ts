// Every name, extension and directory of the sensitive-path list (read from the rules), with
// its level and rule; the rules with logic of their own; the edges of each kind of rule;
// symlinks on real files.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { detectSensitivePath, filterSensitive } from './detect-sensitive-path.js';
import { SENSITIVE_PATH_RULES, type SensitivePathListing } from './sensitive-rules.js';

const home = '/home/user';

function judged(path: string): [string, string] | undefined {
  const match = detectSensitivePath(path, { homeDir: home, followSymlinks: false });
  return match === undefined ? undefined : [match.level, match.rule];
}

/** The paths a rule judges "sensitive" for each entry of its list, and one it must not. */
function pathsOf(listing: SensitivePathListing): Array<{ path: string; entry: string }> {
  switch (listing.kind) {
    case 'names':
      return listing.names.map((name) => ({ path: `work/project/${name}`, entry: name }));
    case 'extensions':
      return listing.extensions.map((extension) => ({
        path: `work/project/file${extension}`,
        entry: extension,
      }));
    case 'directory':
      return [{ path: `work/${listing.directory}/file.txt`, entry: listing.directory }];
  }
}

describe('every entry of every listed rule, read from the rules themselves', () => {
  const listed = SENSITIVE_PATH_RULES.filter((rule) => rule.listing !== undefined);

  it('lists something real: entries are non-empty, lowercase, extensions start with a dot', () => {
    expect(listed.length).toBeGreaterThan(15);
    expect(new Set(SENSITIVE_PATH_RULES.map((rule) => rule.rule)).size).toBe(SENSITIVE_PATH_RULES.length);
    // Highest level first: the first rule that matches names the level a prompt shows.
    const ranks = SENSITIVE_PATH_RULES.map((rule) => ['high', 'medium', 'low'].indexOf(rule.level));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const { rule } of SENSITIVE_PATH_RULES) expect(rule).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const { rule, reason, listing } of listed) {
      expect(reason, rule).not.toBe('');
      const entries = pathsOf(listing!).map(({ entry }) => entry);
      expect(entries.length, rule).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(entry.length, `${rule}: ${entry}`).toBeGreaterThan(1);
        expect(entry, rule).toBe(entry.toLowerCase());
        if (listing!.kind === 'extensions') expect(entry, rule).toMatch(/^\.[a-z0-9.]+$/);
      }
    }
  });

  it('judges each entry by its own rule, level and reason, in any letter case', () => {
    for (const { rule, level, reason, listing } of listed) {
      for (const { path } of pathsOf(listing!)) {
        expect(detectSensitivePath(path, { homeDir: home, followSymlinks: false }), path).toEqual({
          level,
          rule,
          reason,
        });
        expect(judged(path.toUpperCase()), path.toUpperCase()).toEqual([level, rule]);
      }
    }
  });

  it('an extension alone or a listed directory by itself is not what the rule covers', () => {
    for (const { rule, listing } of listed) {
      if (listing!.kind === 'extensions')
        for (const extension of listing!.extensions)
          expect(judged(`work/${extension}`)?.[1], extension).not.toBe(rule);
      if (listing!.kind === 'directory')
        expect(judged(`work/${listing!.directory}`)?.[1], rule).not.toBe(rule);
    }
  });
});

/** Rules with logic of their own, and the spellings users write paths in. */
const CASES: ReadonlyArray<[string, 'high' | 'medium' | 'low', string, string]> = [
  // [path, level, rule, reason]
  ['~/.ssh-backup/id_rsa', 'high', 'private-key', 'an SSH private key'],
  ['c:\\users\\me\\_netrc', 'high', 'credential-file', 'a file of stored credentials'],
  ['~/.git-credentials', 'high', 'credential-file', 'a file of stored credentials'],
  ['gcp/service-account-prod.json', 'high', 'service-account', 'a cloud service-account key'],
  ['gcp/client_secret_123.apps.json', 'high', 'service-account', 'a cloud service-account key'],
  ['config/secrets.yml', 'high', 'secrets-file', 'a file named as holding secrets'],
  ['config/secret.json', 'high', 'secrets-file', 'a file named as holding secrets'],
  ['~/.dockercfg', 'high', 'docker-auth', 'container registry credentials'],
  ['~/.docker/config.json', 'high', 'docker-auth', 'container registry credentials'],
  ['~/.ssh/config', 'high', 'ssh-directory', 'inside ~/.ssh (keys and host credentials)'],
  [
    '~/.config/gcloud/configurations/config_default',
    'high',
    'gcloud-directory',
    'inside ~/.config/gcloud (cloud credentials)',
  ],
  ['deploy/secrets/db-password', 'high', 'secrets-directory', 'inside a secrets directory'],
  ['.env', 'medium', 'dotenv', 'an environment file, which usually holds API keys'],
  ['app/.env.production', 'medium', 'dotenv', 'an environment file, which usually holds API keys'],
  ['~/.docker/contexts/meta.json', 'medium', 'docker-directory', 'inside ~/.docker (registry configuration)'],
];

describe('rules with logic of their own, and paths as users write them', () => {
  it.each(CASES)('%s is %s (%s)', (path, level, rule, reason) => {
    expect(detectSensitivePath(path, { homeDir: home, followSymlinks: false })).toEqual({
      level,
      rule,
      reason,
    });
    expect(judged(path.toUpperCase())).toEqual([level, rule]);
  });
});

describe('the edges of each kind of rule', () => {
  it('an extension alone is not a file of that kind; a public key and certificates are not secrets', () => {
    for (const path of [
      'x/.pem',
      'x/.key',
      'x/.gpg',
      'x/.db',
      'x/.tfvars',
      '~/.ssh/id_ed25519.pub',
      'tls/ca.crt',
    ]) {
      expect(judged(path), path).toBeUndefined();
    }
  });

  it('a directory rule needs the directory as a parent, not as the name', () => {
    expect(judged('~/.ssh')).toBeUndefined();
    expect(judged('~/.aws')).toBeUndefined();
    expect(judged('~/.config/gcloud')).toBeUndefined();
    expect(judged('gcloud/x')).toBeUndefined();
    expect(judged('a/.config/gcloud/b/c')).toEqual(['high', 'gcloud-directory']);
    expect(judged('~/.config/other/gcloud')).toBeUndefined();
  });

  it('.env templates hold placeholders: each template suffix is not sensitive, other suffixes are', () => {
    for (const suffix of ['example', 'sample', 'template', 'dist', 'defaults', 'schema']) {
      expect(judged(`.env.${suffix}`), suffix).toBeUndefined();
    }
    expect(judged('.env.local')).toEqual(['medium', 'dotenv']);
    expect(judged('.envrc')).toBeUndefined();
    expect(judged('my.env')).toBeUndefined();
  });

  it('service-account and client_secret names must be JSON; secrets files need one plain extension', () => {
    expect(judged('gcp/service-account.yaml')).toBeUndefined();
    expect(judged('gcp/client_secret.txt')).toBeUndefined();
    expect(judged('gcp/my-service-account.json')).toBeUndefined();
    expect(judged('config/secrets')).toBeUndefined();
    expect(judged('config/secrets.yml.bak')).toBeUndefined();
    expect(judged('config/mysecrets.yml')).toBeUndefined();
  });

  it('config.json is docker-auth only under .docker', () => {
    expect(judged('app/config.json')).toBeUndefined();
    expect(judged('project/.docker/config.json')).toEqual(['high', 'docker-auth']);
  });

  it('~ and ~\\ expand to the home directory; a ~ elsewhere does not', () => {
    expect(detectSensitivePath('~', { homeDir: '/srv/.ssh/inner' })?.rule).toBe('ssh-directory');
    expect(detectSensitivePath('~/config', { homeDir: '/home/u/.aws' })?.rule).toBe('aws-directory');
    expect(detectSensitivePath('~\\config', { homeDir: '/home/u/.aws' })?.rule).toBe('aws-directory');
    expect(detectSensitivePath('x~/config', { homeDir: '/home/u/.aws' })).toBeUndefined();
    // The `~` itself is gone after expansion: `.config` of the home and `gcloud` below it meet.
    expect(detectSensitivePath('~/gcloud/key', { homeDir: '/h/.config' })?.rule).toBe('gcloud-directory');
    expect(detectSensitivePath('~\\gcloud\\key', { homeDir: '/h/.config' })?.rule).toBe('gcloud-directory');
  });

  it('empty segments and `.` do not hide a name: doubled, trailing and dot segments', () => {
    for (const path of [
      'keys//id_rsa',
      'keys/id_rsa/',
      'keys/./id_rsa',
      'keys/id_rsa/.',
      'keys\\\\id_rsa\\',
    ]) {
      expect(judged(path), path).toEqual(['high', 'private-key']);
    }
    expect(judged('a/.config//gcloud/b')).toEqual(['high', 'gcloud-directory']);
    expect(judged('a/.config/./gcloud/b')).toEqual(['high', 'gcloud-directory']);
    for (const path of ['', '/', '.', '//./']) expect(judged(path), path).toBeUndefined();
  });

  it('an option of the wrong type is refused by its name', () => {
    expect(() => detectSensitivePath('x', { homeDir: 5 as never })).toThrow(/homeDir/);
    expect(() => detectSensitivePath('x', { followSymlinks: 'yes' as never })).toThrow(/followSymlinks/);
  });
});

describe('symlinks, on real files', () => {
  let root: string;
  beforeEach(() => {
    root = makeTempDir('tw-sensitive', { realPath: true });
  });

  it('a harmless name linked to a key is judged by its target, saying so', () => {
    mkdirSync(join(root, '.ssh'));
    writeFileSync(join(root, '.ssh', 'id_ed25519'), 'KEY');
    symlinkSync(join(root, '.ssh', 'id_ed25519'), join(root, 'notes.txt'));
    expect(detectSensitivePath(join(root, 'notes.txt'))).toEqual({
      level: 'high',
      rule: 'private-key',
      reason: `an SSH private key (symlink to ${join(root, '.ssh', 'id_ed25519')})`,
    });
    expect(detectSensitivePath(join(root, 'notes.txt'), { followSymlinks: false })).toBeUndefined();
  });

  it('a path through a linked directory is judged where it lands', () => {
    mkdirSync(join(root, '.aws'));
    writeFileSync(join(root, '.aws', 'config'), '[default]');
    symlinkSync(join(root, '.aws'), join(root, 'settings'));
    expect(detectSensitivePath(join(root, 'settings', 'config'))?.rule).toBe('aws-directory');
  });

  it('the more sensitive answer wins: a medium name linked to a low target stays medium', () => {
    writeFileSync(join(root, 'app.db'), '');
    symlinkSync(join(root, 'app.db'), join(root, '.env'));
    expect(detectSensitivePath(join(root, '.env'))).toEqual({
      level: 'medium',
      rule: 'dotenv',
      reason: 'an environment file, which usually holds API keys',
    });
    writeFileSync(join(root, '.npmrc'), '');
    symlinkSync(join(root, '.npmrc'), join(root, 'registry.db'));
    expect(detectSensitivePath(join(root, 'registry.db'))?.rule).toBe('package-registry-config');
  });

  it("a link of the same level keeps the name's own reason", () => {
    writeFileSync(join(root, '.pypirc'), '');
    symlinkSync(join(root, '.pypirc'), join(root, '.npmrc'));
    expect(detectSensitivePath(join(root, '.npmrc'))?.reason).toBe(
      'package registry configuration, which may hold an auth token',
    );
  });

  it('a link reached through `~` is followed from the home directory', () => {
    mkdirSync(join(root, 'keys'));
    writeFileSync(join(root, 'keys', 'id_rsa'), 'KEY');
    symlinkSync(join(root, 'keys', 'id_rsa'), join(root, 'notes.txt'));
    for (const path of ['~/notes.txt', '~\\notes.txt']) {
      expect(detectSensitivePath(path, { homeDir: root }), path).toMatchObject({
        rule: 'private-key',
        reason: `an SSH private key (symlink to ${join(root, 'keys', 'id_rsa')})`,
      });
    }
  });

  it('a dangling or missing path is judged by its name', () => {
    symlinkSync(join(root, 'nowhere'), join(root, 'id_rsa'));
    expect(detectSensitivePath(join(root, 'id_rsa'))?.rule).toBe('private-key');
    expect(detectSensitivePath(join(root, 'missing.txt'))).toBeUndefined();
  });
});

describe('filterSensitive', () => {
  const paths = ['src/a.ts', 'data/app.db', '.env', '~/.ssh/id_rsa'];

  it('keeps the paths at least as sensitive as minLevel, in input order', () => {
    const options = { homeDir: home, followSymlinks: false };
    expect(filterSensitive(paths, 'low', options).map((entry) => entry.path)).toEqual(paths.slice(1));
    expect(filterSensitive(paths, 'medium', options).map((entry) => entry.path)).toEqual([
      '.env',
      '~/.ssh/id_rsa',
    ]);
    expect(filterSensitive(paths, 'high', options)).toEqual([
      {
        path: '~/.ssh/id_rsa',
        match: { level: 'high', rule: 'private-key', reason: 'an SSH private key' },
      },
    ]);
  });

  it('refuses an unknown level instead of keeping nothing', () => {
    expect(() => filterSensitive(paths, 'critical' as never)).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});
