import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { runProgram } from './program.js';

// Every refusal here happens before a session is created or a server started, so the program
// runs in-process (the spawned CLI in cli.test.ts checks the real exit code once).
const directory = makeTemporaryDirectory('cli-input');
const previousHome = process.env.TOOLWRIGHT_HOME;
// Should a refusal ever let a command through, its session lands here, not in ~/.toolwright.
beforeAll(() => {
  process.env.TOOLWRIGHT_HOME = join(directory.path, 'home');
});
afterAll(() => {
  if (previousHome === undefined) delete process.env.TOOLWRIGHT_HOME;
  else process.env.TOOLWRIGHT_HOME = previousHome;
  directory.remove();
});

let workspaces = 0;
/** A new empty workspace, for tests that only need one to exist. */
function freshWorkspace(): string {
  workspaces += 1;
  return workspaceWith(`workspace-${workspaces}`);
}

function workspaceWith(name: string, files: Record<string, string> = {}): string {
  const root = join(directory.path, name);
  mkdirSync(root);
  for (const [file, content] of Object.entries(files)) writeFileSync(join(root, file), content);
  return root;
}

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runProgram(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('a workspace must be an existing directory', () => {
  it.each([['tools'], ['search', 'read'], ['call', 'Read', '{}'], ['mcp', 'list'], ['run', 'task']])(
    '%s refuses a missing one (exit 2), naming --workspace, the path and what is accepted',
    async (...command) => {
      const missing = join(directory.path, 'no-such-directory');
      const result = await run([...command, '-w', missing]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--workspace');
      expect(result.stderr).toContain(missing);
      expect(result.stderr).toContain('expected an existing directory');
      expect(result.stdout).toBe('');
    },
  );

  it('refuses a file given as the workspace', async () => {
    const root = workspaceWith('file-as-workspace', { 'notes.md': 'hi\n' });
    const result = await run(['tools', '--workspace', join(root, 'notes.md')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `--workspace ${join(root, 'notes.md')}: ${join(root, 'notes.md')} is not a directory`,
    );
  });
});

describe('a config file named explicitly must exist; the default names may be absent', () => {
  it('refuses --config naming a missing file (exit 2), with the flag and the file', async () => {
    const root = workspaceWith('missing-config');
    const result = await run(['tools', '-w', root, '--config', 'nope.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--config nope.json');
    expect(result.stderr).toContain(join(root, 'nope.json'));
    expect(result.stderr).toContain('[option_invalid]');
  });

  it('refuses --mcp-config naming a missing file (exit 2), with the flag and the file', async () => {
    const root = workspaceWith('missing-mcp-config');
    const result = await run(['tools', '-w', root, '--mcp-config', 'nope.json']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--mcp-config nope.json');
    expect(result.stderr).toContain(join(root, 'nope.json'));
  });

  it('refuses a missing file named by "mcpConfig" in toolwright.config.json (exit 2)', async () => {
    const root = workspaceWith('missing-mcp-config-key', {
      'toolwright.config.json': JSON.stringify({ mcpConfig: 'servers.json' }),
    });
    // Checked where it is acted on: in a folder whose config applies.
    const result = await run(['tools', '-w', root, '--trust-workspace']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `Invalid config in ${join(root, 'toolwright.config.json')}: key /mcpConfig`,
    );
    expect(result.stderr).toContain(join(root, 'servers.json'));
    expect(result.stderr).toContain('[config_invalid]');
  });

  it('refuses a directory given as --config', async () => {
    const root = workspaceWith('directory-as-config');
    mkdirSync(join(root, 'configs'));
    const result = await run(['tools', '-w', root, '--config', 'configs']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--config configs: ${join(root, 'configs')} is not a file`);
  });

  it('accepts an absolute --config outside the workspace', async () => {
    const root = workspaceWith('absolute-config');
    const elsewhere = workspaceWith('elsewhere', { 'agent.json': JSON.stringify({ provider: 'gpt' }) });
    const result = await run(['tools', '-w', root, '--config', join(elsewhere, 'agent.json')]);
    // Read from where it is (not joined under the workspace): its bad provider is reported.
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`Invalid config in ${join(elsewhere, 'agent.json')}`);
  });

  it('refuses --scenario naming a missing file (exit 2)', async () => {
    const root = workspaceWith('missing-scenario');
    const result = await run(['run', 'task', '-w', root, '--scenario', join(root, 'nope.json')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--scenario ${join(root, 'nope.json')}`);
  });
});

describe('numeric flags take an integer in their range', () => {
  it.each(['abc', '0', '501', '2.5', '-1', '', '1e3', '10abc'])(
    'refuses --max-turns %j (exit 2), naming the flag and the accepted range',
    async (value) => {
      const result = await run(['run', 'task', '-w', freshWorkspace(), '--max-turns', value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--max-turns');
      expect(result.stderr).toContain('an integer from 1 to 500');
      expect(result.stdout).not.toContain('NaN');
    },
  );

  it('runs with an integer in range', async () => {
    const root = workspaceWith('max-turns-valid', {
      'scenario.json': JSON.stringify({ name: 'one', turns: [{ text: 'done' }] }),
    });
    const result = await run([
      'run',
      'task',
      '-w',
      root,
      '--no-mcp',
      '--scenario',
      join(root, 'scenario.json'),
      '--max-turns',
      '3',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('done in 1 turns (completed)');
  });
});

describe('--base-url takes an http(s) URL', () => {
  it.each(['localhost:11434/v1', 'ftp://127.0.0.1/v1', 'not a url', ''])(
    'refuses %j (exit 2), naming the flag and what is accepted',
    async (value) => {
      const result = await run(['run', 'task', '-w', freshWorkspace(), '--base-url', value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--base-url');
      expect(result.stderr).toContain('an http:// or https:// URL');
    },
  );
});
