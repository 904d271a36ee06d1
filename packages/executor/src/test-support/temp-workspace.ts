// A real temporary directory with a workspace and a fake home beside it, for tests that attack
// the permission layer with real files and real symlinks. Nothing here is mocked.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';

/** A temporary tree: `<root>/workspace` and `<root>/home`, both real (symlink-free) paths. */
export interface TempWorkspace {
  /** The temporary directory holding both; outside the workspace. */
  readonly root: string;
  /** The workspace root. */
  readonly workspace: string;
  /** A fake home directory outside the workspace, with `.ssh`, `.config/gh` and `.bashrc`. */
  readonly home: string;
  /** Writes a file (parents created) at a path relative to the workspace; returns its absolute path. */
  file(relative: string, content?: string): string;
  /** Creates a directory (parents created) relative to the workspace; returns its absolute path. */
  dir(relative: string): string;
  /** Creates the symlink `relative -> target` inside the workspace (parents created); returns its path. */
  symlink(relative: string, target: string): string;
  /** The absolute path of `relative` inside the workspace, without touching the disk. */
  path(relative: string): string;
  /** Removes the whole tree now (it is removed anyway when the test, or the file's tests, end). */
  remove(): void;
}

/**
 * Makes a fresh tree under the OS temp directory, removed as {@link makeTempDir} removes its
 * directories. The fake home holds what an attacker wants:
 * `.ssh/id_ed25519`, `.config/gh/hosts.yml` and `.bashrc`; `.ssh/authorized_keys` does not exist
 * yet, so a write creating it can be tried.
 */
export function makeTempWorkspace(prefix = 'tw-executor-'): TempWorkspace {
  const root = makeTempDir(prefix.replace(/-$/, ''), { realPath: true });
  const workspace = join(root, 'workspace');
  const home = join(root, 'home');
  mkdirSync(workspace);
  writeAt(join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
  writeAt(join(home, '.config', 'gh', 'hosts.yml'), 'oauth_token: gho_x');
  writeAt(join(home, '.bashrc'), 'export PATH');
  return {
    root,
    workspace,
    home,
    file(relative, content = '') {
      const path = join(workspace, relative);
      writeAt(path, content);
      return path;
    },
    dir(relative) {
      const path = join(workspace, relative);
      mkdirSync(path, { recursive: true });
      return path;
    },
    symlink(relative, target) {
      const path = join(workspace, relative);
      mkdirSync(dirname(path), { recursive: true });
      symlinkSync(target, path);
      return path;
    },
    path(relative) {
      return join(workspace, relative);
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function writeAt(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
