import { type ExecFileSyncOptions, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { cleanEnvironment } from './pack.js';
import { listWorkspacePackages, repoRoot } from './workspace.js';

const bin = (name: string) => join(repoRoot, 'node_modules', '.bin', name);

/** Folders never copied: installs, caches, build state, and what the tests leave behind. */
const SKIPPED = new Set(['node_modules', '.turbo', '.tmp', '.git', '.conformance', 'coverage', 'reports']);

/**
 * A copy of the repository to release from, so `changeset version` changes the copy's
 * manifests and changesets, never the repository's: the root files, `.changeset/`, and each
 * package with its built `dist` (build first). The workspace install is not copied: `pnpm
 * publish` reads sibling versions from the workspace's manifests to rewrite `workspace:^`.
 */
export function copyRepositoryForRelease(destination: string): string {
  mkdirSync(destination, { recursive: true });
  for (const file of ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml']) {
    cpSync(join(repoRoot, file), join(destination, file));
  }
  const filter = (source: string) => !SKIPPED.has(basename(source));
  cpSync(join(repoRoot, '.changeset'), join(destination, '.changeset'), { recursive: true, filter });
  const packages = listWorkspacePackages();
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  for (const pkg of packages) {
    cpSync(join(repoRoot, pkg.dir), join(destination, pkg.dir), { recursive: true, filter });
    // The links a workspace install makes between siblings: `pnpm publish` reads each
    // `workspace:^` sibling's version through them (and refuses to publish without them).
    const declared = {
      ...pkg.manifest.dependencies,
      ...pkg.manifest.peerDependencies,
      ...pkg.manifest.devDependencies,
    };
    for (const name of Object.keys(declared)) {
      const sibling = byName.get(name);
      if (!sibling) continue;
      const link = join(destination, pkg.dir, 'node_modules', name);
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(relative(dirname(link), join(destination, sibling.dir)), link);
    }
  }
  return destination;
}

/** Runs a command, and on failure throws with its output as text (not buffers). */
export function runOrExplain(command: string, args: string[], options: ExecFileSyncOptions): string {
  try {
    return execFileSync(command, args, { ...options, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    throw new Error(
      `${basename(command)} ${args.join(' ')} failed (exit ${failure.status}) in ${String(options.cwd)}:\n${failure.stdout ?? ''}${failure.stderr ?? ''}`,
    );
  }
}

/** Writes a changeset into the copy: `{ '@toolwright/contracts': 'minor' }`. */
export function addChangeset(
  copy: string,
  id: string,
  releases: Record<string, string>,
  summary: string,
): void {
  const lines = Object.entries(releases).map(([name, bump]) => `"${name}": ${bump}`);
  writeFileSync(join(copy, '.changeset', `${id}.md`), `---\n${lines.join('\n')}\n---\n\n${summary}\n`);
}

/** `changeset version` in the copy (the repository's own @changesets/cli). */
export function versionPackages(copy: string): void {
  runOrExplain(bin('changeset'), ['version'], { cwd: copy, env: cleanEnvironment() });
}

/** The version a package of the copy has now. */
export function versionIn(copy: string, dir: string): string {
  return JSON.parse(readFileSync(join(copy, dir, 'package.json'), 'utf8')).version;
}

/**
 * `pnpm publish` of one package of the copy to `registryUrl` (workspace:^ becomes the
 * sibling's real range); `npmrc` holds the registry's token.
 */
export function publishPackage(copy: string, dir: string, registryUrl: string, npmrc: string): void {
  const userConfig = join(copy, '.npmrc-publish');
  writeFileSync(userConfig, npmrc);
  runOrExplain(bin('pnpm'), ['publish', '--no-git-checks', '--registry', registryUrl], {
    cwd: join(copy, dir),
    env: { ...cleanEnvironment(), npm_config_userconfig: userConfig },
  });
}

/** The publishable packages' folders, in dependency order (a dependency before its dependents). */
export function publishOrder(): string[] {
  const packages = listWorkspacePackages().filter((pkg) => !pkg.private);
  const names = new Set(packages.map((pkg) => pkg.name));
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    const pkg = packages.find((candidate) => candidate.name === name);
    if (!pkg || ordered.includes(pkg.dir) || seen.has(name)) return;
    seen.add(name);
    const declared = { ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies };
    for (const dependency of Object.keys(declared)) if (names.has(dependency)) visit(dependency, seen);
    ordered.push(pkg.dir);
  };
  for (const pkg of packages) visit(pkg.name, new Set());
  return ordered;
}
