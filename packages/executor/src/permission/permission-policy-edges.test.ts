// The permission policy's decisions at the edges its main suite does not reach: content rules on
// tools that are not shells, the writes of a shell command, the sensitivity of a link and its
// target, ask rules on links, option checks, and invocations made by hand rather than by
// `Tool.build`.
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, type ToolInvocation, ToolKind, ToolResults } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideBash as bash,
  decideNow,
  decideShellIn as shell,
  synchronous,
  usePolicyWorkspace,
} from '../test-support/policy-decisions.js';
import { bashTool, callOn, pathTool } from '../test-support/policy-tools.js';
import type { PermissionDecision } from './permission-decision.js';
import { PermissionPolicy } from './permission-policy.js';

const workspace = usePolicyWorkspace();

const { policy } = workspace;

const read = pathTool('Read', ToolKind.ReadOnly);

/** A tool without paths whose permission content is a URL: not a shell, so its content is not read as bash. */
const fetchTool: Tool = createTool({
  name: 'Fetch',
  kind: ToolKind.Write,
  schema: Type.Object({ url: Type.String() }),
  description: 'Fetch test tool.',
  extractSignatureContent: (params) => params.url,
  execute: async () => ToolResults.success('not run'),
});

function fetch(subject: PermissionPolicy, url: string): PermissionDecision {
  return synchronous(
    subject.decide({ invocation: fetchTool.build({ url }), tool: fetchTool, mode: 'default' }),
  );
}

describe('content rules on a tool that is not a shell', () => {
  it('a deny content rule refuses the calls it matches and only those', () => {
    const subject = policy({ deny: ['Fetch(https://evil.example/*)'] });
    expect(fetch(subject, 'https://evil.example/x')).toEqual({
      behavior: 'deny',
      reason: 'Denied by the rule "Fetch(https://evil.example/*)" in permissions.deny.',
      rule: 'Fetch(https://evil.example/*)',
    });
    expect(fetch(subject, 'https://good.example/x')).toEqual({ behavior: 'allow', reason: 'write tool.' });
  });

  it('a content too long to read whole is caught by every deny and ask content rule', () => {
    const long = `${'nohup '.repeat(20000)}x`;
    expect(fetch(policy({ ask: ['Fetch(https://evil.example/*)'] }), long)).toEqual({
      behavior: 'ask',
      reason:
        'The command cannot be checked against the rule "Fetch(https://evil.example/*)" in permissions.ask (the command is too long or too deeply nested (wrappers, bash -c, eval) to read whole), so that rule applies.',
      rule: 'Fetch(https://evil.example/*)',
      remedy:
        'An allow rule does not override the rule "Fetch(https://evil.example/*)" in permissions.ask; only removing it from there lets such calls run without asking.',
    });
  });

  it('an allow content rule allows the calls it matches and no others', () => {
    const subject = policy({ allow: ['Fetch(https://good.example/*)'] });
    expect(fetch(subject, 'https://good.example/x')).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Fetch(https://good.example/*)".',
      rule: 'Fetch(https://good.example/*)',
    });
    expect(fetch(subject, 'https://evil.example/x')).toEqual({ behavior: 'allow', reason: 'write tool.' });
  });

  it('an execute tool with the default signature (its params as JSON) is allowed only by a rule matching that content', () => {
    const deploy = createTool({
      name: 'Deploy',
      kind: ToolKind.Execute,
      schema: Type.Object({ env: Type.String() }),
      description: 'Deploy test tool.',
      execute: async () => ToolResults.success('not run'),
    });
    const subject = policy({ allow: ['Deploy({"env":"staging"})'] });
    const decide = (env: string) =>
      synchronous(subject.decide({ invocation: deploy.build({ env }), tool: deploy, mode: 'default' }));
    expect(decide('staging')).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Deploy({"env":"staging"})".',
      rule: 'Deploy({"env":"staging"})',
    });
    expect(decide('production')).toEqual({
      behavior: 'ask',
      reason: 'Deploy can have effects outside the workspace (kind execute).',
    });
  });

  it('a path tool with the default signature is not caught by a content rule that matches its params text', () => {
    const edit = createTool({
      name: 'Edit',
      kind: ToolKind.Write,
      schema: Type.Object({ file_path: Type.String(), new_string: Type.String() }),
      description: 'Edit test tool.',
      affectedPaths: (params) => [params.file_path],
      execute: async () => ToolResults.success('not run'),
    });
    workspace.tree.file('notes.txt');
    const invocation = edit.build({ file_path: 'notes.txt', new_string: 'unlock' });
    expect(
      synchronous(policy({ deny: ['Edit(*lock*)'] }).decide({ invocation, tool: edit, mode: 'default' })),
    ).toEqual({
      behavior: 'allow',
      reason: 'write inside the workspace.',
    });
  });
});

describe('a shell command line', () => {
  it('a command whose rest is known only when it runs is caught by a deny rule it could match', () => {
    expect(bash(policy({ deny: ['Bash(git push:*)'], allow: ['Bash'] }), 'git $X')).toEqual({
      behavior: 'deny',
      reason:
        'The command cannot be checked against the rule "Bash(git push:*)" in permissions.deny (the command line runs "git …", whose rest is known only when the shell runs it), so that rule applies.',
      rule: 'Bash(git push:*)',
    });
  });

  it('a command that starts like params JSON is still read as a command, with a working directory too', () => {
    workspace.tree.dir('build');
    const subject = policy({ deny: ['Bash(rm:*)'], allow: ['Bash'] });
    for (const command of ['{"x" ; rm -rf build', '{"x"} ; rm -rf build']) {
      expect(shell(subject, command, '.'), command).toMatchObject({ behavior: 'deny', rule: 'Bash(rm:*)' });
    }
  });

  it('a whole-tool allow rule allows even a command that cannot be understood', () => {
    expect(bash(policy({ allow: ['Bash'] }), 'echo $X')).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Bash".',
      rule: 'Bash',
    });
  });

  it('names every allow rule that covers a command of the line, once each', () => {
    const subject = policy({ allow: ['Bash(npm run *)', 'Bash(ls)'] });
    expect(bash(subject, 'ls')).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Bash(ls)".',
      rule: 'Bash(ls)',
    });
    expect(bash(subject, 'npm run build && ls && npm run test')).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rules "Bash(npm run *)", "Bash(ls)".',
      rule: 'Bash(npm run *)',
    });
  });

  it('with a working directory, allow rules are path rules: a command rule does not allow the call', () => {
    workspace.tree.dir('src');
    expect(shell(policy({ allow: ['Bash(ls)'] }), 'ls', 'src')).toEqual({
      behavior: 'ask',
      reason: 'Bash can have effects outside the workspace (kind execute).',
    });
    expect(shell(policy({ allow: ['Bash(src/**)'] }), 'ls', 'src')).toMatchObject({
      behavior: 'allow',
      rule: 'Bash(src/**)',
    });
  });
});

describe("a shell command's writes", () => {
  it('a write whose place is known only when the shell runs asks, whatever the allow rules say', () => {
    expect(bash(policy({ allow: ['Bash'] }), 'echo x > "$F"')).toEqual({
      behavior: 'ask',
      reason:
        "The command writes where it cannot be told before it runs ($F: a place known only when the shell runs it): it may write a protected file, so it needs the user's approval, whatever the allow rules say.",
      remedy:
        'No allow rule permits writing a protected file; only the user can approve it, in a run they watch.',
    });
  });

  it('a relative write lands under the working directory too', () => {
    workspace.tree.dir('app');
    const subject = policy({ allow: ['Bash'], protectedPaths: [workspace.tree.path('app/deploy.conf')] });
    expect(shell(subject, 'echo x > deploy.conf', 'app')).toEqual({
      behavior: 'ask',
      reason:
        "The command writes app/deploy.conf, which is protected (a file the host marked as protected): it always needs the user's approval, whatever the allow rules say.",
      remedy:
        'No allow rule permits writing a protected file; only the user can approve it, in a run they watch.',
    });
    expect(shell(subject, 'echo x > notes.conf', 'app').behavior).toBe('allow');
  });

  it('a write through a link is judged where it lands: a harmless name linked to a hook asks', () => {
    workspace.tree.dir('.git/hooks');
    workspace.tree.symlink('docs/hook', '../.git/hooks/pre-commit');
    expect(bash(policy({ allow: ['Bash'] }), 'echo x > docs/hook')).toMatchObject({
      behavior: 'ask',
      reason: expect.stringMatching(/^The command writes \.git\/hooks\/pre-commit, which is protected/),
    });
  });

  it('a write into a symlink loop is refused, naming the place', () => {
    workspace.tree.symlink('loop-a', 'loop-b');
    workspace.tree.symlink('loop-b', 'loop-a');
    const decision = bash(policy({ allow: ['Bash'] }), 'echo x > loop-a/x');
    expect(decision.behavior).toBe('deny');
    expect(
      decision.reason.startsWith(
        `${JSON.stringify(join(workspace.tree.workspace, 'loop-a/x'))} cannot be resolved (`,
      ),
    ).toBe(true);
  });
});

describe('a link and its target: the more sensitive name counts', () => {
  it('a .env link to a private key is refused as the key', () => {
    workspace.tree.file('keys/id_rsa', 'KEY');
    workspace.tree.symlink('.env', 'keys/id_rsa');
    expect(decideNow(policy({ allow: ['Read(**)'] }), read, ['.env']).behavior).toBe('deny');
  });

  it('a private-key name linked to a .env is refused as a key', () => {
    workspace.tree.file('config/.env', 'K=v');
    workspace.tree.symlink('id_rsa', 'config/.env');
    expect(decideNow(policy({ allow: ['Read(**)'] }), read, ['id_rsa']).behavior).toBe('deny');
  });

  it('a database name linked to a .env asks as the .env', () => {
    workspace.tree.file('config/.env', 'K=v');
    workspace.tree.symlink('app.db', 'config/.env');
    const decision = decideNow(policy({ allow: ['Read(**)'] }), read, ['app.db']);
    expect(decision.behavior).toBe('ask');
    expect(decision.reason).toContain('may hold secrets (an environment file');
  });
});

describe('a chain of links', () => {
  it('is judged by the name written and the file it reaches, not by the links between', () => {
    workspace.tree.file('notes.txt');
    workspace.tree.symlink('id_rsa', 'notes.txt');
    workspace.tree.symlink('a.txt', 'id_rsa');
    expect(decideNow(policy(), read, ['a.txt'])).toEqual({
      behavior: 'allow',
      reason: 'read-only inside the workspace.',
    });
  });

  it("each reading of a `..` path is judged by its own file: a key's literal rule does not turn the other reading into that key", () => {
    // sub/../link.txt is link.txt (-> keys/id_rsa) to a tool that normalises, deep/link.txt to the kernel.
    workspace.tree.file('keys/id_rsa', 'KEY');
    workspace.tree.symlink('link.txt', 'keys/id_rsa');
    workspace.tree.file('deep/link.txt', 'harmless');
    workspace.tree.dir('deep/sub2');
    workspace.tree.symlink('sub', 'deep/sub2');
    expect(decideNow(policy({ allow: ['Read(keys/id_rsa)'] }), read, ['sub/../link.txt'])).toEqual({
      behavior: 'allow',
      reason: 'read-only inside the workspace.',
    });
    expect(decideNow(policy(), read, ['sub/../link.txt']).behavior).toBe('deny');
  });
});

describe('ask rules on links', () => {
  it('an ask rule asks for a path that matches it as written or where it really is', () => {
    workspace.tree.file('public/readme.txt');
    workspace.tree.symlink('vault', 'public');
    workspace.tree.file('ledger/x');
    workspace.tree.symlink('open', 'ledger');
    const subject = policy({ ask: ['Read(vault/**)', 'Read(ledger/**)'], allow: ['Read'] });
    expect(decideNow(subject, read, ['vault/readme.txt'])).toMatchObject({
      behavior: 'ask',
      rule: 'Read(vault/**)',
    });
    expect(decideNow(subject, read, ['open/x'])).toMatchObject({ behavior: 'ask', rule: 'Read(ledger/**)' });
  });

  it('a deny rule on the name a link is written with refuses the call by that rule', () => {
    workspace.tree.file('public/readme.txt');
    workspace.tree.symlink('vault', 'public');
    expect(
      decideNow(policy({ deny: ['Read(vault/**)'], allow: ['Read'] }), read, ['vault/readme.txt']),
    ).toEqual({
      behavior: 'deny',
      reason: 'Denied by the rule "Read(vault/**)" in permissions.deny.',
      rule: 'Read(vault/**)',
    });
  });

  it('a command-like ask rule that names the working directory asks', () => {
    workspace.tree.dir('make');
    expect(shell(policy({ ask: ['Bash(make)'], allow: ['Bash'] }), 'ls', 'make')).toMatchObject({
      behavior: 'ask',
      rule: 'Bash(make)',
    });
  });

  it('an ask rule naming a private key does not unlock it, and an ask rule does not cover a search outside', () => {
    workspace.tree.file('deploy/id_ed25519', 'KEY');
    expect(
      decideNow(policy({ ask: ['Read(deploy/id_ed25519)'] }), read, ['deploy/id_ed25519']).behavior,
    ).toBe('deny');
    const outside = join(workspace.tree.root, 'shared', 'a.txt');
    expect(policy({ ask: [`Grep(${workspace.tree.root}/shared/**)`] }).judgeRead(outside, 'Grep')).toEqual({
      behavior: 'ask',
      reason: `${outside} is outside the workspace.`,
      suggestedRule: `Read(${outside})`,
    });
  });
});

describe('what judgeRead says', () => {
  it('names the workspace root by its full path', () => {
    expect(policy({ deny: ['Grep(**)'] }).judgeRead(workspace.tree.workspace, 'Grep')).toEqual({
      behavior: 'deny',
      reason: `${workspace.tree.workspace} is denied by the rule "Grep(**)" in permissions.deny.`,
      rule: 'Grep(**)',
    });
  });
});

describe("an MCP tool's path arguments", () => {
  const files = createTool({
    name: 'mcp__fs__read_many',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({ paths: Type.Array(Type.String()) }),
    description: 'read many from fs.',
    source: { type: 'mcp', server: 'fs', toolName: 'read_many', fingerprint: 'fp-fs-read_many' },
    execute: async () => ToolResults.success('not run'),
  });
  const decideOn = (subject: PermissionPolicy, paths: string[]) =>
    synchronous(subject.decide({ invocation: files.build({ paths }), tool: files, mode: 'default' }));

  it('more path arguments than can be judged refuse the call', () => {
    const paths = Array.from({ length: 1001 }, (_, index) => `f${index}.txt`);
    expect(decideOn(policy({ trustedMcpServers: ['fs'] }), paths)).toEqual({
      behavior: 'deny',
      reason: "mcp__fs__read_many's arguments cannot be judged whole: more than 1000 path arguments.",
    });
  });

  it('a path argument inside a symlink loop refuses the call', () => {
    workspace.tree.symlink('loop-a', 'loop-b');
    workspace.tree.symlink('loop-b', 'loop-a');
    const decision = decideOn(policy({ trustedMcpServers: ['fs'] }), ['ok.txt', 'loop-a/x']);
    expect(decision.behavior).toBe('deny');
    expect(decision.reason.startsWith('"loop-a/x" cannot be resolved (')).toBe(true);
  });

  it("a built-in tool's arguments are not read as paths: its affectedPaths say what it touches", () => {
    const tag = createTool({
      name: 'Tag',
      kind: ToolKind.Write,
      schema: Type.Object({ paths: Type.Array(Type.String()), source: Type.String() }),
      description: 'Tag test tool.',
      affectedPaths: (params) => params.paths,
      execute: async () => ToolResults.success('not run'),
    });
    workspace.tree.file('src/a.ts');
    const invocation = tag.build({ paths: ['src/a.ts'], source: 'keys/id_rsa' });
    expect(synchronous(policy().decide({ invocation, tool: tag, mode: 'default' }))).toEqual({
      behavior: 'allow',
      reason: 'write inside the workspace.',
    });
  });
});

describe('options', () => {
  it('an empty workspaceRoot is refused, saying what is accepted', () => {
    expect(() => new PermissionPolicy({ workspaceRoot: '' })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringContaining('a non-empty path'),
      }),
    );
  });

  it('alwaysAsk must map every tool name to a non-empty reason', () => {
    for (const alwaysAsk of [null, { ExitPlanMode: 'only the user ends Plan mode', Other: ' ' }]) {
      expect(() => policy({ alwaysAsk } as never), JSON.stringify(alwaysAsk)).toThrow(
        expect.objectContaining({
          code: 'invalid_option',
          message: expect.stringContaining('an object mapping tool names to a non-empty reason'),
        }),
      );
    }
  });
});

describe('an invocation made by another implementation, whose signature is not Name(content)', () => {
  const deploy = createTool({
    name: 'Deploy',
    kind: ToolKind.Execute,
    schema: Type.Object({ target: Type.String() }),
    description: 'Deploy test tool.',
    extractSignatureContent: (params) => params.target,
    execute: async () => ToolResults.success('not run'),
  });

  /** A real invocation of Deploy that reports `signature` as its permission signature (and `paths` as its paths). */
  function signed(
    signature: string,
    kind: ToolKind = ToolKind.Execute,
    paths: readonly string[] = [],
  ): ToolInvocation {
    const real = deploy.build({ target: 'abc' });
    const replaced: Record<PropertyKey, unknown> = {
      permissionSignature: signature,
      kind,
      affectedPaths: paths,
    };
    return new Proxy(real, {
      get: (target, key) => (key in replaced ? replaced[key] : Reflect.get(target, key, target)),
    });
  }

  const decide = (subject: PermissionPolicy, invocation: ToolInvocation) =>
    synchronous(subject.decide({ invocation, tool: deploy, mode: 'default' }));

  it('has no content: a content allow rule does not allow it, a whole-tool rule does', () => {
    for (const signature of ['Deploy', 'Deploy(abc', 'Other(abc)']) {
      expect(
        decide(policy({ allow: ['Deploy(*)', 'Deploy(ab*)', 'Deploy(abc)'] }), signed(signature)),
        signature,
      ).toEqual({
        behavior: 'ask',
        reason: 'Deploy can have effects outside the workspace (kind execute).',
      });
    }
    expect(decide(policy({ allow: ['Deploy'] }), signed('Deploy'))).toMatchObject({
      behavior: 'allow',
      rule: 'Deploy',
    });
  });

  it('a deny or ask content rule applies to it: what cannot be read is failed closed', () => {
    for (const kind of [ToolKind.Execute, ToolKind.Write]) {
      expect(
        decide(policy({ deny: ['Deploy(prod*)'], allow: ['Deploy'] }), signed('Deploy', kind)),
        kind,
      ).toEqual({
        behavior: 'deny',
        reason:
          'The command cannot be checked against the rule "Deploy(prod*)" in permissions.deny (its permission signature has no content in parentheses), so that rule applies.',
        rule: 'Deploy(prod*)',
      });
    }
  });

  it('with paths it is judged by its paths, as a tool whose signature is its params', () => {
    workspace.tree.dir('src');
    expect(
      decide(
        policy({ deny: ['Deploy(prod*)'], allow: ['Deploy'] }),
        signed('Deploy', ToolKind.Execute, ['src']),
      ),
    ).toEqual({
      behavior: 'allow',
      reason: 'Allowed by the rule "Deploy".',
      rule: 'Deploy',
    });
  });
});

describe('covers: one allow rule judged on its own', () => {
  it('names the tool, and covers paths by where they really are or a command by its content', () => {
    const subject = policy();
    expect(subject.covers('Read', callOn(read, 'anything.txt'))).toBe(true);
    expect(subject.covers('Write', callOn(read, 'anything.txt'))).toBe(false);
    expect(subject.covers('Read(src/**)', callOn(read, 'src/a.ts'))).toBe(true);
    expect(subject.covers('Read(src/**)', callOn(read, 'src/../notes.md'))).toBe(false);
    expect(subject.covers('Bash(npm run test:*)', bashTool.build({ command: 'npm run test:unit' }))).toBe(
      true,
    );
    expect(subject.covers('Bash(npm run test:*)', bashTool.build({ command: 'npm publish' }))).toBe(false);
    expect(() => subject.covers('Read(', callOn(read, 'a'))).toThrow(
      /Invalid rule "Read\(" in permissions\.allow/,
    );
  });
});
