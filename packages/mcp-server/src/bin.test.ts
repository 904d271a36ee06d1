import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { makeTempDir } from '@toolwright/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BinUnderTest, binUnderTest, removeBinUnderTest } from './test-support/bin-under-test.js';
import { connectHttpClient } from './test-support/connect-client.js';
import { INITIALIZE_BODY, rawRequest } from './test-support/raw-http.js';

let bundle: BinUnderTest;
/** What `--version` and the start line must say: this package's own version. */
const ownVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

beforeAll(async () => {
  bundle = await binUnderTest();
}, 120_000);

afterAll(() => removeBinUnderTest());

async function connect(): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundle.bin, '--config', bundle.sampleServer],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

function run(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle.bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the toolwright-mcp-server bin over stdio (raw SDK client)', () => {
  it('serves the registry the config module exports', async () => {
    const { client } = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: 'sample', version: '1.0.0' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: { listChanged: true }, logging: {} });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('Echo');
    const result = (await client.callTool({
      name: 'Echo',
      arguments: { text: 'over stdio', times: '2' },
    })) as CallToolResult;
    expect(result.content).toEqual([{ type: 'text', text: 'over stdio over stdio' }]);
    const invalid = (await client.callTool({ name: 'Echo', arguments: {} })) as CallToolResult;
    expect(invalid.isError).toBe(true);
    expect((invalid.content[0] as { text: string }).text).toContain('Invalid arguments for tool "Echo"');
    await client.close();
  });

  it('forwards progress and stops a cancelled call', async () => {
    const { client } = await connect();
    const updates: number[] = [];
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'Wait', arguments: { steps: 1000, stepMs: 10 } },
      CallToolResultSchema,
      {
        signal: controller.signal,
        onprogress: (progress) => {
          updates.push(progress.progress);
          if (updates.length === 3) controller.abort(new Error('enough'));
        },
      },
    );
    await expect(call).rejects.toThrow();
    expect(updates).toEqual([1, 2, 3]);
    // The server is still answering: the cancelled call did not take the session down.
    const after = (await client.callTool({
      name: 'Echo',
      arguments: { text: 'still here' },
    })) as CallToolResult;
    expect(after.content).toEqual([{ type: 'text', text: 'still here' }]);
    await client.close();
  });

  it('serves a stored artifact as a resource_link and resources/read', async () => {
    const { client } = await connect();
    const result = (await client.callTool({ name: 'Picture', arguments: { large: true } })) as CallToolResult;
    const link = result.content.find((part) => part.type === 'resource_link') as { uri: string } | undefined;
    expect(link?.uri).toMatch(/^toolwright:\/\/artifact\/[0-9a-f]{64}\?grant=[\w-]{22}$/);
    const { contents } = await client.readResource({ uri: link?.uri ?? '' });
    expect(Buffer.from((contents[0] as { blob: string }).blob, 'base64').length).toBe(300 * 1024 + 70);
    await client.close();
  });

  it('exits when the client closes its stdin', async () => {
    const { code, stdout } = await run(['--config', bundle.sampleServer]);
    expect(code).toBe(0);
    expect(stdout).toBe('');
  });

  it('takes the module as its argument, says on stderr that it serves, and keeps stdout to the protocol', async () => {
    // The argument form is the one a launcher with a --config of its own (the MCP Inspector)
    // passes through untouched.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bundle.bin, bundle.sampleServer],
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    // The client fails on any stdout line that is not JSON-RPC, the start line included.
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('Echo');
    await client.close();
    expect(stderr).toBe(
      `toolwright-mcp-server ${ownVersion}: serving ${bundle.sampleServer} over stdio (stdout carries the protocol; close stdin or Ctrl+C to stop)\n`,
    );
  });

  it.each([['--version'], ['-V']])('%s prints the version in its package.json and exits 0', async (flag) => {
    const result = await run([flag]);
    expect(result).toEqual({ code: 0, stdout: `toolwright-mcp-server ${ownVersion}\n`, stderr: '' });
  });

  it('explains a bad command line and a module that exports no registry', async () => {
    const usage = await run([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('A config module is required: toolwright-mcp-server <module>.');
    expect(usage.stderr).toContain('Usage: toolwright-mcp-server <module>');
    const twoModules = await run([bundle.sampleServer, '--config', bundle.fixtureServer]);
    expect(twoModules.code).toBe(2);
    expect(twoModules.stderr).toContain(
      `Name the config module once, as the argument or with --config; got ${JSON.stringify(bundle.sampleServer)} and --config ${JSON.stringify(bundle.fixtureServer)}.`,
    );
    const extra = await run([bundle.sampleServer, 'extra']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain(
      `Expected one config module; got 2 arguments: ${JSON.stringify(bundle.sampleServer)}, "extra".`,
    );
    const help = await run(['--help']);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('--http <port>');
    const wrong = await run(['--config', bundle.bin]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/must export \(as default, or as createServer\) a ToolRegistry/);
  });

  it('refuses a link planted at its per-user default artifact directory, and stores nothing', async () => {
    const runtime = makeTempDir('mcp-server-bin-runtime');
    const target = makeTempDir('mcp-server-bin-target');
    symlinkSync(target, join(runtime, 'toolwright-mcp-server'));
    const refused = await run(['--config', bundle.sampleServer], {
      ...process.env,
      XDG_RUNTIME_DIR: runtime,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Cannot use the default artifact directory ${join(runtime, 'toolwright-mcp-server')}`,
    );
    expect(refused.stderr).toMatch(/symbolic link.*--artifacts-dir/);
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('the toolwright-mcp-server bin over Streamable HTTP', () => {
  it('listens where it says, refuses a rebinding Host, and drains a running call on SIGTERM', async () => {
    const child = spawn(process.execPath, [bundle.bin, '--config', bundle.sampleServer, '--http', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const found = new RegExp(
          `^toolwright-mcp-server ${ownVersion.replace(/\./g, '\\.')}: serving \\S+, listening on (http://127\\.0\\.0\\.1:\\d+/mcp)\n`,
        ).exec(stderr);
        if (found?.[1] !== undefined) resolve(found[1]);
      });
      child.on('exit', () => reject(new Error(`the bin exited: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const rebinding = await rawRequest(url, { headers: { host: 'attacker.example' }, body: INITIALIZE_BODY });
    expect(rebinding.status).toBe(403);
    const { client } = await connectHttpClient(url);
    expect((await client.callTool({ name: 'Echo', arguments: { text: 'over http' } })).content).toEqual([
      { type: 'text', text: 'over http' },
    ]);
    // SIGTERM once the call is surely running (its first progress update arrived).
    let started: () => void = () => {};
    const running = client.callTool(
      { name: 'Wait', arguments: { steps: 20, stepMs: 25 } },
      CallToolResultSchema,
      {
        onprogress: () => started(),
      },
    );
    await new Promise<void>((resolve) => {
      started = resolve;
    });
    child.kill('SIGTERM');
    expect((await running).content).toEqual([{ type: 'text', text: 'waited 20 steps' }]);
    expect(await exited).toBe(0);
    await client.close();
  });
});
