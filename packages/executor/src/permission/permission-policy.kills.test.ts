// The permission policy attacked with real files and symlinks where the mutation run (mutation/)
// found the suite silent: a symlink loop behind a missing directory, `link/..` at the end of a
// path, a path starting with `..` or `~` handed in with a known real path, a workspace's sibling
// directory sharing its name as a prefix, a deny rule matching one path of several, the order of
// allow rules for secrets, and the reasons a user is shown.
import { join } from 'node:path';
import { ToolKind } from '@toolwright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveRealPath } from '../paths/real-path.js';
import {
  decideBash as bash,
  decideNow,
  policyIn,
  decideShellIn as shell,
} from '../test-support/policy-decisions.js';
import { callOn, mcpTool, pathTool } from '../test-support/policy-tools.js';
import { makeTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import type { PermissionDecision } from './permission-decision.js';
import type { PermissionPolicy, PermissionPolicyOptions } from './permission-policy.js';
import { parsePermissionRule } from './permission-rule.js';

let tree: TempWorkspace;

beforeEach(() => {
  tree = makeTempWorkspace();
  vi.stubEnv('HOME', tree.home);
});

afterEach(() => {
  vi.unstubAllEnvs();
  tree.remove();
});

const read = pathTool('Read', ToolKind.ReadOnly);
const write = pathTool('Write', ToolKind.Write);
const run = pathTool('Run', ToolKind.Execute);

function policy(options: Omit<PermissionPolicyOptions, 'workspaceRoot'> = {}): PermissionPolicy {
  return policyIn(tree, options);
}

describe('symlink loops and chains', () => {
  it('a loop reached through a missing directory is ELOOP, not a hang, and the policy denies the path', () => {
    tree.symlink('loop', 'loop');
    tree.dir('real');
    const hostile = `${tree.workspace}/missing/../loop/x`;
    expect(() => resolveRealPath(hostile)).toThrow(
      expect.objectContaining({
        code: 'ELOOP',
        message: `Too many symbolic links while resolving ${hostile}`,
      }),
    );
    const decision = decideNow(policy({ allow: ['Read(**)'] }), read, ['missing/../loop/x']);
    expect(decision.behavior).toBe('deny');
    expect(decision.reason).toMatch(/^"missing\/..\/loop\/x" cannot be resolved \(/);
  });

  it('a chain of 40 links to a file not created yet resolves to where the write would land', () => {
    tree.symlink('l40', join(tree.workspace, 'target-to-be'));
    for (let index = 39; index >= 1; index -= 1) tree.symlink(`l${index}`, `l${index + 1}`);
    expect(resolveRealPath(join(tree.workspace, 'l1'))).toBe(join(tree.workspace, 'target-to-be'));
    expect(resolveRealPath(join(tree.workspace, 'missing', '..', 'l1'))).toBe(
      join(tree.workspace, 'target-to-be'),
    );
  });
});

describe('`..` and `~` are judged where they can land', () => {
  it("`link/..` at the end of a path is judged at the link target's parent too", () => {
    tree.symlink('docs/gh', join(tree.home, '.config', 'gh'));
    const decision = decideNow(policy({ allow: ['Read(docs/**)'] }), read, ['docs/gh/..']);
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toBe(
      `${join(tree.home, '.config')} (written as ${join(tree.workspace, 'docs')}) is outside the workspace.`,
    );
  });

  it('a known real path is not trusted for a path that starts with `..`', () => {
    const inside = tree.file('src/a.ts');
    expect(policy().judgeRead('../home/.config/gh/hosts.yml', 'Grep', inside).behavior).toBe('ask');
    expect(policy().judgeRead('src/a.ts', 'Grep', inside)).toEqual({ behavior: 'allow', reason: 'readable' });
  });

  it('a known real path is not trusted for a path that starts with `~/`', () => {
    const inside = tree.file('~/.config/gh/hosts.yml');
    expect(policy().judgeRead('~/.config/gh/hosts.yml', 'Grep', inside).behavior).toBe('ask');
  });

  it('a workspace file whose name only starts with ~ is not read in the home directory', () => {
    tree.file('~notes');
    expect(decideNow(policy(), read, ['~notes'])).toEqual({
      behavior: 'allow',
      reason: 'read-only inside the workspace.',
    });
  });
});

describe("rules are anchored where they say, not in a sibling that shares the workspace's name", () => {
  it('an allow rule on the workspace does not cover workspace-2 next to it', () => {
    const sibling = `${tree.workspace}-2`;
    tree.file('../workspace-2/src/x.ts');
    const decision = decideNow(policy({ allow: ['Read(src/**)'] }), read, [join(sibling, 'src', 'x.ts')]);
    expect(decision).toEqual({
      behavior: 'ask',
      reason: `${join(sibling, 'src', 'x.ts')} is outside the workspace.`,
      suggestedRule: `Read(${join(sibling, 'src', 'x.ts')})`,
    });
  });

  it('a deny rule on the workspace does not deny a path in a sibling of the same length', () => {
    const sibling = join(tree.root, 'workspacX');
    tree.file('../workspacX/vault/key.txt');
    const subject = policy({ deny: ['Read(vault/**)'] });
    expect(decideNow(subject, read, [join(sibling, 'vault', 'key.txt')]).behavior).toBe('ask');
    expect(decideNow(subject, read, ['vault/key.txt']).behavior).toBe('deny');
  });

  it('a home rule naming a folder does not cover the home directory itself', () => {
    tree.file('../home/docs/plan.md');
    const subject = policy({ allow: ['Read(~/docs/**)', 'Read(~/**/plan.md)'] });
    expect(decideNow(subject, read, [join(tree.home, 'docs', 'plan.md')]).behavior).toBe('allow');
    expect(decideNow(subject, read, [tree.home]).behavior).toBe('ask');
  });

  it('a path rule with a `..` segment is refused, spaces around it or not', () => {
    expect(() => parsePermissionRule('Read( ../secrets/** )', 'allow')).toThrow(
      expect.objectContaining({ code: 'invalid_permission_rule' }),
    );
  });
});

describe('deny and ask rules', () => {
  it('a deny rule catches a call when one of its paths matches, not only when all do', () => {
    tree.file('vault/key.txt');
    tree.file('src/a.ts');
    const decision = decideNow(policy({ deny: ['Write(vault/**)'], allow: ['Write(**)'] }), write, [
      'src/a.ts',
      'vault/key.txt',
    ]);
    expect(decision).toEqual({
      behavior: 'deny',
      reason: 'Denied by the rule "Write(vault/**)" in permissions.deny.',
      rule: 'Write(vault/**)',
    });
  });

  it('a deny rule matches the path as written even when its real place is elsewhere', () => {
    tree.symlink('docs/home', tree.home);
    tree.file('notes.txt');
    const decision = decideNow(policy({ deny: ['Read(docs/home/**)'] }), read, ['docs/home/.bashrc']);
    expect(decision.behavior).toBe('deny');
  });

  it('an ask rule says it asks; the path is still judged after it, so a private key is still refused', () => {
    tree.file('docs/plan.md');
    tree.file('docs/id_ed25519', 'KEY');
    const subject = policy({ ask: ['Read(docs/**)'], allow: ['Read'] });
    expect(decideNow(subject, read, ['docs/plan.md'])).toEqual({
      behavior: 'ask',
      reason: 'The rule "Read(docs/**)" in permissions.ask asks for approval.',
      rule: 'Read(docs/**)',
      remedy:
        'An allow rule does not override the rule "Read(docs/**)" in permissions.ask; only removing it from there lets such calls run without asking.',
    });
    expect(decideNow(subject, read, ['docs/id_ed25519']).behavior).toBe('deny');
  });

  it('a path-like deny rule also catches the command of a tool without paths', () => {
    expect(bash(policy({ deny: ['Bash(./deploy.sh)'], allow: ['Bash'] }), './deploy.sh')).toMatchObject({
      behavior: 'deny',
      rule: 'Bash(./deploy.sh)',
    });
  });

  it("a shell command ending in '}' is still a command: a deny rule on rm catches it", () => {
    tree.dir('build');
    const decision = shell(
      policy({ deny: ['Bash(rm:*)'], allow: ['Bash'] }),
      'rm -rf build && echo }',
      'build',
    );
    expect(decision.behavior).toBe('deny');
  });

  it('a command-like deny rule that matches the working directory catches the call by its path', () => {
    tree.dir('make');
    expect(shell(policy({ deny: ['Bash(make)'], allow: ['Bash'] }), 'ls', 'make').behavior).toBe('deny');
  });

  it('judgeRead ignores a whole-tool deny rule (the call itself is judged by decide) and never throws', () => {
    tree.file('src/a.ts');
    expect(policy({ deny: ['Grep'] }).judgeRead('src/a.ts', 'Grep').behavior).toBe('allow');
  });
});

describe('allow rules and secrets', () => {
  it('a literal allow rule lets a private key be read even after a catch-all rule', () => {
    tree.file('deploy/id_ed25519', 'KEY');
    const decision = decideNow(policy({ allow: ['Read(**)', 'Read(deploy/id_ed25519)'] }), read, [
      'deploy/id_ed25519',
    ]);
    expect(decision).toMatchObject({ behavior: 'allow', rule: 'Read(**)' });
  });

  it('a path-specific rule covers a .env even when a catch-all comes after it', () => {
    tree.file('config/.env', 'KEY=1');
    const subject = policy({ allow: ['Read(config/**)', 'Read(**)'] });
    expect(decideNow(subject, read, ['config/.env']).behavior).toBe('allow');
    expect(decideNow(policy({ allow: ['Read(**)'] }), read, ['config/.env']).behavior).toBe('ask');
  });

  it('the more sensitive of the written and the real name counts: a .env linked to a database asks', () => {
    tree.file('data/app.db');
    tree.symlink('.env', 'data/app.db');
    const decision = decideNow(policy({ allow: ['Read(**)'] }), read, ['.env']);
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('may hold secrets (an environment file');
    tree.file('notes.txt');
    tree.symlink('id_rsa', 'notes.txt');
    expect(decideNow(policy({ allow: ['Read(**)'] }), read, ['id_rsa']).behavior).toBe('deny');
  });

  it('an allow rule for one tool does not let another tool run', () => {
    tree.dir('src');
    expect(shell(policy({ allow: ['Read(src/**)'] }), 'make', 'src')).toEqual({
      behavior: 'ask',
      reason: 'Bash can have effects outside the workspace (kind execute).',
    });
  });

  it('a wildcard command rule does not allow an unrelated command', () => {
    const subject = policy({ allow: ['Bash(npm run *)'] });
    expect(bash(subject, 'npm run build')).toMatchObject({ behavior: 'allow', rule: 'Bash(npm run *)' });
    expect(bash(subject, 'rm -rf /').behavior).toBe('ask');
  });

  it('the characters of a pattern are taken literally, not as a regular expression', () => {
    const subject = policy({ allow: ['mcp__my.server__*', 'Bash(echo a.b *)'] });
    for (const server of ['myserver', 'myXserver']) {
      const tool = mcpTool(server, 'lookup', ToolKind.Execute);
      const decision = subject.decide({ invocation: tool.build({ query: 'q' }), tool, mode: 'default' });
      expect((decision as PermissionDecision).behavior, server).toBe('ask');
    }
    expect(bash(subject, 'echo a.b c')).toMatchObject({ behavior: 'allow', rule: 'Bash(echo a.b *)' });
    expect(bash(subject, 'echo aXb c').behavior).toBe('ask');
  });
});

describe('the reasons and defaults a user sees', () => {
  it('an allowed call says which rule allowed it; a call without rules says its kind', () => {
    tree.file('src/a.ts');
    expect(decideNow(policy({ allow: ['Write(src/**)'] }), write, ['src/a.ts'])).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Write(src/**)".',
      rule: 'Write(src/**)',
    });
    expect(decideNow(policy(), write, ['src/a.ts'])).toEqual({
      behavior: 'allow',
      reason: 'write inside the workspace.',
    });
    expect(decideNow(policy(), read, [])).toEqual({ behavior: 'allow', reason: 'read-only tool.' });
    expect(decideNow(policy(), run, [])).toEqual({
      behavior: 'ask',
      reason: 'Run can have effects outside the workspace (kind execute).',
    });
  });

  it('a decision needs no tool object for a built-in call', () => {
    tree.file('src/a.ts');
    expect(policy().decide({ invocation: callOn(read, 'src/a.ts'), mode: 'default' })).toMatchObject({
      behavior: 'allow',
    });
  });

  it("an untrusted server's write tool is not judged by the read-only hint", () => {
    const tool = mcpTool('remote', 'save', ToolKind.Write);
    expect(policy().decide({ invocation: tool.build({ query: 'q' }), tool, mode: 'default' })).toEqual({
      behavior: 'allow',
      reason: 'write tool.',
    });
  });

  it('a list option that is not an array of strings is refused by name', () => {
    for (const option of [
      'deny',
      'ask',
      'allow',
      'trustedDirectories',
      'protectedPaths',
      'trustedMcpServers',
    ]) {
      expect(() => policy({ [option]: ['/tmp', 5] } as never), option).toThrow(
        expect.objectContaining({
          code: 'invalid_option',
          message: `PermissionPolicy: ${option} must be an array of strings; got ["/tmp",5].`,
        }),
      );
    }
    expect(() => policy({ allw: [] } as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining('PermissionPolicy'),
      }),
    );
  });
});
