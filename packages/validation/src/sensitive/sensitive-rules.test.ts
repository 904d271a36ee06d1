// Every name, extension and directory of the sensitive-path list, with its level and rule, and
// the edges of each kind of rule; symlinks on real files.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { detectSensitivePath, filterSensitive } from './detect-sensitive-path.js';

const home = '/home/user';

function judged(path: string): [string, string] | undefined {
  const match = detectSensitivePath(path, { homeDir: home, followSymlinks: false });
  return match === undefined ? undefined : [match.level, match.rule];
}

const CASES: ReadonlyArray<[string, 'high' | 'medium' | 'low', string, string]> = [
  // [path, level, rule, reason]
  ['~/.ssh-backup/id_rsa', 'high', 'private-key', 'an SSH private key'],
  ['keys/id_dsa', 'high', 'private-key', 'an SSH private key'],
  ['keys/id_ecdsa', 'high', 'private-key', 'an SSH private key'],
  ['keys/id_ed25519', 'high', 'private-key', 'an SSH private key'],
  ['keys/id_ecdsa_sk', 'high', 'private-key', 'an SSH private key'],
  ['keys/id_ed25519_sk', 'high', 'private-key', 'an SSH private key'],
  ['tls/server.pem', 'high', 'key-file', 'a private key or key bundle'],
  ['tls/server.key', 'high', 'key-file', 'a private key or key bundle'],
  ['tls/bundle.p12', 'high', 'key-file', 'a private key or key bundle'],
  ['tls/bundle.pfx', 'high', 'key-file', 'a private key or key bundle'],
  ['putty/me.ppk', 'high', 'key-file', 'a private key or key bundle'],
  ['apple/AuthKey.p8', 'high', 'key-file', 'a private key or key bundle'],
  ['java/app.jks', 'high', 'keystore', 'a keystore holding private keys'],
  ['java/app.keystore', 'high', 'keystore', 'a keystore holding private keys'],
  ['java/app.bks', 'high', 'keystore', 'a keystore holding private keys'],
  ['vault/passwords.kdbx', 'high', 'keystore', 'a keystore holding private keys'],
  ['notes.txt.gpg', 'high', 'encrypted-secret', 'an encrypted secret (GnuPG)'],
  ['cache/github.token', 'high', 'token-file', 'a stored access token'],
  ['app/credentials.json', 'high', 'credential-file', 'a file of stored credentials'],
  ['app/credentials', 'high', 'credential-file', 'a file of stored credentials'],
  ['app/auth.json', 'high', 'credential-file', 'a file of stored credentials'],
  ['~/.git-credentials', 'high', 'credential-file', 'a file of stored credentials'],
  ['~/.netrc', 'high', 'credential-file', 'a file of stored credentials'],
  ['c:\\users\\me\\_netrc', 'high', 'credential-file', 'a file of stored credentials'],
  ['~/.pgpass', 'high', 'credential-file', 'a file of stored credentials'],
  ['web/.htpasswd', 'high', 'credential-file', 'a file of stored credentials'],
  ['gcp/client_secret.json', 'high', 'credential-file', 'a file of stored credentials'],
  ['gcp/application_default_credentials.json', 'high', 'credential-file', 'a file of stored credentials'],
  ['gcp/service-account-prod.json', 'high', 'service-account', 'a cloud service-account key'],
  ['gcp/client_secret_123.apps.json', 'high', 'service-account', 'a cloud service-account key'],
  ['config/secrets.yml', 'high', 'secrets-file', 'a file named as holding secrets'],
  ['config/secret.json', 'high', 'secrets-file', 'a file named as holding secrets'],
  [
    'infra/terraform.tfstate',
    'high',
    'terraform-state',
    'Terraform state, which stores secrets in clear text',
  ],
  [
    'infra/terraform.tfstate.backup',
    'high',
    'terraform-state',
    'Terraform state, which stores secrets in clear text',
  ],
  ['~/.dockercfg', 'high', 'docker-auth', 'container registry credentials'],
  ['~/.docker/config.json', 'high', 'docker-auth', 'container registry credentials'],
  ['~/.ssh/config', 'high', 'ssh-directory', 'inside ~/.ssh (keys and host credentials)'],
  ['~/.aws/config', 'high', 'aws-directory', 'inside ~/.aws (cloud credentials)'],
  ['~/.azure/msal_token_cache.bin', 'high', 'azure-directory', 'inside ~/.azure (cloud credentials)'],
  [
    '~/.config/gcloud/configurations/config_default',
    'high',
    'gcloud-directory',
    'inside ~/.config/gcloud (cloud credentials)',
  ],
  ['~/.kube/config', 'high', 'kube-directory', 'inside ~/.kube (cluster credentials)'],
  ['~/.gnupg/pubring.kbx', 'high', 'gnupg-directory', 'inside ~/.gnupg (private keys)'],
  ['deploy/secrets/db-password', 'high', 'secrets-directory', 'inside a secrets directory'],
  ['.env', 'medium', 'dotenv', 'an environment file, which usually holds API keys'],
  ['app/.env.production', 'medium', 'dotenv', 'an environment file, which usually holds API keys'],
  [
    '~/.npmrc',
    'medium',
    'package-registry-config',
    'package registry configuration, which may hold an auth token',
  ],
  [
    '~/.pypirc',
    'medium',
    'package-registry-config',
    'package registry configuration, which may hold an auth token',
  ],
  [
    'app/.yarnrc.yml',
    'medium',
    'package-registry-config',
    'package registry configuration, which may hold an auth token',
  ],
  [
    '~/.my.cnf',
    'medium',
    'database-client-config',
    'database client configuration, which may hold a password',
  ],
  [
    '~/.mylogin.cnf',
    'medium',
    'database-client-config',
    'database client configuration, which may hold a password',
  ],
  ['infra/prod.tfvars', 'medium', 'terraform-variables', 'Terraform variables, which often hold secrets'],
  [
    'infra/prod.tfvars.json',
    'medium',
    'terraform-variables',
    'Terraform variables, which often hold secrets',
  ],
  [
    '~/.bash_history',
    'medium',
    'shell-history',
    'a shell or client history, which often contains typed secrets',
  ],
  [
    '~/.zsh_history',
    'medium',
    'shell-history',
    'a shell or client history, which often contains typed secrets',
  ],
  [
    '~/.psql_history',
    'medium',
    'shell-history',
    'a shell or client history, which often contains typed secrets',
  ],
  [
    '~/.mysql_history',
    'medium',
    'shell-history',
    'a shell or client history, which often contains typed secrets',
  ],
  [
    '~/.python_history',
    'medium',
    'shell-history',
    'a shell or client history, which often contains typed secrets',
  ],
  ['~/.docker/contexts/meta.json', 'medium', 'docker-directory', 'inside ~/.docker (registry configuration)'],
  ['data/app.sqlite', 'low', 'database', 'a database file'],
  ['data/app.sqlite3', 'low', 'database', 'a database file'],
  ['data/app.db', 'low', 'database', 'a database file'],
  ['data/app.db3', 'low', 'database', 'a database file'],
  ['data/app.mdb', 'low', 'database', 'a database file'],
  ['data/app.accdb', 'low', 'database', 'a database file'],
];

describe('every entry of the list, with its level, rule and reason', () => {
  it.each(CASES)('%s is %s (%s)', (path, level, rule, reason) => {
    expect(detectSensitivePath(path, { homeDir: home, followSymlinks: false })).toEqual({
      level,
      rule,
      reason,
    });
    expect(judged(path.toUpperCase().replace('~', '~'))).toEqual([level, rule]);
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
