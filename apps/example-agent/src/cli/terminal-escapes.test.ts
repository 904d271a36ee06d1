import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// Every command of the built CLI, against a real stdio MCP server whose descriptions, names,
// results and errors carry terminal attacks, an HTTP server whose error bodies carry them, and a
// workspace file that does: nothing raw reaches stdout or stderr, and the attack shows escaped.

const hostileServer = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'test-support',
  'hostile-mcp-server.mjs',
);

/** Screen clear, window title (OSC 0), a hidden link (OSC 8), a C1 CSI and a bidi override. */
const PAYLOAD =
  '\u001b[2J\u001b]0;pwned title\u0007\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\ \u009b2J abc\u202Edcba \u2066iso\u2069';

/**
 * What must never reach the terminal raw, written out here rather than taken from the code under
 * test: C0 controls but tab and newline, DEL, C1, and the bidirectional controls.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function expectClean(output: { stdout: string; stderr: string }): void {
  expect(RAW.exec(output.stdout)?.[0], output.stdout).toBeUndefined();
  expect(RAW.exec(output.stderr)?.[0], output.stderr).toBeUndefined();
}

/** The payload as it must appear: each character visible as its escape. */
const SHOWN = [
  '\\u001b[2J',
  '\\u001b]0;pwned title\\u0007',
  '\\u001b]8;;https://evil.example/',
  '\\u009b2J',
  'abc\\u202edcba',
  '\\u2066iso\\u2069',
];

function expectShown(text: string): void {
  for (const escaped of SHOWN) expect(text).toContain(escaped);
}

let directory: ReturnType<typeof makeTemporaryDirectory>;
let workspace: string;
let home: string;
let http: Server;

beforeAll(async () => {
  // Every request answered 500 with the payload as the body.
  http = createServer((_request, response) => {
    response
      .writeHead(500, { 'content-type': 'text/plain' })
      .end(`boom:${PAYLOAD}\ngithub               connected       9 tools`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  directory = makeTemporaryDirectory('terminal-escapes');
  workspace = join(directory.path, 'workspace');
  home = join(directory.path, 'home');
  mkdirSync(workspace);
  writeFileSync(
    join(workspace, '.mcp.json'),
    JSON.stringify({
      mcpServers: {
        hostile: { command: process.execPath, args: [hostileServer] },
        broken: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
        // Its stderr is quoted in the failure.
        crashing: {
          command: process.execPath,
          args: ['-e', `process.stderr.write(${JSON.stringify(`stderr:${PAYLOAD}`)}); process.exit(3)`],
        },
      },
    }),
  );
  writeFileSync(
    join(workspace, 'toolwright.config.json'),
    JSON.stringify({ permissions: { allow: ['mcp__hostile__*'] } }),
  );
  writeFileSync(join(workspace, 'evil.txt'), `file:${PAYLOAD}\n`);
});

afterAll(async () => {
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  await removeCliUnderTest();
  directory?.remove();
});

/** Every command runs with the workspace's config trusted for the run: its servers are the test. */
function cli(args: string[]) {
  return runCli([...args, '--trust-workspace'], { cwd: workspace, home, timeoutMs: 60_000 });
}

describe('terminal escapes from servers and files are shown, never obeyed', () => {
  it('call: a tool result, an error result, a thrown error and file content', async () => {
    const shout = await cli(['call', 'mcp__hostile__shout']);
    expect(shout.code, shout.stderr).toBe(0);
    expectClean(shout);
    expectShown(shout.stdout);

    const fail = await cli(['call', 'mcp__hostile__fail']);
    expect(fail.code).toBe(1);
    expectClean(fail);
    expectShown(fail.stdout);

    const thrown = await cli(['call', 'mcp__hostile__throw']);
    expect(thrown.code).toBe(1);
    expectClean(thrown);
    expectShown(thrown.stdout);

    const read = await cli(['call', 'Read', '{"file_path":"evil.txt"}']);
    expect(read.code, read.stderr).toBe(0);
    expectClean(read);
    expectShown(read.stdout);
  }, 120_000);

  it('call --json: valid JSON whose value is the raw text, with no raw byte on the wire', async () => {
    const shout = await cli(['call', 'mcp__hostile__shout', '--json']);
    expectClean(shout);
    expect((JSON.parse(shout.stdout) as { content: string }).content).toContain(`result:${PAYLOAD}`);
  }, 60_000);

  it('mcp list: server error bodies', async () => {
    const list = await cli(['mcp', 'list']);
    expectClean(list);
    expect(list.stdout).toMatch(/^hostile\s+connected/m);
    expect(list.stdout).toMatch(/^broken\s+failed/m);
    expect(list.stdout).toMatch(/^crashing\s+failed .*stderr:\\u001b\[2J/m);
    // A newline in an error body cannot draw the row of a server that does not exist.
    expect(list.stdout).not.toMatch(/^github/m);
    expect(list.stdout).toContain('\\ngithub               connected');
    expect(list.stderr).not.toMatch(/^github/m);
    expectShown(list.stdout);
    const json = await cli(['mcp', 'list', '--json']);
    expectClean(json);
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ server: 'broken' })]),
    );
  }, 60_000);

  it('tools and search: descriptions', async () => {
    for (const args of [['tools'], ['search', 'shout'], ['tools', '--json'], ['search', 'shout', '--json']]) {
      const output = await cli(args);
      expect(output.code, output.stderr).toBe(0);
      expectClean(output);
      expect(output.stdout).toContain('mcp__hostile__shout');
    }
  }, 120_000);

  it('run: the transcript of a tool result, an error, and file content, readable and JSON', async () => {
    const scenario = join(directory.path, 'scenario.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        name: 'escapes',
        turns: [
          {
            // A model's newline cannot draw a transcript line of its own (a Write that never ran).
            text: `reading ${PAYLOAD}\n  <- Write ok (1 ms)`,
            toolCalls: [
              { name: 'Read', arguments: { file_path: 'evil.txt' } },
              { name: 'ToolSearch', arguments: { query: 'select:mcp__hostile__shout,mcp__hostile__throw' } },
            ],
          },
          {
            text: 'calling',
            toolCalls: [
              { name: 'mcp__hostile__shout', arguments: {} },
              { name: 'mcp__hostile__throw', arguments: {} },
            ],
          },
          { text: 'done' },
        ],
      }),
    );
    const run = await cli(['run', 'go', '--scenario', scenario]);
    expect(run.code, run.stderr).toBe(0);
    expectClean(run);
    expect(run.stdout).toContain('file:\\u001b[2J');
    expect(run.stdout).toContain('result:\\u001b[2J');
    expect(run.stdout).toContain('reading \\u001b[2J');
    expect(run.stdout).not.toMatch(/^ {2}<- Write/m);
    expect(run.stdout).toMatch(/^ {11}<- Write ok \(1 ms\)$/m);
    const json = await cli(['run', 'go', '--scenario', scenario, '--json']);
    expect(json.code, json.stderr).toBe(0);
    expectClean(json);
    const records = json.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((record) => String(record.content ?? '').includes(`result:${PAYLOAD}`))).toBe(true);
  }, 120_000);
});
