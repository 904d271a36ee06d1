import { writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import { PermissionPolicy, type PermissionPolicyOptions } from './permission-policy.js';
import { createPolicyPathAccess } from './policy-path-access.js';

let tree: TempWorkspace;

beforeEach(() => {
  tree = makeTempWorkspace();
});

function policy(options: Omit<PermissionPolicyOptions, 'workspaceRoot'> = {}): PermissionPolicy {
  return new PermissionPolicy({ workspaceRoot: tree.workspace, ...options });
}

describe('createPolicyPathAccess(policy, "Grep")', () => {
  it('can read ordinary workspace files and reports nothing', () => {
    const access = createPolicyPathAccess(policy(), 'Grep');
    expect(access.canRead(tree.file('src/index.ts', 'x'))).toBe(true);
    expect(access.canRead(tree.file('.env.example', 'KEY='))).toBe(true);
    expect(access.canRead(tree.dir('src'))).toBe(true);
    expect(access.skipped).toEqual([]);
    expect(access.summary()).toBe('');
  });

  it('cannot read a file denied by a Read rule or by a rule for the tool itself', () => {
    const access = createPolicyPathAccess(policy({ deny: ['Read(vault/**)', 'Grep(logs/**)'] }), 'Grep');
    expect(access.canRead(tree.file('vault/a.txt'))).toBe(false);
    expect(access.canRead(tree.file('logs/app.log'))).toBe(false);
    expect(access.skipped.map((skip) => skip.behavior)).toEqual(['deny', 'deny']);
    expect(access.skipped[0]?.reason).toContain('Read(vault/**)');
    expect(access.skipped[1]?.reason).toContain('Grep(logs/**)');
  });

  it("a rule for another tool does not narrow this tool's reads", () => {
    const access = createPolicyPathAccess(policy({ deny: ['Grep(logs/**)'] }), 'Glob');
    expect(access.canRead(tree.file('logs/app.log'))).toBe(true);
  });

  it('cannot read sensitive files: keys are denied, .env would need approval', () => {
    const access = createPolicyPathAccess(policy(), 'Grep');
    expect(access.canRead(tree.file('deploy/id_ed25519', 'KEY'))).toBe(false);
    expect(access.canRead(tree.file('certs/server.pem', 'KEY'))).toBe(false);
    expect(access.canRead(tree.file('.env', 'KEY=1'))).toBe(false);
    expect(access.skipped.map((skip) => skip.behavior)).toEqual(['deny', 'deny', 'ask']);
  });

  it('a catch-all allow rule (Read(**), Grep(**)) does not let a search read keys or .env', () => {
    const access = createPolicyPathAccess(
      policy({ allow: ['Read(**)', 'Grep(**)', 'Read', 'Grep'] }),
      'Grep',
    );
    expect(access.canRead(tree.file('deploy/id_ed25519', 'KEY'))).toBe(false);
    expect(access.canRead(tree.file('.env', 'KEY=1'))).toBe(false);
    expect(access.canRead(tree.file('src/a.ts', 'x'))).toBe(true);
    expect(access.skipped.map((skip) => skip.behavior)).toEqual(['deny', 'ask']);
  });

  it('cannot read files outside the workspace, whether named directly or reached through a symlink', () => {
    tree.symlink('docs/home', tree.home);
    const access = createPolicyPathAccess(policy(), 'Grep');
    expect(access.canRead(join(tree.home, '.config', 'gh', 'hosts.yml'))).toBe(false);
    expect(access.canRead(tree.path('docs/home/.config/gh/hosts.yml'))).toBe(false);
    expect(access.canRead(tree.path('docs/home/.bashrc'))).toBe(false);
    expect(access.skipped).toHaveLength(3);
    expect(access.skipped.every((skip) => skip.behavior === 'ask')).toBe(true);
    expect(access.skipped[1]).toMatchObject({
      path: tree.path('docs/home/.config/gh/hosts.yml'),
      reason: expect.stringContaining('outside the workspace'),
    });
  });

  it('judges .. after a symlinked directory at the real location', () => {
    tree.symlink('docs/home', tree.home);
    tree.file('docs/outside.txt', 'decoy');
    writeFileSync(join(tree.root, 'outside.txt'), 'outside');
    const access = createPolicyPathAccess(policy(), 'Grep');
    expect(access.canRead(`${tree.workspace}${sep}docs/home/../outside.txt`)).toBe(false);
  });

  it('refuses a path in a symlink loop, or with a NUL byte, without throwing', () => {
    tree.symlink('loop-a', 'loop-b');
    tree.symlink('loop-b', 'loop-a');
    const access = createPolicyPathAccess(policy(), 'Grep');
    expect(access.canRead(tree.path('loop-a/x'))).toBe(false);
    expect(access.canRead(tree.path('a\u0000b'))).toBe(false);
    expect(access.skipped[1]?.behavior).toBe('deny');
    expect(access.skipped[0]).toMatchObject({
      behavior: 'deny',
      reason: expect.stringContaining('cannot be resolved'),
    });
  });

  it('a known real path spares the resolution: it is what gets judged (rules, secrets, containment)', () => {
    const access = createPolicyPathAccess(policy({ deny: ['Read(vault/**)'] }), 'Grep');
    const inside = tree.file('src/a.ts', 'x');
    expect(access.canRead(inside, inside)).toBe(true);
    // The caller says where the path really is; a walker that passes a wrong one is judged by it.
    expect(access.canRead(inside, join(tree.workspace, 'vault', 'a.ts'))).toBe(false);
    expect(access.canRead(inside, join(tree.home, '.config', 'gh', 'hosts.yml'))).toBe(false);
    expect(access.canRead(inside, join(tree.workspace, '.env'))).toBe(false);
    expect(access.skipped.map((skip) => skip.behavior)).toEqual(['deny', 'ask', 'ask']);
  });

  it('ignores a known real path when the written path has a .. or ~ segment (it could land elsewhere)', () => {
    const access = createPolicyPathAccess(policy(), 'Grep');
    const inside = tree.file('src/a.ts', 'x');
    // Written by hand: join() would fold the `..` away.
    const climbing = `${tree.workspace}${sep}src${sep}..${sep}..${sep}home${sep}.config${sep}gh${sep}hosts.yml`;
    expect(access.canRead(climbing, inside)).toBe(false);
    expect(access.canRead(`~${sep}.ssh${sep}id_ed25519`, inside)).toBe(false);
  });

  it('summary() counts the skipped paths by kind', () => {
    const access = createPolicyPathAccess(policy({ deny: ['Read(vault/**)'] }), 'Grep');
    access.canRead(tree.file('vault/a'));
    access.canRead(tree.file('vault/b'));
    access.canRead(tree.file('.env'));
    access.canRead(tree.file('src/ok.ts'));
    expect(access.summary()).toBe(
      '3 paths skipped: 2 denied by the permission policy, 1 would need approval (secrets, or outside the workspace).',
    );
  });

  it('summary() speaks of one path in the singular and leaves out an empty kind', () => {
    const access = createPolicyPathAccess(policy(), 'Grep');
    access.canRead(tree.file('.env'));
    expect(access.summary()).toBe(
      '1 path skipped: 1 would need approval (secrets, or outside the workspace).',
    );
  });

  it('keeps at most 100 skipped paths but counts all of them', () => {
    const access = createPolicyPathAccess(policy({ deny: ['Read(vault/**)'] }), 'Grep');
    for (let index = 0; index < 150; index += 1) {
      expect(access.canRead(tree.path(`vault/f${index}`))).toBe(false);
    }
    expect(access.skipped).toHaveLength(100);
    expect(access.skipped[99]?.path).toBe(tree.path('vault/f99'));
    expect(access.summary()).toBe('150 paths skipped: 150 denied by the permission policy.');
  });
});
