import { symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { isInsideDirectory, resolveRealPath } from './real-path.js';

let tree: TempWorkspace;

beforeEach(() => {
  tree = makeTempWorkspace();
});

/** `relative` under the workspace, joined by string so that `.`, `..` and `//` reach the resolver as written. */
function raw(relativePath: string): string {
  return `${tree.workspace}${sep}${relativePath}`;
}

describe('resolveRealPath: symlinks on every component', () => {
  it('resolves an existing file reached through a symlinked directory to where it really is', () => {
    tree.symlink('docs/home', tree.home);
    expect(resolveRealPath(raw('docs/home/.config/gh/hosts.yml'))).toBe(
      join(tree.home, '.config', 'gh', 'hosts.yml'),
    );
  });

  it('resolves a file that does not exist yet under a symlinked directory to the target directory', () => {
    tree.symlink('docs/home', tree.home);
    expect(resolveRealPath(raw('docs/home/.ssh/authorized_keys'))).toBe(
      join(tree.home, '.ssh', 'authorized_keys'),
    );
    expect(resolveRealPath(raw('docs/home/new-dir/deeper/file'))).toBe(
      join(tree.home, 'new-dir', 'deeper', 'file'),
    );
  });

  it('follows a dangling symlink to where a write through it would land', () => {
    tree.symlink('docs/x', join(tree.root, 'new-file'));
    expect(resolveRealPath(raw('docs/x'))).toBe(join(tree.root, 'new-file'));
  });

  it('follows a dangling relative symlink, and a chain of them, from the directory of each link', () => {
    tree.symlink('docs/rel', '../../elsewhere/target');
    tree.symlink('chain/first', '../docs/rel');
    expect(resolveRealPath(raw('docs/rel'))).toBe(join(tree.root, 'elsewhere', 'target'));
    expect(resolveRealPath(raw('chain/first'))).toBe(join(tree.root, 'elsewhere', 'target'));
  });

  it('resolves a symlinked file to its target', () => {
    tree.file('real.txt', 'x');
    tree.symlink('alias.txt', 'real.txt');
    expect(resolveRealPath(raw('alias.txt'))).toBe(tree.path('real.txt'));
  });

  it('gives one answer for every spelling of the same file: ./, doubled slashes, a/../a', () => {
    tree.file('a/b', 'x');
    const expected = tree.path('a/b');
    for (const spelling of ['a/b', 'a/./b', './a/b', 'a//b', 'a/../a/b', 'a/b/', `a${sep}${sep}${sep}b`]) {
      expect(resolveRealPath(raw(spelling)), spelling).toBe(expected);
    }
  });

  it('gives one answer for every spelling of a file that does not exist yet', () => {
    tree.dir('a');
    const expected = tree.path('a/new');
    for (const spelling of ['a/new', 'a/./new', 'a//new', 'a/../a/new']) {
      expect(resolveRealPath(raw(spelling)), spelling).toBe(expected);
    }
  });

  it('applies .. after a symlinked directory to its real location, as the kernel does', () => {
    tree.symlink('docs/home', tree.home);
    // A decoy where the lexical reading (docs/home/.. = docs) would land.
    tree.file('docs/outside.txt', 'decoy');
    const outside = join(tree.root, 'outside.txt');
    writeFileSync(outside, 'real');
    // docs/home is <root>/home, so docs/home/.. is <root>, not the workspace's docs directory.
    expect(resolveRealPath(raw('docs/home/../outside.txt'))).toBe(outside);
    expect(resolveRealPath(raw('docs/home/../not-yet.txt'))).toBe(join(tree.root, 'not-yet.txt'));
  });

  it('applies .. after a missing directory and then keeps following symlinks, as mkdir -p would', () => {
    tree.symlink('docs/home', tree.home);
    // `missing/..` is the workspace again once `missing` is created; docs/home is still the fake home.
    expect(resolveRealPath(raw('missing/../docs/home/.config/new'))).toBe(join(tree.home, '.config', 'new'));
  });

  it('resolves a relative path against the current directory', () => {
    tree.file('in-cwd.txt');
    const fromCwd = relative(process.cwd(), tree.path('in-cwd.txt'));
    expect(resolveRealPath(fromCwd)).toBe(tree.path('in-cwd.txt'));
  });
});

describe('resolveRealPath: paths that cannot be resolved', () => {
  it('throws ELOOP for a symlink loop instead of hanging', () => {
    tree.symlink('loop-a', 'loop-b');
    tree.symlink('loop-b', 'loop-a');
    tree.symlink('self', 'self');
    expect(() => resolveRealPath(raw('loop-a'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
    expect(() => resolveRealPath(raw('self'))).toThrow(expect.objectContaining({ code: 'ELOOP' }));
  });

  it('throws ELOOP for a path below a symlink loop, including a file that does not exist', () => {
    tree.symlink('loop-a', 'loop-b');
    tree.symlink('loop-b', 'loop-a');
    expect(() => resolveRealPath(raw('loop-a/child/new-file'))).toThrow(
      expect.objectContaining({ code: 'ELOOP' }),
    );
  });

  it('follows a long but finite chain of symlinks', () => {
    tree.file('end.txt');
    let previous = 'end.txt';
    for (let index = 0; index < 30; index += 1) {
      tree.symlink(`hop-${index}`, previous);
      previous = `hop-${index}`;
    }
    expect(resolveRealPath(raw(previous))).toBe(tree.path('end.txt'));
  });

  it('returns a path through a regular file (file.txt/x, ENOTDIR) as written instead of throwing', () => {
    tree.file('file.txt', 'x');
    expect(resolveRealPath(raw('file.txt/x'))).toBe(tree.path('file.txt/x'));
    expect(resolveRealPath(raw('file.txt/x/y'))).toBe(tree.path('file.txt/x/y'));
  });

  it('returns the real path of a symlink whose target is a path through a file', () => {
    tree.file('file.txt', 'x');
    symlinkSync(tree.path('file.txt/inner'), tree.path('odd-link'));
    expect(resolveRealPath(raw('odd-link'))).toBe(tree.path('file.txt/inner'));
  });
});

describe('isInsideDirectory', () => {
  it('counts the directory itself and paths below it, not a sibling that shares a prefix', () => {
    expect(isInsideDirectory('/w/ws', '/w/ws')).toBe(true);
    expect(isInsideDirectory('/w/ws', '/w/ws/a/b')).toBe(true);
    expect(isInsideDirectory('/w/ws/', '/w/ws/a')).toBe(true);
    expect(isInsideDirectory('/w/ws', '/w/ws-other/a')).toBe(false);
    expect(isInsideDirectory('/w/ws', '/w')).toBe(false);
  });
});
