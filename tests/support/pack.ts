import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { listWorkspacePackages, repoRoot, type WorkspacePackage } from './workspace.js';

const pnpmBin = join(repoRoot, 'node_modules', '.bin', 'pnpm');

/**
 * The environment for package-manager commands run in a temporary project: without the
 * `npm_*` variables that `npm test` / `pnpm run` export, which would otherwise point the child
 * at this workspace's configuration.
 */
export function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_|PNPM_|INIT_CWD$)/i.test(key)) env[key] = value;
  }
  return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
}

/** What a command printed (stdout and stderr when it failed) and its exit status. */
export interface CommandOutcome {
  status: number;
  output: string;
}

/**
 * Runs a command to the end without throwing, in the clean environment (no pnpm/npm variables of
 * this run), so a test can assert on a failure's exit status and message as on a success.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = cleanEnvironment(),
): CommandOutcome {
  try {
    const output = execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe', env });
    return { status: 0, output };
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    return { status: failure.status ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** Builds every package (turbo, cached) so the tarballs hold the current sources. */
export function buildWorkspace(): void {
  execFileSync(pnpmBin, ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'pipe',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
}

export interface PackedPackage {
  readonly pkg: WorkspacePackage;
  readonly tarball: string;
}

/** Packs every publishable workspace package the way `pnpm publish` would (workspace:^ rewritten). */
export function packPublishablePackages(): PackedPackage[] {
  const destination = makeTempDir('toolwright-packs');
  return listWorkspacePackages()
    .filter((pkg) => !pkg.private)
    .map((pkg) => {
      const output = execFileSync(pnpmBin, ['pack', '--pack-destination', destination, '--json'], {
        cwd: join(repoRoot, pkg.dir),
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const { filename } = JSON.parse(output) as { filename: string };
      return { pkg, tarball: filename };
    });
}

/**
 * Creates a project outside the workspace that depends on `dependencies` only. Every other
 * toolwright package is redirected to its local tarball through `overrides`: it is installed
 * only if a declared dependency pulls it in, which is what a user of the registry would get.
 */
export function installIntoTemporaryProject(
  dependencies: readonly PackedPackage[],
  allPacked: readonly PackedPackage[],
  label: string,
): string {
  const projectDir = makeTempDir(`toolwright-consumer-${label}`);
  mkdirSync(projectDir, { recursive: true });
  const manifest = {
    name: `consumer-${label}`,
    private: true,
    type: 'module',
    dependencies: Object.fromEntries(dependencies.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`])),
    overrides: Object.fromEntries(allPacked.map(({ pkg, tarball }) => [pkg.name, `file:${tarball}`])),
  };
  writeFileSync(join(projectDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline'], {
    cwd: projectDir,
    stdio: 'pipe',
    env: cleanEnvironment(),
  });
  return projectDir;
}
