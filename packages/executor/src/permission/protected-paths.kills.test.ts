// Every protected name, with the reason the user is shown, through matchProtectedPath and
// through the policy on real files. The mutation run (mutation/) found most names of the list
// pinned by no test: dropping `.zed`, `.zshenv` or `.yarnrc.yml` from it went unnoticed.

import { ToolKind } from '@toolwright/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callOn, pathTool } from '../test-support/policy-tools.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { PermissionPolicy } from './permission-policy.js';
import { matchProtectedPath } from './protected-paths.js';

const ws = '/srv/ws';

const PROTECTED_DIRECTORIES: ReadonlyArray<[string, string]> = [
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
];

const PROTECTED_FILES: ReadonlyArray<[string, string]> = [
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
];

describe('matchProtectedPath names every protected file and directory with its reason', () => {
  it.each(PROTECTED_FILES)('%s, anywhere: %s', (name, reason) => {
    expect(matchProtectedPath(`${ws}/sub/${name}`)).toEqual({ path: `${ws}/sub/${name}`, reason });
    expect(matchProtectedPath(`${ws}/${name.toUpperCase()}`)?.reason).toBe(reason);
  });

  it.each(PROTECTED_DIRECTORIES)('everything in %s: %s', (name, reason) => {
    expect(matchProtectedPath(`${ws}/${name}/any/file.txt`)).toEqual({
      path: `${ws}/${name}/any/file.txt`,
      reason,
    });
    expect(matchProtectedPath(`${ws}/${name}`)?.reason).toBe(reason);
  });

  it("a host's extra path wins over the built-in reason and covers only itself and what is below it", () => {
    expect(matchProtectedPath(`${ws}/.git/config`, [`${ws}/.git`])?.reason).toBe(
      'a file the host marked as protected',
    );
    expect(matchProtectedPath(`${ws}/state`, [`${ws}/state`, '/elsewhere'])?.reason).toBe(
      'a file the host marked as protected',
    );
    expect(matchProtectedPath(`${ws}/states`, [`${ws}/state`])).toBeUndefined();
  });
});

describe('the policy asks before a write to each of them, on real files, whatever the allow rules say', () => {
  let tree: TempWorkspace;
  beforeEach(() => {
    tree = makeTempWorkspace();
  });
  afterEach(() => {
    tree.remove();
  });

  const write = pathTool('Write', ToolKind.Write);
  const read = pathTool('Read', ToolKind.ReadOnly);

  it.each([...PROTECTED_FILES.filter(([name]) => name !== 'authorized_keys'), ...PROTECTED_DIRECTORIES])(
    '%s',
    (name, reason) => {
      const target = PROTECTED_DIRECTORIES.some(([directory]) => directory === name)
        ? tree.file(`${name}/settings.json`, '{}')
        : tree.file(`project/${name}`, 'x');
      const policy = new PermissionPolicy({
        workspaceRoot: tree.workspace,
        allow: ['Write(**)', 'Read(**)'],
      });
      const decision = policy.decide({ invocation: callOn(write, target), tool: write, mode: 'default' });
      expect(decision).toMatchObject({ behavior: 'ask' });
      expect((decision as { reason: string }).reason).toContain(`is protected (${reason})`);
      const reading = policy.decide({ invocation: callOn(read, target), tool: read, mode: 'default' });
      expect((reading as { reason: string }).reason).not.toContain('is protected');
    },
  );
});
