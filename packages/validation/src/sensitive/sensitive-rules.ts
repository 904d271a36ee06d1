/** How sensitive a path is: keys and credentials are high, token-bearing config medium, data low. */
export type SensitivityLevel = 'high' | 'medium' | 'low';

/** The facts a rule looks at: lowercase path segments (either separator), basename, extensions. */
export interface PathFacts {
  segments: readonly string[];
  basename: string;
}

/**
 * What a rule lists, when it is a plain list: file names, extensions, or a directory whose files
 * it covers. Tests read it to check every entry; a rule with logic of its own has none.
 */
export type SensitivePathListing =
  | { readonly kind: 'names'; readonly names: readonly string[] }
  | { readonly kind: 'extensions'; readonly extensions: readonly string[] }
  | { readonly kind: 'directory'; readonly directory: string };

/** One rule of the sensitive-path list. */
export interface SensitivePathRule {
  /** Stable identifier, e.g. `'private-key'`. */
  rule: string;
  level: SensitivityLevel;
  /** Why the path is sensitive, for a permission prompt. */
  reason: string;
  /** The list the rule matches, for a rule that is one. */
  listing?: SensitivePathListing;
  matches(facts: PathFacts): boolean;
}

/** Templates committed to repositories on purpose; they hold placeholders, not secrets. */
const ENV_TEMPLATE_SUFFIXES = new Set(['example', 'sample', 'template', 'dist', 'defaults', 'schema']);

function hasExtension(basename: string, extensions: readonly string[]): boolean {
  return extensions.some((extension) => basename.endsWith(extension) && basename.length > extension.length);
}

/** True when `directory` (one or more segments, e.g. `.config/gcloud`) occurs among the parent segments. */
function underDirectory(facts: PathFacts, directory: readonly string[]): boolean {
  const parents = facts.segments.length - 1;
  for (let start = 0; start + directory.length <= parents; start++) {
    if (directory.every((segment, offset) => facts.segments[start + offset] === segment)) return true;
  }
  return false;
}

function isPublicKey(facts: PathFacts): boolean {
  return facts.basename.endsWith('.pub');
}

function directoryRule(
  rule: string,
  level: SensitivityLevel,
  reason: string,
  directory: string,
): SensitivePathRule {
  const segments = directory.split('/');
  return {
    rule,
    level,
    reason,
    listing: { kind: 'directory', directory },
    matches: (facts) => underDirectory(facts, segments) && !isPublicKey(facts),
  };
}

function nameRule(
  rule: string,
  level: SensitivityLevel,
  reason: string,
  names: readonly string[],
): SensitivePathRule {
  const set = new Set(names);
  return {
    rule,
    level,
    reason,
    listing: { kind: 'names', names },
    matches: (facts) => set.has(facts.basename),
  };
}

function extensionRule(
  rule: string,
  level: SensitivityLevel,
  reason: string,
  extensions: readonly string[],
): SensitivePathRule {
  return {
    rule,
    level,
    reason,
    listing: { kind: 'extensions', extensions },
    matches: (facts) => hasExtension(facts.basename, extensions),
  };
}

/**
 * The rules, highest level first. They cover the real secrets in Continue's built-in list (keys,
 * `*.ppk`, `*.gpg`, `auth.json`, `*.token`, `secrets/`, `.gnupg/`, `.docker/`) and the issue's
 * list, without its false positives: `config.json`, `settings.json`, `*.bak`, public keys
 * (`*.pub`), certificates (`*.crt`, `*.cer`: public by design) and `.env` templates.
 */
export const SENSITIVE_PATH_RULES: readonly SensitivePathRule[] = Object.freeze([
  nameRule('private-key', 'high', 'an SSH private key', [
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'id_ecdsa_sk',
    'id_ed25519_sk',
  ]),
  extensionRule('key-file', 'high', 'a private key or key bundle', [
    '.pem',
    '.key',
    '.p12',
    '.pfx',
    '.ppk',
    '.p8',
  ]),
  extensionRule('keystore', 'high', 'a keystore holding private keys', [
    '.jks',
    '.keystore',
    '.bks',
    '.kdbx',
  ]),
  extensionRule('encrypted-secret', 'high', 'an encrypted secret (GnuPG)', ['.gpg']),
  extensionRule('token-file', 'high', 'a stored access token', ['.token']),
  nameRule('credential-file', 'high', 'a file of stored credentials', [
    'credentials.json',
    'credentials',
    'auth.json',
    '.git-credentials',
    '.netrc',
    '_netrc',
    '.pgpass',
    '.htpasswd',
    'client_secret.json',
    'application_default_credentials.json',
  ]),
  {
    rule: 'service-account',
    level: 'high',
    reason: 'a cloud service-account key',
    matches: (facts: PathFacts) =>
      (facts.basename.startsWith('service-account') || facts.basename.startsWith('client_secret')) &&
      facts.basename.endsWith('.json'),
  },
  {
    rule: 'secrets-file',
    level: 'high',
    reason: 'a file named as holding secrets',
    matches: (facts: PathFacts) => /^secrets?\.[a-z0-9]+$/.test(facts.basename),
  },
  extensionRule('terraform-state', 'high', 'Terraform state, which stores secrets in clear text', [
    '.tfstate',
    '.tfstate.backup',
  ]),
  {
    rule: 'docker-auth',
    level: 'high',
    reason: 'container registry credentials',
    matches: (facts: PathFacts) =>
      facts.basename === '.dockercfg' ||
      (facts.basename === 'config.json' && underDirectory(facts, ['.docker'])),
  },
  directoryRule('ssh-directory', 'high', 'inside ~/.ssh (keys and host credentials)', '.ssh'),
  directoryRule('aws-directory', 'high', 'inside ~/.aws (cloud credentials)', '.aws'),
  directoryRule('azure-directory', 'high', 'inside ~/.azure (cloud credentials)', '.azure'),
  directoryRule('gcloud-directory', 'high', 'inside ~/.config/gcloud (cloud credentials)', '.config/gcloud'),
  directoryRule('kube-directory', 'high', 'inside ~/.kube (cluster credentials)', '.kube'),
  directoryRule('gnupg-directory', 'high', 'inside ~/.gnupg (private keys)', '.gnupg'),
  directoryRule('secrets-directory', 'high', 'inside a secrets directory', 'secrets'),
  {
    rule: 'dotenv',
    level: 'medium',
    reason: 'an environment file, which usually holds API keys',
    matches: (facts: PathFacts) => {
      const name = facts.basename;
      if (name === '.env') return true;
      if (!name.startsWith('.env.')) return false;
      return !ENV_TEMPLATE_SUFFIXES.has(name.slice('.env.'.length));
    },
  },
  nameRule(
    'package-registry-config',
    'medium',
    'package registry configuration, which may hold an auth token',
    ['.npmrc', '.pypirc', '.yarnrc.yml'],
  ),
  nameRule('database-client-config', 'medium', 'database client configuration, which may hold a password', [
    '.my.cnf',
    '.mylogin.cnf',
  ]),
  extensionRule('terraform-variables', 'medium', 'Terraform variables, which often hold secrets', [
    '.tfvars',
    '.tfvars.json',
  ]),
  nameRule('shell-history', 'medium', 'a shell or client history, which often contains typed secrets', [
    '.bash_history',
    '.zsh_history',
    '.psql_history',
    '.mysql_history',
    '.python_history',
  ]),
  directoryRule('docker-directory', 'medium', 'inside ~/.docker (registry configuration)', '.docker'),
  extensionRule('database', 'low', 'a database file', [
    '.sqlite',
    '.sqlite3',
    '.db',
    '.db3',
    '.mdb',
    '.accdb',
  ]),
] satisfies SensitivePathRule[]);
