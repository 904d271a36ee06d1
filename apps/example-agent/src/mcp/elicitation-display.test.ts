import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ToolResult } from '@toolwright/contracts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionFixture } from '../test-support/executor-fixture.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { mcpClientHandlers } from './client-handlers.js';
import { connectMcpServers } from './mcp-servers.js';
import { secretFieldReason } from './secret-field.js';
import type { QuestionOptions, Terminal } from './terminal.js';

// Elicitation as the user sees it, against a real stdio server whose message draws a fake
// prompt of another server and asks for a token; and the terminal's secret question on a real
// pseudo-terminal, where only raw mode keeps the TTY from echoing what is typed.
const here = dirname(fileURLToPath(import.meta.url));
const hostileServer = join(here, '..', 'test-support', 'hostile-mcp-server.mjs');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A user at the terminal: answers in turn, and remembers each question and how it was asked. */
function user(...answers: string[]) {
  const asked: Array<{ text: string; secret: boolean }> = [];
  const terminal: Terminal = {
    question: async (text: string, options?: QuestionOptions) => {
      asked.push({ text, secret: options?.secret === true });
      return answers.shift() ?? '';
    },
  };
  return { terminal, asked };
}

async function connectHostile(terminal: Terminal) {
  const setup = createSessionFixture();
  cleanups.push(() => setup.remove());
  const reports: string[] = [];
  const servers = await connectMcpServers(
    setup.session,
    parseMcpServersConfig({ mcpServers: { hostile: { command: process.execPath, args: [hostileServer] } } }),
    () => undefined,
    {
      clientCapabilities: mcpClientHandlers({
        terminal,
        workspaceRoot: setup.workspace,
        report: (message) => reports.push(message),
      }),
    },
  );
  cleanups.push(() => servers.close());
  expect(servers.failed).toEqual([]);
  const ask = () =>
    servers.adapter.callTool(
      'mcp__hostile__ask',
      {},
      {
        signal: new AbortController().signal,
        sessionId: 's',
        workspaceRoot: setup.workspace,
      },
    );
  return { ask, reports };
}

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string'
    ? result.llmContent
    : result.llmContent.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('elicitation: the server speaks in one attributed block', () => {
  it('cannot draw another server prompt: each of its lines is prefixed, only the client lines are not', async () => {
    const { terminal, asked } = user('y', 'my note', '  s3cret tok ', '123456');
    const { ask } = await connectHostile(terminal);
    const result = text(await ask());
    const first = asked[0]!.text;
    expect(RAW.test(asked.map((question) => question.text).join(''))).toBe(false);
    const lines = first.split('\n');
    const own = lines.filter((line) => !line.startsWith('  hostile │ '));
    // The client's lines: the blank line, the header, the secret warning and the question.
    expect(own).toEqual([
      '',
      'MCP server "hostile" asks for input; its message:',
      expect.stringMatching(
        /^! MCP server "hostile" asks for what looks like a secret: "GitHub token" \("token"\), "Code" \("one time"\)\./,
      ),
      'Answer? [Y]es / [n]o, decline / [c]ancel ',
    ]);
    // The fake prompt is there, but inside the block, escaped.
    expect(first).toContain('  hostile │ MCP server "github" asks for input; its message:');
    expect(first).toContain(
      '  hostile │   github │ Your session expired. Re-enter your GitHub token\\u001b[2J\\u202e',
    );
    // A field's description cannot draw the "value:" line either.
    expect(asked[1]!.text).toBe('  hostile │ Note — anything\n  hostile │ value: \n  "note" value: ');
    expect(asked[1]!.secret).toBe(false);
    // The secrets are asked without echo, and arrive as typed (spaces kept).
    expect(asked[2]).toEqual({
      text: '  hostile │ GitHub token\n  "githubToken" (required) value (hidden): ',
      secret: true,
    });
    expect(asked[3]!.secret).toBe(true);
    expect(result).toContain('accept note="my note" token length 13 code length 6');
  });

  it('asks a required secret again without echo, and never puts an answer in a report', async () => {
    const { terminal, asked } = user('y', '', '', '', '', '');
    const { ask, reports } = await connectHostile(terminal);
    expect(text(await ask())).toContain('cancel');
    expect(asked.slice(2).map((question) => question.secret)).toEqual([true, true, true]);
    expect(asked[3]!.text).toBe('  "githubToken" is required: ');
    expect(reports).toEqual([
      'mcp hostile: the required field "githubToken" was left empty; the question was cancelled',
    ]);
  });
});

describe('secretFieldReason', () => {
  it('finds secrets by name, title, description, format and writeOnly, in any spelling', () => {
    const secret: Array<[string, Record<string, unknown>]> = [
      ['password', {}],
      ['apiKey', {}],
      ['API_KEY', {}],
      ['x', { title: 'Personal access token' }],
      ['x', { description: 'Your passphrase' }],
      ['x', { title: 'PIN' }],
      ['otp', {}],
      ['x', { description: 'the verification code we sent' }],
      ['x', { format: 'password' }],
      ['x', { writeOnly: true }],
      ['clientSecret', {}],
      ['awsCredentials', {}],
    ];
    for (const [name, field] of secret) expect(secretFieldReason(name, field), name).toBeDefined();
    for (const [name, field] of [
      ['name', { title: 'Your name' }],
      ['keyboard', { title: 'Keyboard layout' }],
      ['spinner', {}],
      ['passenger', { description: 'Passenger count' }],
    ] as Array<[string, Record<string, unknown>]>) {
      expect(secretFieldReason(name, field), name).toBeUndefined();
    }
  });
});

const hasScript = await new Promise<boolean>((resolve) => {
  const probe = spawn('script', ['--version'], { stdio: 'ignore' });
  probe.on('error', () => resolve(false));
  probe.on('close', (code) => resolve(code === 0));
});

describe('the terminal on a real pseudo-terminal (util-linux script)', () => {
  it.skipIf(!hasScript)(
    'echoes an ordinary answer but never a secret one',
    async () => {
      const directory = makeTemporaryDirectory('secret-question');
      cleanups.push(() => directory.remove());
      const driver = join(directory.path, 'driver.mjs');
      writeFileSync(
        driver,
        [
          `import { streamTerminal } from ${JSON.stringify(join(here, 'terminal.ts'))};`,
          'const terminal = streamTerminal(process.stdin, process.stdout);',
          "const plain = await terminal.question('plain? ');",
          "const secret = await terminal.question('secret? ', { secret: true });",
          "process.stdout.write('got ' + plain.length + ' and ' + secret.length + '\\n');",
          'process.stdin.pause();',
        ].join('\n'),
      );
      const command = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(driver)}`;
      const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: join(here, '..', '..') });
      cleanups.push(() => void child.kill('SIGKILL'));
      let output = '';
      let step = 0;
      // Each answer is typed once its question is on the screen: no timing involved.
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (step === 0 && output.includes('plain? ')) {
          step = 1;
          child.stdin.write('visible-answer\r');
        }
        if (step === 1 && output.includes('secret? ')) {
          step = 2;
          child.stdin.write('hunter2 secret\r');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, output).toBe(0);
      expect(output).toContain('got 14 and 14');
      // The same terminal shows the ordinary answer (so the check can see an echo) but not the secret.
      expect(output).toContain('visible-answer');
      expect(output).not.toContain('hunter2');
    },
    30_000,
  );
});
