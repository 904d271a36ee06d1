import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface WorkspacePackage {
  /** Folder relative to the repo root, e.g. `packages/validation`. */
  readonly dir: string;
  readonly name: string;
  readonly private: boolean;
  readonly manifest: Record<string, unknown> & {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
}

/** Every package of the workspace, read from disk, so packages added later are covered too. */
export function listWorkspacePackages(): WorkspacePackage[] {
  const found: WorkspacePackage[] = [];
  for (const group of ['packages', 'apps']) {
    for (const entry of readdirSync(join(repoRoot, group)).sort()) {
      const manifestPath = join(repoRoot, group, entry, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      found.push({
        dir: `${group}/${entry}`,
        name: manifest.name,
        private: manifest.private === true,
        manifest,
      });
    }
  }
  return found;
}

/** The names of the workspace packages a manifest depends on at run time (not dev). */
export function workspaceRuntimeDependencies(
  pkg: WorkspacePackage,
  workspaceNames: ReadonlySet<string>,
): string[] {
  const declared = { ...pkg.manifest.dependencies, ...pkg.manifest.peerDependencies };
  return Object.keys(declared).filter((name) => workspaceNames.has(name));
}
