import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { resolveRealPath } from '../paths/real-path.js';

/** A directory git runs code from, found by reading the repository's files, with why it counts. */
export interface GitDirectory {
  /** Real path. */
  readonly path: string;
  readonly reason: string;
}

/**
 * The git directories of one workspace, whatever they are named: the repository's git directory
 * (found through a `.git` file's `gitdir:` line for a worktree, a submodule or
 * `--separate-git-dir`), its common directory (`commondir`, for a worktree), the workspace itself
 * when it is a bare repository, and every `core.hooksPath` in the repository's and the user's git
 * configuration. Git runs hooks from these and obeys their `config`, so a write there runs a
 * command at the next `git status` or `git commit`.
 *
 * Found by reading files, never by spawning git: this is on the path of every write decision.
 */
export interface GitLayout {
  readonly workspaceRoot: string;
  readonly directories: readonly GitDirectory[];
}

/** The files a layout was read from, with what they looked like, to see when it is stale. */
interface CachedLayout {
  readonly layout: GitLayout;
  readonly inputs: ReadonlyMap<string, string>;
}

const cache = new Map<string, CachedLayout>();

/** Config files followed through `[include] path = ...`, at most this deep (git's own limit is 10). */
const MAX_INCLUDE_DEPTH = 10;
/** Ancestors of the workspace searched for the repository it belongs to. */
const MAX_ANCESTORS = 64;

/**
 * The {@link GitLayout} of `workspaceRoot` (a real path). Cached per workspace root; the cache is
 * checked on every call against the size and modification time of each file it was read from
 * (`.git` files, `commondir`, git configs, `HEAD`), so a repository turned into a worktree or
 * given a new `core.hooksPath` is seen at the next decision. A handful of `stat` calls per write
 * decision; reads never call it.
 */
export function gitLayoutOf(workspaceRoot: string): GitLayout {
  const cached = cache.get(workspaceRoot);
  if (cached !== undefined && [...cached.inputs].every(([file, seen]) => fingerprint(file) === seen)) {
    return cached.layout;
  }
  const inputs = new Map<string, string>();
  const layout = readLayout(workspaceRoot, (file) => {
    if (!inputs.has(file)) inputs.set(file, fingerprint(file));
  });
  cache.set(workspaceRoot, { layout, inputs });
  return layout;
}

/**
 * True when `directory` looks like a git directory (`HEAD` file, `objects/` and `refs/`
 * directories), as git itself decides for a bare repository or a `--git-dir`. Checked on each
 * ancestor of a written path: a bare repository inside the workspace runs its hooks for
 * `git -C that.git ...` whatever it is named.
 */
export function isGitDirectory(directory: string): boolean {
  return (
    kindOf(join(directory, 'HEAD')) === 'file' &&
    kindOf(join(directory, 'objects')) === 'directory' &&
    kindOf(join(directory, 'refs')) === 'directory'
  );
}

function readLayout(workspaceRoot: string, watch: (file: string) => void): GitLayout {
  const directories: GitDirectory[] = [];
  const add = (path: string | undefined, reason: string): void => {
    if (path === undefined) return;
    const real = safeRealPath(path);
    if (real !== undefined && !directories.some((directory) => directory.path === real)) {
      directories.push({ path: real, reason });
    }
  };
  const home = homedir();
  let gitDirectory: string | undefined;
  let workTree: string | undefined;
  let directory = workspaceRoot;
  for (let depth = 0; depth < MAX_ANCESTORS; depth += 1) {
    watch(join(directory, 'HEAD'));
    if (isGitDirectory(directory)) {
      gitDirectory = directory; // a bare repository (or the workspace is inside a git directory)
      add(directory, 'a git directory (its hooks and config run code)');
      break;
    }
    const dotGit = join(directory, '.git');
    watch(dotGit);
    const kind = kindOf(dotGit);
    if (kind === 'directory') {
      gitDirectory = dotGit;
      workTree = directory;
      add(dotGit, 'the git directory (its hooks and config run code)');
      break;
    }
    if (kind === 'file') {
      const target = gitdirLine(dotGit);
      if (target !== undefined) {
        gitDirectory = resolve(directory, target);
        workTree = directory;
        add(gitDirectory, `the git directory named by ${dotGit} (its hooks and config run code)`);
      }
      break;
    }
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  const configs: string[] = [];
  if (gitDirectory !== undefined) {
    const commonFile = join(gitDirectory, 'commondir');
    watch(commonFile);
    const common = readText(commonFile)?.trim();
    const commonDirectory = common ? resolve(gitDirectory, common) : gitDirectory;
    if (commonDirectory !== gitDirectory) {
      add(commonDirectory, 'the common git directory of this worktree (its hooks and config run code)');
    }
    configs.push(join(commonDirectory, 'config'), join(gitDirectory, 'config.worktree'));
  }
  // Every level git reads: the system file, the XDG and home files, and GIT_CONFIG_GLOBAL.
  const xdg = process.env.XDG_CONFIG_HOME;
  const global = process.env.GIT_CONFIG_GLOBAL;
  configs.push(
    '/etc/gitconfig',
    join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.config'), 'git', 'config'),
    join(home, '.gitconfig'),
    ...(global !== undefined && isAbsolute(global) ? [global] : []),
  );
  for (const config of configs) {
    const read: string[] = [];
    const reading = (file: string): void => {
      watch(file);
      read.push(file);
    };
    for (const hooksPath of hooksPathsIn(config, reading, 0)) {
      const expanded = hooksPath.startsWith('~/') ? join(home, hooksPath.slice(2)) : hooksPath;
      // Git runs hooks from the top of the working tree, so a relative hooksPath is relative to it.
      add(
        resolve(workTree ?? gitDirectory ?? workspaceRoot, expanded),
        `git hooks (core.hooksPath in ${config})`,
      );
    }
    // Every config file git reads, included ones too: a `[include] path = ../common.gitconfig` makes a
    // workspace file one that can set hooks, aliases and `core.fsmonitor`.
    for (const file of read) {
      if (kindOf(file) === 'file') add(file, `git configuration (read by git through ${config})`);
    }
  }
  return Object.freeze({ workspaceRoot, directories: Object.freeze(directories) });
}

/** The target of a `.git` file's `gitdir: <path>` line. */
function gitdirLine(file: string): string | undefined {
  const match = /^gitdir:[ \t]*(.+?)[ \t]*$/m.exec(readText(file) ?? '');
  return match?.[1];
}

/**
 * Every `core.hooksPath` value in a git config file and the files it includes. A small reader of
 * git's format: `[section]` and `[section "sub"]` headers, `key = value` lines, `#`/`;`
 * comments, double-quoted values. `includeIf` is followed whatever its condition: a hooks
 * directory that git might use is protected.
 */
function hooksPathsIn(file: string, watch: (file: string) => void, depth: number): string[] {
  watch(file);
  const text = readText(file);
  if (text === undefined || depth > MAX_INCLUDE_DEPTH) return [];
  const found: string[] = [];
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"(?:[^"\\]|\\.)*")?\s*\]\s*(.*)$/.exec(line);
    if (header !== null) {
      section = (header[1] ?? '').toLowerCase();
      continue;
    }
    const entry = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (entry === null) continue;
    const key = (entry[1] ?? '').toLowerCase();
    const value = configValue(entry[2] ?? '');
    if (value === '') continue;
    if (section === 'core' && key === 'hookspath') found.push(value);
    if ((section === 'include' || section === 'includeif') && key === 'path') {
      const included = value.startsWith('~/')
        ? join(homedir(), value.slice(2))
        : resolve(dirname(file), value);
      found.push(...hooksPathsIn(included, watch, depth + 1));
    }
  }
  return found;
}

/** A config value without its comment and quotes. */
function configValue(text: string): string {
  let value = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (character === '\\' && index + 1 < text.length) {
      value += text[index + 1];
      index += 1;
    } else if (character === '"') {
      quoted = !quoted;
    } else if (!quoted && (character === '#' || character === ';')) {
      break;
    } else {
      value += character;
    }
  }
  return value.trim();
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** What `path` is, symlinks followed (as git follows them); `undefined` when missing or neither. */
export function kindOf(path: string): 'file' | 'directory' | undefined {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : undefined;
  } catch {
    return undefined;
  }
}

function fingerprint(file: string): string {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return 'missing';
  }
}

function safeRealPath(path: string): string | undefined {
  try {
    return resolveRealPath(path);
  } catch {
    return undefined;
  }
}
