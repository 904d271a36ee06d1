import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

// `run` with a real server that asks for the model (server-everything's sampling tool, over
// stdio), without a terminal: the request is refused unless --allow-sampling, and capped.
const everything = everythingServerEntry();

let directory: ReturnType<typeof makeTemporaryDirectory>;
let workspace: string;

beforeAll(() => {
  directory = makeTemporaryDirectory('sampling-cli');
  workspace = join(directory.path, 'workspace');
  mkdirSync(workspace);
  writeFileSync(
    join(workspace, '.mcp.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    }),
  );
  writeFileSync(
    join(workspace, 'toolwright.config.json'),
    JSON.stringify({ permissions: { allow: ['mcp__everything__*'] } }),
  );
});

afterAll(async () => {
  await removeCliUnderTest();
  directory?.remove();
});

/**
 * A scenario that loads and calls the sampling tool, then checks its result. The server's
 * sampling request is a fresh conversation, so the scripted model answers it with turn 0's text.
 */
function scenario(expectation: { isError: boolean; includes: string }): string {
  const file = join(directory.path, `scenario-${expectation.isError}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      name: 'sampling',
      turns: [
        {
          text: 'loading the sampling tool',
          toolCalls: [
            { name: 'ToolSearch', arguments: { query: 'select:mcp__everything__trigger-sampling-request' } },
          ],
        },
        {
          text: 'asking the server',
          toolCalls: [
            { name: 'mcp__everything__trigger-sampling-request', arguments: { prompt: 'hi', maxTokens: 50 } },
          ],
        },
        { text: 'done', expectResults: [{ call: 0, ...expectation }] },
      ],
    }),
  );
  return file;
}

function infoMessages(stdout: string): string[] {
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; message?: string })
    .filter((record) => record.type === 'info')
    .map((record) => record.message ?? '');
}

describe('run: MCP sampling without a terminal', () => {
  it('is refused, and the transcript says how to allow it', async () => {
    const file = scenario({ isError: true, includes: 'User rejected sampling request' });
    // The workspace's .mcp.json and allow rule apply: the folder is trusted for the run.
    const run = await runCli(['run', 'sample', '--scenario', file, '--json', '--trust-workspace'], {
      cwd: workspace,
      home: join(directory.path, 'home-refused'),
      timeoutMs: 90_000,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(infoMessages(run.stdout)).toContain(
      '  mcp everything: asked to use the model; refused: not interactive (run with --allow-sampling to allow it, at most 1024 tokens a request)',
    );
  }, 120_000);

  it('with --allow-sampling is answered by the session model without asking, capped at --sampling-max-tokens', async () => {
    // Turn 0's 25 characters are about 7 tokens: a cap of 5 cuts the answer at 20 characters, "loading the sampling".
    const file = scenario({ isError: false, includes: '"text": "loading the sampling"' });
    const run = await runCli(
      [
        'run',
        'sample',
        '--scenario',
        file,
        '--json',
        '--trust-workspace',
        '--allow-sampling',
        '--sampling-max-tokens',
        '5',
      ],
      { cwd: workspace, home: join(directory.path, 'home-allowed'), timeoutMs: 90_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(infoMessages(run.stdout)).toContain(
      '  mcp everything: sampling with scripted scripted:sampling without asking (--allow-sampling), at most 5 tokens',
    );
  }, 120_000);

  it('refuses a prompt over --sampling-max-prompt-bytes even with --allow-sampling, naming the limit to the server and in the transcript', async () => {
    const file = scenario({ isError: true, includes: 'User rejected sampling request: the prompt is' });
    const run = await runCli(
      [
        'run',
        'sample',
        '--scenario',
        file,
        '--json',
        '--trust-workspace',
        '--allow-sampling',
        '--sampling-max-prompt-bytes',
        '10',
      ],
      { cwd: workspace, home: join(directory.path, 'home-too-big'), timeoutMs: 90_000 },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(infoMessages(run.stdout)).toContainEqual(
      expect.stringMatching(
        /^ {2}mcp everything: asked to use the model; refused: the prompt is \d+ bytes, over the limit of 10 bytes per request \(--sampling-max-prompt-bytes 10\)$/,
      ),
    );
  }, 120_000);

  it('refuses a limit flag out of range with exit 2, the flag and the range', async () => {
    for (const [flag, value] of [
      ['--sampling-max-prompt-bytes', '0'],
      ['--sampling-requests-per-minute', 'ten'],
    ] as const) {
      const run = await runCli(['run', 'x', '--no-mcp', flag, value], {
        cwd: workspace,
        home: join(directory.path, 'home-flags'),
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${flag}: the value must be an integer from 1 to`);
    }
  });
});
