import { basename, sep } from 'node:path';

/**
 * Files that change the agent's own behaviour or run code when something else starts: writing
 * one is how a model could widen its own permissions (its settings), add a server that runs
 * commands (its MCP config), or run code at the next commit, shell or editor start (git hooks and
 * config, shell start-up files, editor tasks). Peer agents shipped exactly these holes. A write
 * to one always asks, whatever the allow rules say.
 *
 * Names are compared case-insensitively, because on case-insensitive file systems `.GIT/hooks`
 * is `.git/hooks`.
 */
export interface ProtectedPathMatch {
  readonly path: string;
  readonly reason: string;
}

/** Directories whose whole content is protected, by segment name. */
const PROTECTED_DIRECTORIES: ReadonlyMap<string, string> = new Map([
  ['.git', 'git internals (hooks and config run code)'],
  ['.husky', 'git hooks'],
  ['.githooks', 'git hooks'],
  ['.vscode', 'editor settings and tasks (tasks run code; settings can add MCP servers)'],
  ['.idea', 'editor settings and run configurations'],
  ['.zed', 'editor settings and tasks'],
  ['.toolwright', "the agent's own configuration"],
  ['.claude', "an agent's settings and hooks"],
  ['.cursor', "an agent's settings and MCP config"],
  ['.gemini', "an agent's settings and MCP config"],
  ['.continue', "an agent's settings"],
  ['.devcontainer', 'container definitions (run code on open)'],
]);

/** Files protected wherever they are, by name. */
const PROTECTED_FILES: ReadonlyMap<string, string> = new Map([
  ['toolwright.config.json', "the agent's own configuration"],
  ['.mcp.json', 'MCP server configuration (servers run commands)'],
  ['mcp.json', 'MCP server configuration (servers run commands)'],
  ['.gitconfig', 'git configuration (can run code)'],
  ['.gitmodules', 'git submodule configuration'],
  ['.gitattributes', 'git filters (can run code)'],
  ['.envrc', 'direnv script (runs on entering the directory)'],
  ['.pre-commit-config.yaml', 'pre-commit hooks'],
  ['.lefthook.yml', 'git hooks'],
  ['lefthook.yml', 'git hooks'],
  ['.bashrc', 'shell start-up file'],
  ['.bash_profile', 'shell start-up file'],
  ['.bash_login', 'shell start-up file'],
  ['.profile', 'shell start-up file'],
  ['.zshrc', 'shell start-up file'],
  ['.zshenv', 'shell start-up file'],
  ['.zprofile', 'shell start-up file'],
  ['.bash_logout', 'shell start-up file'],
  ['authorized_keys', 'SSH login keys'],
  ['.npmrc', 'npm configuration (scripts, registries)'],
  ['.yarnrc.yml', 'yarn configuration'],
]);

/**
 * The protected-file rule matching `realPath`, or `undefined`. `extraPaths` are absolute paths
 * the host adds (for example the config files it was started with); each covers the path itself
 * and everything below it.
 */
export function matchProtectedPath(
  realPath: string,
  extraPaths: readonly string[] = [],
): ProtectedPathMatch | undefined {
  for (const extra of extraPaths) {
    if (realPath === extra || realPath.startsWith(`${extra}${sep}`)) {
      return { path: realPath, reason: 'a file the host marked as protected' };
    }
  }
  const fileReason = PROTECTED_FILES.get(basename(realPath).toLowerCase());
  if (fileReason !== undefined) return { path: realPath, reason: fileReason };
  for (const segment of realPath.split(sep)) {
    const directoryReason = PROTECTED_DIRECTORIES.get(segment.toLowerCase());
    if (directoryReason !== undefined) return { path: realPath, reason: directoryReason };
  }
  return undefined;
}
