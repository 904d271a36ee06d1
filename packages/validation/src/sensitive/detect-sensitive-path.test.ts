import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { detectSensitivePath, filterSensitive } from './detect-sensitive-path.js';

const home = '/home/ada';
const level = (path: string) => detectSensitivePath(path, { homeDir: home, followSymlinks: false })?.level;
const rule = (path: string) => detectSensitivePath(path, { homeDir: home, followSymlinks: false })?.rule;

describe('detectSensitivePath: the rules', () => {
  it.each([
    ['~/.ssh/id_rsa', 'high', 'private-key'],
    ['/keys/id_dsa', 'high', 'private-key'],
    ['/keys/id_ecdsa', 'high', 'private-key'],
    ['project/id_ed25519', 'high', 'private-key'],
    ['certs/server.pem', 'high', 'key-file'],
    ['certs/server.key', 'high', 'key-file'],
    ['certs/client.p12', 'high', 'key-file'],
    ['certs/client.pfx', 'high', 'key-file'],
    ['putty/server.ppk', 'high', 'key-file'],
    ['android/release.keystore', 'high', 'keystore'],
    ['java/trust.jks', 'high', 'keystore'],
    ['vault.kdbx', 'high', 'keystore'],
    ['backup.tar.gpg', 'high', 'encrypted-secret'],
    ['~/.config/hub/github.token', 'high', 'token-file'],
    ['~/.pgpass', 'high', 'credential-file'],
    ['gcp/credentials.json', 'high', 'credential-file'],
    ['~/.local/share/opencode/auth.json', 'high', 'credential-file'],
    ['~/.netrc', 'high', 'credential-file'],
    ['~/.git-credentials', 'high', 'credential-file'],
    ['/etc/nginx/.htpasswd', 'high', 'credential-file'],
    ['gcp/service-account-prod.json', 'high', 'service-account'],
    ['gcp/service-account.json', 'high', 'service-account'],
    ['config/secrets.yaml', 'high', 'secrets-file'],
    ['config/secrets.json', 'high', 'secrets-file'],
    ['infra/terraform.tfstate', 'high', 'terraform-state'],
    ['infra/terraform.tfstate.backup', 'high', 'terraform-state'],
    ['~/.dockercfg', 'high', 'docker-auth'],
    ['~/.docker/config.json', 'high', 'docker-auth'],
    ['~/.ssh/config', 'high', 'ssh-directory'],
    ['~/.aws/config', 'high', 'aws-directory'],
    ['~/.azure/accessTokens.json', 'high', 'azure-directory'],
    ['~/.config/gcloud/application_default_credentials.json', 'high', 'credential-file'],
    ['~/.config/gcloud/configurations/config_default', 'high', 'gcloud-directory'],
    ['~/.kube/config', 'high', 'kube-directory'],
    ['~/.gnupg/pubring.kbx', 'high', 'gnupg-directory'],
    ['deploy/secrets/db-password', 'high', 'secrets-directory'],
    ['.env', 'medium', 'dotenv'],
    ['app/.env.local', 'medium', 'dotenv'],
    ['app/.env.production', 'medium', 'dotenv'],
    ['~/.npmrc', 'medium', 'package-registry-config'],
    ['~/.pypirc', 'medium', 'package-registry-config'],
    ['~/.my.cnf', 'medium', 'database-client-config'],
    ['infra/prod.tfvars', 'medium', 'terraform-variables'],
    ['~/.bash_history', 'medium', 'shell-history'],
    ['~/.docker/daemon.json', 'medium', 'docker-directory'],
    ['data/app.sqlite', 'low', 'database'],
    ['data/app.db', 'low', 'database'],
  ])('%s is %s (%s)', (path, expectedLevel, expectedRule) => {
    expect(level(path)).toBe(expectedLevel);
    expect(rule(path)).toBe(expectedRule);
  });

  it.each([
    // .env templates are committed on purpose and hold placeholders: not secrets.
    '.env.example',
    '.env.sample',
    '.env.template',
    'app/.env.dist',
    // Continue's false positives.
    'config.json',
    '.vscode/settings.json',
    'notes.txt.bak',
    'src/config.json',
    // Public halves and public material.
    '~/.ssh/id_rsa.pub',
    'keys/id_ed25519.pub',
    'certs/ca.crt',
    'certs/server.cer',
    // Names that merely contain a rule's text.
    'src/keyboard.ts',
    'docs/ssh-guide.md',
    'src/environment.ts',
    'my.envelope',
    'secretsanta.txt',
    'src/monkey.ts',
  ])('%s is not sensitive', (path) => {
    expect(detectSensitivePath(path, { homeDir: home, followSymlinks: false })).toBeUndefined();
  });

  it('matches directory rules on path segments with either separator, case-insensitively', () => {
    expect(level('C:\\Users\\ada\\.SSH\\known_hosts')).toBe('high');
    expect(level('C:\\Users\\ada\\.Aws\\Credentials')).toBe('high');
    expect(level('/home/ada/.config\\gcloud/x')).toBe('high');
    expect(level('/home/ada/ID_RSA')).toBe('high');
    expect(level('/srv/.ENV')).toBe('medium');
    expect(level('/home/ada/.sshx/file')).toBeUndefined();
    expect(level('/home/ada/gcloud/x')).toBeUndefined();
  });

  it('expands ~ against the given home directory', () => {
    expect(detectSensitivePath('~/.ssh', { homeDir: home, followSymlinks: false })).toBeUndefined();
    expect(detectSensitivePath('~/.ssh/known_hosts', { homeDir: home, followSymlinks: false })?.rule).toBe(
      'ssh-directory',
    );
    expect(
      detectSensitivePath('~\\.kube\\config', { homeDir: 'C:\\Users\\ada', followSymlinks: false })?.rule,
    ).toBe('kube-directory');
  });
});

describe('detectSensitivePath: symlinks are judged by their target too', () => {
  const root = makeTempDir('toolwright-sensitive');
  mkdirSync(join(root, '.ssh'));
  writeFileSync(join(root, '.ssh', 'id_ed25519'), 'not a real key');
  writeFileSync(join(root, '.ssh', 'config'), 'Host *');
  writeFileSync(join(root, 'notes.txt'), 'plain');
  symlinkSync(join(root, '.ssh', 'id_ed25519'), join(root, 'innocent.txt'));
  symlinkSync(join(root, '.ssh'), join(root, 'docs'));

  it('a harmless-looking link to a private key is high', () => {
    const match = detectSensitivePath(join(root, 'innocent.txt'));
    expect(match).toMatchObject({ level: 'high', rule: 'private-key' });
    expect(match?.reason).toContain('symlink to');
    expect(detectSensitivePath(join(root, 'innocent.txt'), { followSymlinks: false })).toBeUndefined();
  });

  it('a path through a symlinked directory is judged by where it really goes', () => {
    // "config" is innocent on its own, and "docs" is not a link itself: only the directory rule
    // (the real path differs from the written one) finds that docs/config is ~/.ssh/config.
    const throughLink = join(root, 'docs', 'config');
    expect(detectSensitivePath(throughLink, { followSymlinks: false })).toBeUndefined();
    expect(detectSensitivePath(throughLink)).toEqual({
      level: 'high',
      rule: 'ssh-directory',
      reason: `inside ~/.ssh (keys and host credentials) (symlink to ${realpathSync(join(root, '.ssh', 'config'))})`,
    });
    expect(detectSensitivePath(join(root, 'notes.txt'))).toBeUndefined();
  });
});

describe('filterSensitive', () => {
  it('keeps paths at or above the minimum level, in input order', () => {
    const paths = ['src/a.ts', '/srv/app.db', '/srv/.env', '/k/id_rsa', '.env.example'];
    expect(filterSensitive(paths, 'medium', { homeDir: home, followSymlinks: false })).toEqual([
      {
        path: '/srv/.env',
        match: {
          level: 'medium',
          rule: 'dotenv',
          reason: 'an environment file, which usually holds API keys',
        },
      },
      { path: '/k/id_rsa', match: { level: 'high', rule: 'private-key', reason: 'an SSH private key' } },
    ]);
    expect(filterSensitive(paths, 'low').map((entry) => entry.path)).toEqual([
      '/srv/app.db',
      '/srv/.env',
      '/k/id_rsa',
    ]);
    expect(filterSensitive(paths, 'high').map((entry) => entry.path)).toEqual(['/k/id_rsa']);
  });
});
