import { describe, expect, it } from 'vitest';
import { matchProtectedPath } from './protected-paths.js';

const ws = '/srv/ws';

describe('matchProtectedPath: files that run code or change the agent', () => {
  it.each([
    'toolwright.config.json',
    '.mcp.json',
    'mcp.json',
    '.gitconfig',
    '.gitmodules',
    '.gitattributes',
    '.envrc',
    '.pre-commit-config.yaml',
    'lefthook.yml',
    '.bashrc',
    '.zshrc',
    '.profile',
    'authorized_keys',
    '.npmrc',
    'packages/app/.mcp.json',
  ])('protects %s wherever it is', (relative) => {
    const match = matchProtectedPath(`${ws}/${relative}`);
    expect(match?.path).toBe(`${ws}/${relative}`);
    expect(match?.reason).toBeTruthy();
  });

  it.each([
    '.git/config',
    '.git/hooks/pre-commit',
    '.git',
    '.husky/pre-commit',
    '.githooks/pre-push',
    '.vscode/settings.json',
    '.vscode/tasks.json',
    '.idea/workspace.xml',
    '.toolwright/settings.json',
    '.claude/settings.json',
    '.cursor/mcp.json',
    '.devcontainer/devcontainer.json',
    'sub/module/.git/hooks/post-checkout',
  ])('protects everything in %s', (relative) => {
    expect(matchProtectedPath(`${ws}/${relative}`)).toBeDefined();
  });

  it('compares names case-insensitively, as a case-insensitive file system would', () => {
    for (const relative of [
      '.GIT/config',
      '.Git/hooks/pre-commit',
      '.VSCode/tasks.json',
      'ToolWright.Config.JSON',
      '.BASHRC',
    ]) {
      expect(matchProtectedPath(`${ws}/${relative}`), relative).toBeDefined();
    }
  });

  it('does not protect ordinary files with similar names', () => {
    for (const relative of [
      'src/index.ts',
      '.gitignore',
      'git/config',
      'docs/.git.md',
      'my.git/file',
      '.envrc.bak',
      'mcp.json.example',
      'vscode/settings.json',
      'bashrc',
    ]) {
      expect(matchProtectedPath(`${ws}/${relative}`), relative).toBeUndefined();
    }
  });
});

describe("matchProtectedPath: the host's extra paths", () => {
  const extra = ['/etc/agent/config.json', '/var/agent/state'];

  it('covers each extra path itself and everything below it', () => {
    for (const path of ['/etc/agent/config.json', '/var/agent/state', '/var/agent/state/session/x.json']) {
      expect(matchProtectedPath(path, extra)?.reason, path).toBe('a file the host marked as protected');
    }
  });

  it('does not cover a sibling that only shares a prefix', () => {
    expect(matchProtectedPath('/etc/agent/config.json.bak', extra)).toBeUndefined();
    expect(matchProtectedPath('/var/agent/state-old/x', extra)).toBeUndefined();
    expect(matchProtectedPath('/var/agent', extra)).toBeUndefined();
  });
});
