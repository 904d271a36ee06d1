import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { startRecordingServer } from '../test-support/recording-server.js';
import { removeCliUnderTest, runCli } from '../test-support/run-cli.js';
import { startStreamingServer } from '../test-support/streaming-server.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';

const directory = makeTemporaryDirectory('cli');
const workspace = join(directory.path, 'workspace');
const home = join(directory.path, 'home');

beforeAll(() => {
  mkdirSync(workspace, { recursive: true });
  writeFileSync(join(workspace, 'notes.md'), 'hello from the notes\n');
});
afterAll(async () => {
  directory.remove();
  await removeCliUnderTest();
});

function cli(args: string[], cwd = workspace) {
  return runCli(args, { cwd, home });
}

describe('toolwright-agent CLI (spawned process)', () => {
  it('prints help for the program and for each command', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['demo', 'run', 'tools', 'search', 'call', 'mcp'])
      expect(help.stdout).toContain(command);
    const toolsHelp = await cli(['tools', '--help']);
    expect(toolsHelp.code).toBe(0);
    expect(toolsHelp.stdout).toContain('--provider');
    expect(toolsHelp.stdout).toContain('--mode');
    // The bundle finds the app's package.json and the packages' at run time, as dist/cli.js does.
    const version = await cli(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^toolwright-agent \d+\.\d+\.\d+\n/);
    expect(version.stdout).toMatch(/^ {2}@toolwright\/executor \d+\.\d+\.\d+$/m);
    expect(version.stdout).not.toContain('not found');
  });

  it('shows the catalog per provider and mode, as JSON for machines', async () => {
    const gemini = await cli(['tools', '--provider', 'gemini', '--json']);
    expect(gemini.code).toBe(0);
    const view = JSON.parse(gemini.stdout) as {
      target: string;
      entries: Array<{ name: string; tokens: number }>;
    };
    expect(view.target).toBe('gemini');
    expect(view.entries.map((entry) => entry.name)).toContain('Write');
    expect(view.entries.every((entry) => entry.tokens > 0)).toBe(true);
    const plan = await cli(['tools', '--mode', 'plan']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('(plan mode)');
    expect(plan.stdout).toContain('Read');
    expect(plan.stdout).not.toMatch(/^\s+Write\s/m);
  });

  it("carries each provider's exact tools payload in tools --json", async () => {
    const payloadOf = async (provider: string) => {
      const result = await cli(['tools', '--provider', provider, '--json']);
      expect(result.code).toBe(0);
      return JSON.parse(result.stdout) as {
        provider: string;
        entries: Array<{ name: string }>;
        payload: unknown;
      };
    };
    const gemini = await payloadOf('gemini');
    expect(gemini.provider).toBe('gemini');
    const names = gemini.entries.map((entry) => entry.name);
    expect(gemini.payload).toEqual([
      {
        functionDeclarations: names.map((name) => ({
          name,
          description: expect.any(String),
          parameters: expect.any(Object),
        })),
      },
    ]);
    const chat = await payloadOf('openai-chat');
    expect((chat.payload as unknown[])[0]).toEqual({
      type: 'function',
      function: {
        name: 'Edit',
        description: expect.any(String),
        parameters: expect.any(Object),
        strict: true,
      },
    });
    const anthropic = await payloadOf('anthropic');
    expect(Object.keys((anthropic.payload as object[])[0]!)).toEqual(['name', 'description', 'input_schema']);
  });

  it('calls a tool through the executor, with exit codes for success and failure', async () => {
    const ok = await cli(['call', 'Read', '{"file_path":"notes.md"}']);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toContain('1\thello from the notes');

    const invalid = await cli(['call', 'Read', '{"path":"notes.md"}']);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('file_path');
    expect(invalid.stderr).toContain('invalid');

    const unknown = await cli(['call', 'Nope', '{}']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('tool_not_found');
    expect(unknown.stderr).toMatch(
      /`toolwright-agent tools` lists all \d+; `toolwright-agent search <words>`/,
    );
    const typo = await cli(['call', 'Reed', '{"file_path":"notes.md"}']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('No tool named "Reed" (did you mean "Read"?).');

    const badJson = await cli(['call', 'Read', '{file_path:']);
    expect(badJson.code).toBe(1);
    expect(badJson.stderr).toContain('not valid JSON');
  });

  it('prints the result of `call` once (stdout), readable and as JSON', async () => {
    const occurrences = (text: string) => text.split('hello from the notes').length - 1;
    const readable = await cli(['call', 'Read', '{"file_path":"notes.md"}']);
    expect(readable.code).toBe(0);
    expect(occurrences(readable.stdout)).toBe(1);
    expect(occurrences(readable.stderr)).toBe(0);
    // The progress line stays, without the content: stdout already carries it.
    expect(readable.stderr).toMatch(/<- Read ok \(\d+ ms\)/);
    const json = await cli(['call', 'Read', '{"file_path":"notes.md"}', '--json']);
    expect(json.code).toBe(0);
    expect(occurrences(json.stdout) + occurrences(json.stderr)).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'success' });
    // A failed call: the message once, on stdout; stderr says only how it ended.
    const invalid = await cli(['call', 'Read', '{"path":"notes.md"}']);
    expect(invalid.code).toBe(1);
    expect(`${invalid.stdout}${invalid.stderr}`.split('Invalid arguments for tool').length - 1).toBe(1);
    expect(invalid.stderr).toContain('Read invalid (validation)');
  });

  it('rejects a bad config naming the file, the key and what is accepted (exit 2)', async () => {
    const bad = join(directory.path, 'bad-config');
    mkdirSync(bad);
    writeFileSync(join(bad, 'toolwright.config.json'), JSON.stringify({ provider: 'gpt', maxTurns: 0 }));
    const result = await cli(['tools'], bad);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(join(bad, 'toolwright.config.json'));
    expect(result.stderr).toContain('/provider');
    expect(result.stderr).toContain('anthropic');
    expect(result.stderr).toContain('/maxTurns');
  });

  it('exits 2 on input it cannot use, instead of running on defaults (real process exit codes)', async () => {
    const missingWorkspace = await cli(['tools', '-w', join(directory.path, 'nonexistent')]);
    expect(missingWorkspace.code).toBe(2);
    expect(missingWorkspace.stderr).toContain('--workspace');
    const missingConfig = await cli(['tools', '--config', 'nope.json']);
    expect(missingConfig.code).toBe(2);
    expect(missingConfig.stderr).toContain(
      `--config nope.json: no such file ${join(workspace, 'nope.json')}`,
    );
    const turns = await cli(['run', 'task', '--max-turns', 'abc']);
    expect(turns.code).toBe(2);
    expect(turns.stderr).toContain(
      '--max-turns: the value must be an integer from 1 to 500; got string "abc".',
    );
    expect(turns.stdout).not.toContain('NaN');
  });

  it('connects the servers of .mcp.json for mcp list and search', async () => {
    const withServer = join(directory.path, 'with-server');
    mkdirSync(withServer);
    writeFileSync(
      join(withServer, '.mcp.json'),
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [everythingServerEntry(), 'stdio'] } },
      }),
    );
    const list = await cli(['mcp', 'list', '--trust-workspace'], withServer);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/everything\s+connected\s+\d+ tools/);

    const search = await cli(
      ['search', 'select:mcp__everything__echo', '--json', '--trust-workspace'],
      withServer,
    );
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout)).toMatchObject({
      kind: 'select',
      matches: [{ name: 'mcp__everything__echo', source: 'mcp' }],
    });
  });

  it("believes an MCP server's readOnlyHint only when .mcp.json marks it trusted (Plan mode, real server)", async () => {
    const serverFor = (trust: boolean) => {
      const dir = join(directory.path, `trust-${trust}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, '.mcp.json'),
        JSON.stringify({
          mcpServers: {
            everything: { command: process.execPath, args: [everythingServerEntry(), 'stdio'], trust },
          },
        }),
      );
      return dir;
    };
    // The folders are trusted for the run: the flag under test is the server's own "trust".
    const args = ['call', 'mcp__everything__echo', '{"message":"hi"}', '--mode', 'plan', '--trust-workspace'];
    const untrusted = await cli(args, serverFor(false));
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toContain(
      'mcp__everything__echo says it is read-only, but that is a hint from the MCP server "everything"',
    );
    expect(untrusted.stdout).not.toContain('Echo: hi');
    const trusted = await cli(args, serverFor(true));
    expect(trusted.code).toBe(0);
    expect(trusted.stdout).toContain('Echo: hi');
  });

  it('refuses a session id that could name a directory outside the state directory (exit 2), creating nothing', async () => {
    const result = await cli(['call', 'TaskList', '{}', '--session', '../../../escape']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Invalid session id "../../../escape"');
    expect(result.stderr).toContain('[invalid_session_id]');
    expect(existsSync(join(directory.path, 'escape'))).toBe(false);
    expect(existsSync(join(home, 'escape'))).toBe(false);
  });

  it('refuses `run` with no key and no scenario, and runs a scenario with the scripted model', async () => {
    const noModel = await cli(['run', 'do something']);
    expect(noModel.code).toBe(1);
    expect(noModel.stderr).toContain('ANTHROPIC_API_KEY');

    const scenario = join(directory.path, 'scenario.json');
    writeFileSync(
      scenario,
      JSON.stringify({
        name: 'cli',
        turns: [
          { text: 'reading', toolCalls: [{ name: 'Read', arguments: { file_path: 'notes.md' } }] },
          { text: 'the notes say hello', expectResults: [{ call: 0, isError: false, includes: 'hello' }] },
        ],
      }),
    );
    const run = await cli(['run', 'summarise notes.md', '--scenario', scenario, '--json']);
    expect(run.code).toBe(0);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      records.some(
        (record) => record.type === 'tool-result' && record.call === 'Read' && record.status === 'success',
      ),
    ).toBe(true);
    expect(records.at(-1)).toMatchObject({
      type: 'info',
      stopReason: 'completed',
      finalText: 'the notes say hello',
    });
  });

  it('runs a task against an OpenAI-compatible endpoint chosen by TOOLWRIGHT_BASE_URL', async () => {
    const replies = [
      {
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'Read', arguments: '{"file_path":"notes.md"}' } },
        ],
      },
      { content: 'The notes say hello.' },
    ];
    const server = await startRecordingServer(() => {
      const reply = replies.shift() ?? { content: 'done' };
      return {
        id: 'x',
        object: 'chat.completion',
        created: 1,
        model: 'local-test',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls' in reply ? 'tool_calls' : 'stop',
            logprobs: null,
            message: { role: 'assistant', content: null, refusal: null, ...reply },
          },
        ],
      };
    });
    try {
      const result = await runCli(['run', 'What do the notes say?', '--model', 'local-test'], {
        cwd: workspace,
        home,
        env: { TOOLWRIGHT_BASE_URL: `${server.url}/v1` },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('provider openai-compatible, model local-test');
      expect(result.stdout).toContain('<- Read ok');
      expect(result.stdout).toContain('The notes say hello.');
      expect(server.requests).toHaveLength(2);
      const secondMessages = server.requests[1]!.body.messages as Array<{ role: string; content: string }>;
      expect(secondMessages.at(-1)).toMatchObject({ role: 'tool', content: '1\thello from the notes' });
    } finally {
      await server.close();
    }
  });

  it('names the provider and the URL when the model endpoint cannot be reached or refuses', async () => {
    // A port that was just free: nothing listens on it.
    const { createServer } = await import('node:http');
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as import('node:net').AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const unreachable = `http://127.0.0.1:${port}/v1`;
    const refused = await cli(['run', 'task', '--no-mcp', '--base-url', unreachable]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `openai-compatible provider (model local-model) at ${unreachable} (POST ${unreachable}/chat/completions) failed`,
    );
    expect(refused.stderr).toContain('Connection error.');
    expect(refused.stderr).toContain('ECONNREFUSED');
    expect(refused.stderr).toContain('[provider_failed]');

    const server = await startStreamingServer(() => ({
      status: 401,
      json: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
    }));
    try {
      const denied = await runCli(['run', 'task', '--no-mcp', '--provider', 'openai-chat'], {
        cwd: workspace,
        home,
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${server.url}/v1` },
      });
      expect(denied.code).toBe(1);
      expect(denied.stderr).toContain(
        `openai-chat provider (model gpt-4.1-mini) at ${server.url}/v1 (POST ${server.url}/v1/chat/completions) failed`,
      );
      expect(denied.stderr).toContain('401');
      expect(denied.stderr).toContain('Incorrect API key provided.');
    } finally {
      await server.close();
    }
  });

  it('says which URL answered 404 and that the base URL most likely lacks /v1', async () => {
    // A compatible server that serves only under /v1, as they do: the base URL without it 404s.
    const server = await startStreamingServer((request) =>
      request.path.startsWith('/v1/') ? { json: {} } : { status: 404, json: { error: 'Not Found' } },
    );
    try {
      const missing = await cli(['run', 'task', '--no-mcp', '--base-url', server.url]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`at ${server.url} (POST ${server.url}/chat/completions) failed: 404`);
      expect(missing.stderr).toContain(
        `OpenAI-compatible servers serve under /v1, so the base URL is most likely ${server.url}/v1`,
      );
    } finally {
      await server.close();
    }
  });

  it('stops a run on Ctrl-C while the model is thinking, closes cleanly and exits 1', async () => {
    // A model endpoint that accepts the request and never answers.
    const { createServer } = await import('node:http');
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as import('node:net').AddressInfo).port;
    try {
      const result = await runCli(['run', 'think hard'], {
        cwd: workspace,
        home,
        env: { TOOLWRIGHT_BASE_URL: `http://127.0.0.1:${port}/v1` },
        interruptWhen: '[turn 1]',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('[interrupted]');
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
