import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { isInsideDirectory } from '../paths/real-path.js';
import { type GitLayout, gitLayoutOf, isGitDirectory, kindOf } from './git-directory.js';

/**
 * Files that change the agent's own behaviour, run code when something else starts, or are
 * obeyed as instructions: writing one is how a model could widen its own permissions (its
 * settings), add a server that runs commands (an MCP config), run code at the next commit,
 * install, test run, shell or editor start (git hooks, package scripts, build files, editor
 * tasks), or steer the next agent that opens the repository (its instruction files). A write to
 * one always asks, whatever the allow rules say.
 */
export interface ProtectedPathMatch {
  readonly path: string;
  readonly reason: string;
}

/**
 * One entry of {@link PROTECTED_PATHS}. `pattern` is one or more `/`-separated segments, matched
 * against consecutive segments of a path (case-insensitively, in Unicode NFC); `*` in a segment
 * matches any characters. A `file` entry matches a path that ends with those segments; a
 * `directory` entry matches the directory itself and everything below it, wherever it is.
 */
export interface ProtectedPathEntry {
  readonly pattern: string;
  readonly kind: 'file' | 'directory';
  /** Who runs or obeys it; the reason the user is shown. */
  readonly reason: string;
}

const entry = (pattern: string, kind: 'file' | 'directory', reason: string): ProtectedPathEntry =>
  Object.freeze({ pattern, kind, reason });
const files = (reason: string, ...patterns: string[]): ProtectedPathEntry[] =>
  patterns.map((pattern) => entry(pattern, 'file', reason));
const directories = (reason: string, ...patterns: string[]): ProtectedPathEntry[] =>
  patterns.map((pattern) => entry(pattern, 'directory', reason));

/**
 * The protected files and directories, by what runs or obeys them. The principle: a file is here
 * when something other than the project's own source runs its content as code, or obeys it as
 * configuration or instructions, during an ordinary action the user did not aim at that file —
 * entering the directory, opening it in an editor, installing, building, testing, committing,
 * starting a shell or another agent. Ordinary source files (and config files that are modules
 * the project's tools import, like `vite.config.ts`) run when the project runs and are not
 * here: protecting them would protect the whole project. A `Dockerfile` runs in a container,
 * not on the host, and is not here either; `.devcontainer` definitions run on the host and are.
 */
export const PROTECTED_PATHS: readonly ProtectedPathEntry[] = Object.freeze([
  // The agent itself and other agents: settings, MCP servers, hooks, instruction files.
  ...files("the agent's own configuration", 'toolwright.config.json'),
  ...directories("the agent's own configuration", '.toolwright'),
  ...files('MCP server configuration (servers run commands)', '.mcp.json', 'mcp.json'),
  ...directories("an agent's settings and hooks", '.claude'),
  ...directories(
    "an agent's settings and MCP config",
    '.cursor',
    '.gemini',
    '.windsurf',
    '.codex',
    '.opencode',
  ),
  ...directories("an agent's settings", '.continue', '.roo', '.kiro', '.junie', '.amazonq', '.aider'),
  ...directories("an agent's rules (instructions it obeys)", '.clinerules', '.cursorrules', '.windsurfrules'),
  ...files(
    'instructions another agent obeys',
    'AGENTS.md',
    'AGENT.md',
    'CLAUDE.md',
    'CLAUDE.local.md',
    'GEMINI.md',
    '.goosehints',
    '.rules',
    '.github/copilot-instructions.md',
  ),
  ...directories(
    'instructions another agent obeys',
    '.github/instructions',
    '.github/prompts',
    '.github/chatmodes',
  ),
  ...files(
    "an agent's configuration",
    'opencode.json',
    'opencode.jsonc',
    '.aider.conf.yml',
    '.aider.conf.yaml',
    '.aiderignore',
    'crush.json',
    '.crush.json',
  ),
  // Git: hooks and config run commands (the real git directory is found by reading the repository).
  ...directories('git internals (hooks and config run code)', '.git'),
  ...directories('git hooks', '.husky', '.githooks'),
  ...files('git configuration (can run code)', '.gitconfig'),
  ...files('git submodule configuration', '.gitmodules'),
  ...files('git filters (can run code)', '.gitattributes'),
  ...files('pre-commit hooks', '.pre-commit-config.yaml', '.pre-commit-config.yml'),
  ...files(
    'git hooks',
    '.huskyrc',
    '.huskyrc.json',
    '.huskyrc.js',
    '.huskyrc.cjs',
    '.huskyrc.yaml',
    '.huskyrc.yml',
    '.lefthook.yml',
    'lefthook.yml',
    '.lefthook.yaml',
    'lefthook.yaml',
    'lefthook-local.yml',
    '.lefthook-local.yml',
    '.simple-git-hooks.json',
    '.simple-git-hooks.js',
    '.simple-git-hooks.cjs',
    '.lintstagedrc*',
    'lint-staged.config.*',
  ),
  // Package managers: scripts and install hooks run on install, test and run.
  ...files('package scripts (npm, pnpm, yarn and bun run them)', 'package.json'),
  ...files('npm configuration (scripts, registries)', '.npmrc'),
  ...files(
    'pnpm hooks (run on install)',
    '.pnpmfile.cjs',
    '.pnpmfile.mjs',
    'pnpmfile.js',
    'pnpm-workspace.yaml',
  ),
  ...files('yarn configuration (yarnPath and plugins run code)', '.yarnrc', '.yarnrc.yml'),
  ...directories('yarn plugins and releases (run on every yarn command)', '.yarn/plugins', '.yarn/releases'),
  ...files('bun configuration (preload scripts)', 'bunfig.toml', '.bunfig.toml'),
  ...files('deno tasks', 'deno.json', 'deno.jsonc'),
  ...directories('installed executables (package scripts run them by name)', 'node_modules/.bin'),
  ...files(
    'tool versions (asdf and mise install and run them; mise tasks run code)',
    '.tool-versions',
    '.mise.toml',
    'mise.toml',
    '.mise.local.toml',
    'mise.local.toml',
  ),
  ...directories('mise configuration and tasks', '.mise', '.config/mise'),
  // Python: imported or run by pytest, pip, tox, nox and every interpreter start.
  ...files('pytest plugin code (imported by every test run)', 'conftest.py'),
  ...files('Python build script (run on install)', 'setup.py'),
  ...files('Python project configuration (build backends and tool settings)', 'pyproject.toml', 'setup.cfg'),
  ...files('test runner configuration (commands and plugins)', 'tox.ini', 'noxfile.py', 'pytest.ini'),
  ...files(
    'Python start-up code (run by every interpreter start)',
    '*.pth',
    'sitecustomize.py',
    'usercustomize.py',
  ),
  // Build tools and task runners.
  ...files('build recipes (make runs them)', 'Makefile', 'GNUmakefile'),
  ...files('task recipes (just runs them)', 'justfile', '.justfile'),
  ...files(
    'task recipes (task runs them)',
    'Taskfile.yml',
    'Taskfile.yaml',
    'Taskfile.dist.yml',
    'Taskfile.dist.yaml',
  ),
  ...files('Ruby build and bundle code', 'Rakefile', 'Gemfile', '.irbrc', '.pryrc'),
  ...files(
    'Gradle and Maven builds (run code)',
    'build.gradle',
    'build.gradle.kts',
    'settings.gradle',
    'settings.gradle.kts',
    'gradle.properties',
    'gradlew',
    'gradlew.bat',
    'mvnw',
    'mvnw.cmd',
    'pom.xml',
  ),
  ...directories('Gradle and Maven wrappers (download and run a build tool)', 'gradle/wrapper', '.mvn'),
  ...files('Rust build script (cargo runs it)', 'build.rs'),
  ...files('cargo manifest (names the build script and runners)', 'Cargo.toml'),
  ...files(
    'build files (cmake, meson, zig and swift run their code)',
    'CMakeLists.txt',
    'meson.build',
    'build.zig',
    'Package.swift',
  ),
  ...files(
    'package manifests with scripts (composer, mix, pipenv, CocoaPods)',
    'composer.json',
    'mix.exs',
    'Pipfile',
    'Podfile',
  ),
  ...files('process and VM definitions (foreman and vagrant run them)', 'Procfile', 'Vagrantfile'),
  ...files(
    'development environments (nix, devbox and gitpod run them on entering)',
    'shell.nix',
    'flake.nix',
    'devbox.json',
    '.gitpod.yml',
  ),
  ...files('cargo configuration (runners, aliases, linkers)', '.cargo/config.toml', '.cargo/config'),
  ...files('Rust toolchain selection', 'rust-toolchain', 'rust-toolchain.toml'),
  // CI: runs with the repository's secrets.
  ...directories('CI workflows (run with the repository secrets)', '.github/workflows', '.github/actions'),
  ...directories('CI configuration', '.circleci', '.buildkite'),
  ...files(
    'CI configuration',
    '.gitlab-ci.yml',
    '.travis.yml',
    'azure-pipelines.yml',
    'bitbucket-pipelines.yml',
    'Jenkinsfile',
  ),
  // Containers that run on the host's behalf when the folder is opened.
  ...directories('container definitions (run code on open)', '.devcontainer'),
  ...files('container definition (runs code on open)', '.devcontainer.json'),
  // Editors: tasks, settings, local config files run on open.
  ...directories('editor settings and tasks (tasks run code; settings can add MCP servers)', '.vscode'),
  ...directories('editor settings and run configurations', '.idea'),
  ...directories('editor settings and tasks', '.zed', '.helix', '.nvim'),
  ...files('editor workspace (settings and tasks run code)', '*.code-workspace', '*.sublime-project'),
  ...files(
    'editor start-up code (run by vim or neovim in this directory)',
    '.nvim.lua',
    '.nvimrc',
    '.exrc',
    '.vimrc',
    '_vimrc',
    '.gvimrc',
    '.lvimrc',
  ),
  ...files('Emacs directory variables (can evaluate code)', '.dir-locals.el', '.dir-locals-2.el'),
  // Shells.
  ...files('direnv script (runs on entering the directory)', '.envrc'),
  ...files(
    'shell start-up file',
    '.bashrc',
    '.bash_profile',
    '.bash_login',
    '.bash_logout',
    '.profile',
    '.zshrc',
    '.zshenv',
    '.zprofile',
    '.zlogin',
    '.zlogout',
    '.kshrc',
    '.config/fish/config.fish',
  ),
  ...files('SSH login keys', 'authorized_keys'),
]);

/**
 * How a path is compared: one Unicode normal form, and case folded (a file system may ignore
 * case). Upper then lower case, as Unicode case folding does: `ſ` (long s) is an `s`, and `ϴ` a `θ`,
 * to a case-insensitive file system, though neither has that lower case of its own.
 */
export function comparablePath(path: string): string {
  return path.normalize('NFC').toUpperCase().toLowerCase();
}

interface CompiledEntry {
  readonly entry: ProtectedPathEntry;
  /** Segments, comparable, each as an expression of a whole name (`*`: any characters). */
  readonly segments: readonly RegExp[];
}

let compiled: readonly CompiledEntry[] | undefined;

/**
 * The entries compiled on the first match rather than at import: with the first `normalize`,
 * which loads the Unicode normalisation data, about 0.9 ms, most of what the executor's module
 * code ran when imported (besides compiling it), for a process that may judge no path at all.
 */
function compiledEntries(): readonly CompiledEntry[] {
  compiled ??= PROTECTED_PATHS.map((item) => ({
    entry: item,
    segments: comparablePath(item.pattern)
      .split('/')
      .map((segment) => new RegExp(`^${segment.split('*').map(escapeRegExp).join('.*')}$`, 's')),
  }));
  return compiled;
}

/**
 * What {@link matchProtectedPath} needs to look at the disk: the workspace whose git layout is
 * read ({@link GitLayout}). Without it only names are compared.
 */
export interface ProtectedPathContext {
  /** The workspace root, a real path. */
  readonly workspaceRoot: string;
}

const HOST_MARKED = 'a file the host marked as protected';

/**
 * The protected-file rule matching `realPath`, or `undefined`. `extraPaths` are absolute paths
 * the host adds (for example the config files it was started with); each covers the path itself
 * and everything below it.
 *
 * With a `context`, the disk is consulted too: the workspace's real git directories (see
 * `GitLayout`: a `.git` file's target, a worktree's common directory, a bare repository,
 * `core.hooksPath`), any git directory among the ancestors of `realPath` (a bare repository
 * however it is named), and a hard link to a file of those git directories (a hook, `config`).
 *
 * Pass the real path (symlinks resolved); a caller that also has the path as written should
 * test both, since git follows a `.git -> elsewhere` link to the same hooks.
 */
export function matchProtectedPath(
  realPath: string,
  extraPaths?: readonly string[],
  context?: ProtectedPathContext,
): ProtectedPathMatch | undefined {
  if (extraPaths?.some((extra) => realPath === extra || realPath.startsWith(`${extra}${sep}`))) {
    return { path: realPath, reason: HOST_MARKED };
  }
  const byName = matchByName(realPath);
  if (byName !== undefined) return { path: realPath, reason: byName.reason };
  if (context === undefined) return undefined;
  return matchOnDisk(realPath, gitLayoutOf(context.workspaceRoot));
}

/** The first entry of {@link PROTECTED_PATHS} matching `path` by its segments, if any. */
export function matchByName(path: string): ProtectedPathEntry | undefined {
  const segments = comparablePath(path)
    .split(sep === '\\' ? /[\\/]/ : '/')
    .filter((segment) => segment !== '');
  for (const { entry: item, segments: pattern } of compiledEntries()) {
    if (item.kind === 'file') {
      if (matchesAt(segments, pattern, segments.length - pattern.length)) return item;
      continue;
    }
    // Stryker disable next-line ArithmeticOperator: past the last start that fits, the missing segments are undefined, read as "undefined", which no directory name (none has a `*`) is
    for (let start = 0; start + pattern.length <= segments.length; start += 1) {
      if (matchesAt(segments, pattern, start)) return item;
    }
  }
  return undefined;
}

function matchesAt(segments: readonly string[], pattern: readonly RegExp[], start: number): boolean {
  // Stryker disable next-line ConditionalExpression: a negative start reads undefined segments, read as "undefined", which no pattern of the table matches
  if (start < 0) return false;
  return pattern.every((part, index) => part.test(segments[start + index] as string));
}

function matchOnDisk(realPath: string, layout: GitLayout): ProtectedPathMatch | undefined {
  // Compared case-folded and in NFC: stricter on a case-sensitive file system, exact on others.
  const comparable = comparablePath(realPath);
  for (const directory of layout.directories) {
    const guarded = comparablePath(directory.path);
    if (isInsideDirectory(guarded, comparable)) {
      return { path: realPath, reason: directory.reason };
    }
  }
  // A git directory among the ancestors, up to the file system root: `git -C x.git` or
  // `GIT_DIR=x` runs its hooks whatever it is named. And a write that would complete one
  // (`HEAD` beside `objects/` or `refs/`, or `objects/`/`refs/` beside `HEAD`): hooks planted
  // before the directory looked like a git directory run once it does, so the last piece asks.
  let directory = realPath;
  let child: string | undefined;
  for (;;) {
    if (isGitDirectory(directory)) {
      return { path: realPath, reason: `in the git directory ${directory} (its hooks and config run code)` };
    }
    if (completesGitDirectory(directory, child)) {
      return {
        path: realPath,
        reason: `it would make ${directory} a git directory (HEAD, objects/ and refs/), whose hooks and config git runs`,
      };
    }
    const parent = dirname(directory);
    if (parent === directory) break;
    child = basename(directory);
    directory = parent;
  }
  const linked = hardLinkedGitFile(realPath, layout);
  return linked === undefined
    ? undefined
    : { path: realPath, reason: `a hard link to ${linked} (git runs or obeys that file)` };
}

/**
 * The git hook or config file `realPath` is another name of (a hard link), if any. Only the files
 * of the workspace's git directories are compared (each `hooks/` entry, `config`, and each
 * `core.hooksPath` entry): finding every name of a file would need a walk of the file system.
 */
function hardLinkedGitFile(realPath: string, layout: GitLayout): string | undefined {
  let target: Stats;
  try {
    target = lstatSync(realPath);
  } catch {
    return undefined; // missing: a new file has no other names
  }
  // A shortcut, not a check: a file with one name, or a directory (never hard-linked), has the
  // inode of a candidate only when it is that candidate, which the layout matched above by path.
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the shortcut skips a search that would find nothing
  if (!target.isFile() || target.nlink < 2) return undefined;
  for (const directory of layout.directories) {
    // `config` and the other files of the git directory, and each hook.
    for (const folder of [join(directory.path, 'hooks'), directory.path]) {
      let names: string[];
      try {
        names = readdirSync(folder);
      } catch {
        continue; // no such directory (a git directory without hooks/)
      }
      for (const name of names) {
        const candidate = join(folder, name);
        try {
          const stats = lstatSync(candidate);
          if (stats.ino === target.ino && stats.dev === target.dev) return candidate;
        } catch {
          // Gone meanwhile: not a name of this file.
        }
      }
    }
  }
  return undefined;
}

/**
 * True when writing `child` of `directory` adds a missing piece of a git directory's shape
 * (`undefined`: `directory` is the written path itself, no child of it).
 */
function completesGitDirectory(directory: string, child: string | undefined): boolean {
  // Symlinks followed, as isGitDirectory and git itself follow them.
  if (child === 'HEAD') {
    return (
      kindOf(join(directory, 'objects')) === 'directory' || kindOf(join(directory, 'refs')) === 'directory'
    );
  }
  if (child === 'objects' || child === 'refs') return kindOf(join(directory, 'HEAD')) === 'file';
  return false;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
