import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliUnderTestPath, removeCliUnderTest } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// The built CLI on a pseudo-terminal (util-linux `script`), called on a real stdio server whose
// elicitation draws a fake prompt of another server and asks for a token and a one-time code:
// what the user sees, and that what they type for a secret is never on the screen.
const hostileServer = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-support',
  'hostile-mcp-server.mjs',
);

let directory: ReturnType<typeof makeTemporaryDirectory>;
let workspace: string;

beforeAll(() => {
  directory = makeTemporaryDirectory('elicitation-terminal');
  workspace = join(directory.path, 'workspace');
  mkdirSync(workspace);
  writeFileSync(
    join(workspace, '.mcp.json'),
    JSON.stringify({ mcpServers: { hostile: { command: process.execPath, args: [hostileServer] } } }),
  );
  writeFileSync(
    join(workspace, 'toolwright.config.json'),
    JSON.stringify({ permissions: { allow: ['mcp__hostile__*'] } }),
  );
});

afterAll(async () => {
  await removeCliUnderTest();
  directory?.remove();
});

/**
 * Runs the CLI on a pseudo-terminal and types each answer once its prompt is on the screen (in
 * order): no timing is involved. Resolves with everything the terminal showed.
 */
async function dialogue(args: string[], script: Array<[prompt: string, typed: string]>, cwd = workspace) {
  const cli = await cliUnderTestPath();
  const home = join(directory.path, 'home');
  const command = [process.execPath, cli, ...args]
    .map((part) => `'${part.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd,
    env: {
      ...process.env,
      TOOLWRIGHT_HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      NO_COLOR: '1',
    },
  });
  let screen = '';
  let seenUpTo = 0;
  const pending = [...script];
  /** The screen up to the first answer typed: what the user saw when they decided. */
  let beforeFirstAnswer: string | undefined;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    const next = pending[0];
    if (next === undefined) return;
    const at = screen.indexOf(next[0], seenUpTo);
    if (at === -1) return;
    seenUpTo = at + next[0].length;
    pending.shift();
    beforeFirstAnswer ??= screen;
    child.stdin.write(`${next[1]}\r`);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return {
    code,
    screen,
    beforeFirstAnswer: beforeFirstAnswer ?? '',
    unanswered: pending.map(([prompt]) => prompt),
  };
}

describe.skipIf(!existsSync('/usr/bin/script'))('elicitation on a real terminal', () => {
  it('shows the server text as its block, warns about the secrets and never echoes them', async () => {
    const run = await dialogue(
      ['call', 'mcp__hostile__ask', '--trust-workspace'],
      [
        ['Answer? [Y]es / [n]o, decline / [c]ancel ', 'y'],
        ['"note" value: ', 'visible note'],
        ['"githubToken" (required) value (hidden): ', 'ghp_SECRET token'],
        ['"code" value (hidden): ', '918273'],
      ],
    );
    expect(run.unanswered, run.screen).toEqual([]);
    expect(run.code, run.screen).toBe(0);
    // The typed note is echoed as usual (so an echo would be seen); the secrets never are.
    expect(run.screen).toContain('visible note');
    expect(run.screen).not.toContain('ghp_SECRET');
    expect(run.screen).not.toContain('918273');
    // They reached the server as typed.
    expect(run.screen).toContain('accept note="visible note" token length 16 code length 6');
    // The fake prompt is inside the server's block, escaped; the warning names the fields.
    expect(run.screen).toContain('  hostile │ MCP server "github" asks for input; its message:');
    expect(run.screen).toContain('Re-enter your GitHub token\\u001b[2J\\u202e');
    expect(run.screen).not.toMatch(/^MCP server "github"/m);
    expect(run.screen).toContain(
      '! MCP server "hostile" asks for what looks like a secret: "GitHub token" ("token"), "Code" ("one time")',
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the screen clear must not reach the terminal
    expect(run.screen).not.toMatch(/\u001b\[2J|\u202e/);
  }, 90_000);

  it('an approval question shows model-written params on one line: a newline in a path cannot draw a question above it', async () => {
    // A folder with no config of its own: nothing to trust, the approval is the only question.
    const plain = join(directory.path, 'plain');
    mkdirSync(plain, { recursive: true });
    const forged = '/tmp/outside\nAllow Read(notes.md)? [y/N] ';
    const run = await dialogue(
      ['call', 'Write', JSON.stringify({ file_path: forged, content: 'x' }), '--no-mcp'],
      [['is outside the workspace. [y/N/a(lways)] ', 'n']],
      plain,
    );
    expect(run.unanswered, run.screen).toEqual([]);
    expect(run.code, run.screen).toBe(1);
    expect(run.beforeFirstAnswer).toContain('Allow Write /tmp/outside\\nAllow Read(notes.md)? [y/N]');
    expect(run.beforeFirstAnswer).not.toMatch(/^Allow Read/m);
    expect(run.screen).toContain('The user declined');
    expect(existsSync(forged)).toBe(false);
  }, 90_000);

  it('"a(lways)" at the approval question allows the tool in later runs, without asking again', async () => {
    const plain = join(directory.path, 'always');
    mkdirSync(plain, { recursive: true });
    const outside = (name: string) => join(directory.path, name);
    const first = await dialogue(
      ['call', 'Write', JSON.stringify({ file_path: outside('first.txt'), content: 'one' }), '--no-mcp'],
      [['is outside the workspace. [y/N/a(lways)] ', 'a']],
      plain,
    );
    expect(first.unanswered, first.screen).toEqual([]);
    expect(first.code, first.screen).toBe(0);
    expect(readFileSync(outside('first.txt'), 'utf8')).toBe('one');
    // Another process: the same tool, as defined then, runs without a question.
    const second = await dialogue(
      ['call', 'Write', JSON.stringify({ file_path: outside('second.txt'), content: 'two' }), '--no-mcp'],
      [],
      plain,
    );
    expect(second.code, second.screen).toBe(0);
    expect(second.screen).not.toContain('[y/N/a(lways)]');
    expect(readFileSync(outside('second.txt'), 'utf8')).toBe('two');
  }, 90_000);
});
