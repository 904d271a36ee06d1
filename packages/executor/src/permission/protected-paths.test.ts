import { execFileSync, spawnSync } from 'node:child_process';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, sep } from 'node:path';
import { type Tool, ToolKind } from '@toolwright/contracts';
import { detectSensitivePath } from '@toolwright/validation';
import { beforeEach, describe, expect, it } from 'vitest';
import { callOn, pathTool } from '../test-support/policy-tools.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import type { PermissionDecision } from './permission-decision.js';
import { PermissionPolicy } from './permission-policy.js';
import { matchProtectedPath, PROTECTED_PATHS, type ProtectedPathEntry } from './protected-paths.js';

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

/** Runs git with no system or user configuration, so a developer's own config changes nothing. */
function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    stdio: 'ignore',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' },
  });
}

describe('the real git directory of the workspace, found by reading the repository', () => {
  let tree: TempWorkspace;
  beforeEach(() => {
    tree = makeTempWorkspace('tw-git-');
  });

  const write = pathTool('Write', ToolKind.Write);
  const read = pathTool('Read', ToolKind.ReadOnly);

  function decide(policy: PermissionPolicy, tool: Tool, path: string): PermissionDecision {
    return policy.decide({ invocation: callOn(tool, path), tool, mode: 'default' }) as PermissionDecision;
  }

  function allowing(...extra: string[]): PermissionPolicy {
    return new PermissionPolicy({
      workspaceRoot: tree.workspace,
      allow: ['Write(**)', 'Read(**)', ...extra.map((path) => `Write(${path}/**)`)],
      trustedDirectories: extra,
    });
  }

  it('git init --separate-git-dir inside the workspace: a write into its hooks asks, whatever it is named', () => {
    git(tree.workspace, 'init', '-q', `--separate-git-dir=${join(tree.workspace, 'gitdata')}`);
    const hook = join(tree.workspace, 'gitdata', 'hooks', 'pre-commit');
    const decision = decide(allowing(), write, hook);
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('gitdata/hooks/pre-commit is protected (the git directory named by');
    expect(decision.suggestedRule).toBeUndefined();
    // Its config runs code too (core.fsmonitor, aliases), and a file beside the hooks.
    expect(decide(allowing(), write, join(tree.workspace, 'gitdata', 'config')).behavior).toBe('ask');
    // Reading it is not writing it.
    expect(decide(allowing(), read, hook).behavior).toBe('allow');
    // An ordinary file of the work tree is still written without asking.
    expect(decide(allowing(), write, join(tree.workspace, 'src', 'x.ts')).behavior).toBe('allow');
  });

  it('git init --separate-git-dir outside the workspace: its hooks ask even in a trusted, allowed directory', () => {
    const store = join(tree.root, 'store');
    git(tree.workspace, 'init', '-q', `--separate-git-dir=${store}`);
    const policy = allowing(store);
    expect(decide(policy, write, join(store, 'hooks', 'post-checkout')).behavior).toBe('ask');
    expect(matchProtectedPath(join(store, 'HEAD'), [], { workspaceRoot: tree.workspace })).toBeDefined();
  });

  it('through a symlink, a `..` spelling and a hard link, the same hooks directory asks', () => {
    git(tree.workspace, 'init', '-q', `--separate-git-dir=${join(tree.workspace, 'gitdata')}`);
    tree.file('gitdata/hooks/pre-commit', '#!/bin/sh\n');
    tree.symlink('innocent', join(tree.workspace, 'gitdata', 'hooks'));
    linkSync(join(tree.workspace, 'gitdata', 'hooks', 'pre-commit'), join(tree.workspace, 'notes.txt'));
    const policy = allowing();
    for (const spelling of [
      'innocent/pre-commit',
      'src/../gitdata/hooks/pre-commit',
      'notes.txt',
      './gitdata//hooks/x',
    ]) {
      const decision = decide(policy, write, spelling);
      expect(decision.behavior, spelling).toBe('ask');
      expect(decision.reason, spelling).toContain('is protected');
    }
    expect(decide(policy, write, 'notes.txt').reason).toContain('a hard link to');
  });

  it('git init --bare: the workspace is the git directory, so every write in it asks', () => {
    git(tree.workspace, 'init', '-q', '--bare');
    const policy = allowing();
    for (const relative of ['hooks/post-update', 'config', 'anything.txt']) {
      expect(decide(policy, write, relative).behavior, relative).toBe('ask');
    }
  });

  it('a bare repository inside the workspace, named like anything: its hooks ask', () => {
    const bare = tree.dir('vendor/thing.git');
    git(bare, 'init', '-q', '--bare');
    const decision = decide(allowing(), write, 'vendor/thing.git/hooks/pre-receive');
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('in the git directory');
    expect(decide(allowing(), write, 'vendor/other.txt').behavior).toBe('allow');
  });

  it.each([
    ['HEAD', 'evil/HEAD'],
    ['objects/', 'evil/objects/pack/x'],
    ['refs/', 'evil/refs/heads/main'],
  ])('a git directory built piece by piece after its hooks: the last piece (%s) asks', (_last, lastPath) => {
    const policy = allowing();
    // The hook first, while `evil` looks like nothing.
    expect(decide(policy, write, 'evil/hooks/post-checkout').behavior).toBe('allow');
    tree.file('evil/hooks/post-checkout', '#!/bin/sh\n');
    const pieces = ['evil/HEAD', 'evil/objects/pack/x', 'evil/refs/heads/main'].filter(
      (piece) => piece !== lastPath,
    );
    for (const piece of pieces) tree.file(piece, 'ref: refs/heads/main\n');
    const decision = decide(policy, write, lastPath);
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('a git directory (HEAD, objects/ and refs/)');
    tree.file(lastPath, 'x');
    // Once it is one, everything in it asks.
    expect(decide(policy, write, 'evil/hooks/post-checkout').behavior).toBe('ask');
  });

  it('files named like the pieces elsewhere do not ask', () => {
    tree.file('docs/HEAD', 'x');
    expect(decide(allowing(), write, 'docs/HEAD').behavior).toBe('allow');
    expect(decide(allowing(), write, 'src/refs/a.ts').behavior).toBe('allow');
    expect(decide(allowing(), write, 'docs/notes.md').behavior).toBe('allow');
  });

  it('git worktree add: the worktree and the common git directory are protected from the worktree', () => {
    const main = join(tree.root, 'main');
    mkdirSync(main);
    git(main, 'init', '-q', `--separate-git-dir=${join(tree.root, 'main-store')}`);
    git(main, 'commit', '-q', '--allow-empty', '-m', 'first');
    const worktree = join(tree.root, 'wt');
    git(main, 'worktree', 'add', '-q', worktree);
    const context = { workspaceRoot: realpathSync(worktree) };
    const common = join(tree.root, 'main-store');
    expect(matchProtectedPath(join(common, 'hooks', 'pre-commit'), [], context)?.reason).toContain(
      'the common git directory of this worktree',
    );
    expect(matchProtectedPath(join(common, 'worktrees', 'wt', 'HEAD'), [], context)).toBeDefined();
    expect(matchProtectedPath(join(worktree, 'src', 'x.ts'), [], context)).toBeUndefined();
  });

  it('core.hooksPath: its directory asks, relative to the work tree; a change of config is seen at the next decision', () => {
    git(tree.workspace, 'init', '-q');
    const policy = allowing();
    expect(decide(policy, write, 'tools/hooks/pre-commit').behavior).toBe('allow');
    git(tree.workspace, 'config', 'core.hooksPath', 'tools/hooks');
    const decision = decide(policy, write, 'tools/hooks/pre-commit');
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('core.hooksPath');
  });

  it('core.hooksPath set through an included config file, quoted, with a comment', () => {
    git(tree.workspace, 'init', '-q');
    tree.file('.git/extra.cfg', '[core]\n\thooksPath = "ci hooks" ; the CI hooks\n');
    git(tree.workspace, 'config', 'include.path', 'extra.cfg');
    expect(decide(allowing(), write, 'ci hooks/post-merge').behavior).toBe('ask');
    expect(decide(allowing(), write, 'ci/post-merge').behavior).toBe('allow');
  });

  it('a config file the repository includes from the work tree is protected: it could set hooksPath', () => {
    git(tree.workspace, 'init', '-q');
    tree.file('common.gitconfig', '[alias]\n\tst = status\n');
    git(tree.workspace, 'config', 'include.path', '../common.gitconfig');
    const decision = decide(allowing(), write, 'common.gitconfig');
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('git configuration (read by git through');
  });
});

describe('matching: one Unicode normal form, case folded', () => {
  it('an NFD spelling of a host extra path is the same path', () => {
    const nfc = '/srv/caf\u00e9/.mcp.json';
    expect(matchProtectedPath(nfc.normalize('NFD'))).toBeDefined();
    // A name-table entry found under a directory spelled in NFD.
    expect(matchProtectedPath('/srv/re\u0301sume\u0301/Makefile')?.reason).toContain('make');
  });

  it('case and mixed spellings of table entries', () => {
    for (const relative of [
      'PACKAGE.JSON',
      '.GitHub/Workflows/ci.yml',
      'Node_Modules/.BIN/tsc',
      'my.Code-Workspace',
    ]) {
      expect(matchProtectedPath(`${ws}/${relative}`), relative).toBeDefined();
    }
  });
});

/** A concrete relative path the entry covers: `*` spelled `x`, a directory entry with a file in it. */
function sample(entry: ProtectedPathEntry): string {
  const spelled = entry.pattern.replaceAll('*', 'x');
  return entry.kind === 'directory' ? `${spelled}/any/file.txt` : spelled;
}

const ENTRIES = PROTECTED_PATHS.map((entry) => [entry.pattern, entry] as const);

describe('matchProtectedPath names every protected file and directory with its reason', () => {
  it('the table is not empty and holds each pattern once', () => {
    expect(PROTECTED_PATHS.length).toBeGreaterThan(100);
    const patterns = PROTECTED_PATHS.map((entry) => entry.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it.each(ENTRIES)('%s, anywhere, in any case', (_pattern, entry) => {
    const relative = sample(entry);
    expect(matchProtectedPath(`${ws}/sub/${relative}`)).toEqual({
      path: `${ws}/sub/${relative}`,
      reason: entry.reason,
    });
    expect(matchProtectedPath(`${ws}/${relative.toUpperCase()}`)?.reason).toBe(entry.reason);
    if (entry.kind === 'directory') {
      expect(matchProtectedPath(`${ws}/${entry.pattern.replaceAll('*', 'x')}`)?.reason).toBe(entry.reason);
    } else if (!entry.pattern.includes('*')) {
      // A file entry covers that file, not a file next to it with a longer name.
      expect(matchProtectedPath(`${ws}/${relative}.orig`)).toBeUndefined();
    }
  });

  it('the README renders the whole table: every entry with its reason', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('<!-- protected-paths:start -->'),
      readme.indexOf('<!-- protected-paths:end -->'),
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    for (const entry of PROTECTED_PATHS) {
      const shown = `\`${entry.pattern}${entry.kind === 'directory' ? '/' : ''}\``;
      const row = rows.find((line) =>
        line
          .split(' | ')[0]
          ?.split(', ')
          .some((cell) => cell.replace(/^\| /, '') === shown),
      );
      expect(row, shown).toBeDefined();
      expect(row?.endsWith(`| ${entry.reason} |`), shown).toBe(true);
    }
    expect(rows.flatMap((line) => (line.split(' | ')[0] ?? '').split(', '))).toHaveLength(
      PROTECTED_PATHS.length,
    );
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

  const write = pathTool('Write', ToolKind.Write);
  const read = pathTool('Read', ToolKind.ReadOnly);

  it.each(ENTRIES)('%s', (_pattern, entry) => {
    const target = tree.file(`project/${sample(entry)}`, 'x');
    const policy = new PermissionPolicy({
      workspaceRoot: tree.workspace,
      allow: ['Write(**)', 'Read(**)'],
    });
    const decision = policy.decide({
      invocation: callOn(write, target),
      tool: write,
      mode: 'default',
    }) as PermissionDecision;
    if (detectSensitivePath(target)?.level === 'high') {
      // A secret is refused before the protected-file ask: writing it must not be easier than reading it.
      expect(decision.behavior).toBe('deny');
      return;
    }
    expect(decision).toMatchObject({ behavior: 'ask' });
    expect(decision.reason).toContain(`is protected (${entry.reason})`);
    // No allow rule can help, so none is suggested.
    expect(decision.suggestedRule).toBeUndefined();
    expect(decision.remedy).toContain('No allow rule permits writing a protected file');
    const reading = policy.decide({ invocation: callOn(read, target), tool: read, mode: 'default' });
    expect((reading as { reason: string }).reason).not.toContain('is protected');
  });
});

describe('how a path is cut into names', () => {
  it.each(ENTRIES)(
    '%s: a doubled or trailing slash changes nothing, nor does a relative path',
    (_pattern, entry) => {
      const relative = sample(entry);
      for (const path of [
        `${ws}//sub//${relative.replaceAll('/', '//')}`,
        `${ws}/${relative}/`,
        relative,
        entry.pattern.replaceAll('*', 'x'),
      ]) {
        expect(matchProtectedPath(path)?.reason, path).toBe(entry.reason);
      }
    },
  );

  it.each(ENTRIES.filter(([, entry]) => entry.kind !== 'directory'))(
    '%s is a file entry: a directory of that name is not protected below it',
    (_pattern, entry) => {
      const path = `${ws}/sub/${entry.pattern.replaceAll('*', 'x')}/inside.txt`;
      expect(matchProtectedPath(path), path).toBeUndefined();
    },
  );

  it.each(ENTRIES.filter(([pattern]) => pattern.includes('*')))(
    '%s: * matches any characters of a name, a line break too',
    (_pattern, entry) => {
      const path = `${ws}/${entry.pattern.replaceAll('*', 'x\ny')}`;
      expect(matchProtectedPath(path)?.reason, JSON.stringify(path)).toBe(entry.reason);
    },
  );

  it.each(ENTRIES.filter(([pattern]) => pattern.includes('.')))(
    '%s: a dot is a dot, not any character',
    (_pattern, entry) => {
      const path = `${ws}/${sample(entry).replaceAll('.', 'x')}`;
      expect(matchProtectedPath(path), path).toBeUndefined();
    },
  );

  it.runIf(sep === '/')('on POSIX a backslash is part of a name, not a separator', () => {
    expect(matchProtectedPath(`${ws}/notes\\package.json`)).toBeUndefined();
    expect(matchProtectedPath(`${ws}/.git\\config`)).toBeUndefined();
  });

  it('case is folded as file systems fold it: the long s is an s, the Kelvin sign a k', () => {
    // U+017F LATIN SMALL LETTER LONG S folds to s (its upper case is S): a case-insensitive file
    // system opens .bashrc by that name. U+212A KELVIN SIGN is K in NFC.
    expect(matchProtectedPath(`${ws}/.ba\u017Fhrc`)?.reason).toBe('shell start-up file');
    expect(matchProtectedPath(`${ws}/.hu\u017Fky/pre-commit`)?.reason).toBe('git hooks');
    expect(matchProtectedPath(`${ws}/Ma\u212Aefile`)?.reason).toBe('build recipes (make runs them)');
  });
});

describe('on the disk: the shape of a git directory and hard links', () => {
  let tree: TempWorkspace;
  beforeEach(() => {
    tree = makeTempWorkspace('tw-git-');
  });
  const onDisk = (path: string) => matchProtectedPath(path, [], { workspaceRoot: tree.workspace });
  const completing = 'a git directory (HEAD, objects/ and refs/)';

  it('HEAD beside objects/ alone, or refs/ alone, completes the shape', () => {
    tree.dir('a/objects');
    tree.dir('b/refs');
    expect(onDisk(tree.path('a/HEAD'))?.reason).toContain(`it would make ${tree.path('a')} ${completing}`);
    expect(onDisk(tree.path('b/HEAD'))?.reason).toContain(`it would make ${tree.path('b')} ${completing}`);
  });

  it('objects/ or refs/ beside a HEAD file completes it; beside a HEAD directory it does not', () => {
    tree.file('a/HEAD', 'ref: refs/heads/main\n');
    tree.dir('b/HEAD');
    expect(onDisk(tree.path('a/objects/pack/x'))?.reason).toContain(completing);
    expect(onDisk(tree.path('a/refs'))?.reason).toContain(completing);
    expect(onDisk(tree.path('b/objects/x'))).toBeUndefined();
  });

  it('beside objects/ and refs/, only HEAD completes it: another file there does not ask', () => {
    tree.dir('a/objects');
    tree.dir('a/refs');
    expect(onDisk(tree.path('a/README'))).toBeUndefined();
    expect(onDisk(tree.path('a/hooks/post-checkout'))).toBeUndefined();
    tree.file('b/objects', 'a file, not a directory');
    expect(onDisk(tree.path('b/HEAD'))).toBeUndefined();
  });

  it('objects/ and refs/ reached through symlinks count, as git follows them', () => {
    const store = join(tree.root, 'store');
    mkdirSync(join(store, 'objects'), { recursive: true });
    tree.dir('a');
    symlinkSync(join(store, 'objects'), tree.path('a/objects'));
    expect(onDisk(tree.path('a/HEAD'))?.reason).toContain(completing);
  });

  it('a file with two names, neither in a git directory, is not a hard link to a git file', () => {
    git(tree.workspace, 'init', '-q');
    const first = tree.file('docs/a.txt', 'x');
    linkSync(first, tree.path('docs/b.txt'));
    expect(onDisk(tree.path('docs/b.txt'))).toBeUndefined();
    expect(onDisk(first)).toBeUndefined();
  });

  it('a hard link to a core.hooksPath hook (a hooks directory with no hooks/ inside) asks', () => {
    git(tree.workspace, 'init', '-q');
    git(tree.workspace, 'config', 'core.hooksPath', 'tools/hooks');
    const hook = tree.file('tools/hooks/pre-commit', '#!/bin/sh\n');
    linkSync(hook, tree.path('notes.txt'));
    expect(onDisk(tree.path('notes.txt'))?.reason).toBe(
      `a hard link to ${hook} (git runs or obeys that file)`,
    );
  });

  it('a core.hooksPath directory is matched case folded: \u03f4 (theta symbol) is \u0398 (theta)', () => {
    git(tree.workspace, 'init', '-q');
    git(tree.workspace, 'config', 'core.hooksPath', 'tools/\u03f4');
    tree.dir('tools/\u03f4');
    expect(onDisk(tree.path('tools/\u0398/pre-commit'))?.reason).toContain('core.hooksPath');
    expect(onDisk(tree.path('tools/\u03b8/pre-commit'))?.reason).toContain('core.hooksPath');
  });

  it("a file on another file system with a hook's inode number is not a hard link to it", (context) => {
    git(tree.workspace, 'init', '-q');
    // Two fresh tmpfs mounts (where root may mount; elsewhere the test is skipped) number their
    // first files alike: the same inode number on two devices, which only a device check tells
    // apart.
    const hooks = join(tree.root, 'hooks');
    const notes = tree.dir('mounted');
    mkdirSync(hooks);
    const mounted: string[] = [];
    const mount = (point: string) => {
      const ok =
        spawnSync('mount', ['-t', 'tmpfs', 'toolwright-test', point], { stdio: 'ignore' }).status === 0;
      if (ok) mounted.push(point);
      return ok;
    };
    try {
      if (!mount(hooks) || !mount(notes)) return context.skip();
      git(tree.workspace, 'config', 'core.hooksPath', hooks);
      const hook = join(hooks, 'pre-commit');
      writeFileSync(hook, '#!/bin/sh\n');
      const note = join(notes, 'notes.txt');
      writeFileSync(note, 'x');
      linkSync(note, join(notes, 'copy.txt'));
      const [hookStats, noteStats] = [lstatSync(hook), lstatSync(note)];
      expect([noteStats.ino, noteStats.dev === hookStats.dev]).toEqual([hookStats.ino, false]);
      expect(onDisk(note)).toBeUndefined();
    } finally {
      for (const point of mounted.reverse()) spawnSync('umount', [point], { stdio: 'ignore' });
    }
  });

  it('a hard link to the git config asks', () => {
    git(tree.workspace, 'init', '-q');
    linkSync(tree.path('.git/config'), tree.path('settings.ini'));
    expect(onDisk(tree.path('settings.ini'))?.reason).toBe(
      `a hard link to ${tree.path('.git/config')} (git runs or obeys that file)`,
    );
  });
});
