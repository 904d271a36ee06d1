import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ToolResult } from '@toolwright/contracts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { waitFor } from '@toolwright/test-support';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelProvider } from '../providers/model-provider.js';
import { ScriptedProvider } from '../providers/scripted-provider.js';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { createSessionFixture } from '../test-support/executor-fixture.js';
import { type McpClientHandlerOptions, mcpClientHandlers } from './client-handlers.js';
import { connectMcpServers } from './mcp-servers.js';
import { streamTerminal, type Terminal } from './terminal.js';

// The app's handlers against a real server that calls back: server-everything over stdio asks
// for the roots, for input (elicitation) and for the model (sampling).
const everything = everythingServerEntry();

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A user at the terminal who gives these answers in turn and remembers what was asked. */
function user(...answers: string[]): Terminal & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    question: async (text) => {
      asked.push(text);
      return answers.shift() ?? '';
    },
  };
}

function scriptedModel(text: string): ModelProvider {
  return new ScriptedProvider({ scenario: { name: 'sampling', turns: [{ text }] }, chunkDelayMs: 0 });
}

async function connect(options: Omit<McpClientHandlerOptions, 'workspaceRoot' | 'report'>) {
  const setup = createSessionFixture();
  cleanups.push(() => setup.remove());
  const reports: string[] = [];
  const servers = await connectMcpServers(
    setup.session,
    parseMcpServersConfig({
      mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
    }),
    () => undefined,
    {
      clientCapabilities: mcpClientHandlers({
        ...options,
        workspaceRoot: setup.workspace,
        report: (message) => reports.push(message),
      }),
    },
  );
  cleanups.push(() => servers.close());
  expect(servers.failed).toEqual([]);
  const call = (tool: string, params: Record<string, unknown> = {}) =>
    servers.adapter.callTool(`mcp__everything__${tool}`, params, {
      signal: new AbortController().signal,
      sessionId: 's',
      workspaceRoot: setup.workspace,
    });
  const offered = () => servers.adapter.catalog('everything').tools.map((tool) => tool.name);
  return { call, reports, workspace: setup.workspace, offered };
}

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string'
    ? result.llmContent
    : result.llmContent.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

describe('the app as an MCP client: roots, elicitation and sampling', () => {
  it('gives servers the workspace as the only root', async () => {
    const { call, workspace } = await connect({ terminal: undefined });
    const listed = text(await call('get-roots-list'));
    expect(listed).toContain('Current MCP Roots (1 total)');
    expect(listed).toContain(`URI: ${pathToFileURL(workspace).href}`);
  });

  it('asks an elicitation on the terminal field by field; Enter keeps the default, a number picks a choice', async () => {
    // 13 fields: name, check, firstLine, email, homepage, birthdate, integer, number, then five enums.
    const terminal = user('y', 'Ada', 'y', '', '', '', '', '7', '', '2', '1,3', '', '', '');
    const { call } = await connect({ terminal });
    const result = text(await call('trigger-elicitation-request'));
    expect(terminal.asked[0]).toContain(
      'MCP server "everything" asks for input; its message:\n  everything │ Please provide inputs for the following fields:\n',
    );
    // "do not give us your … pin" is enough for a warning: a false alarm costs a hidden answer.
    expect(terminal.asked[0]).toContain('asks for what looks like a secret: "Integer" ("pin")');
    expect(terminal.asked[1]).toBe(
      '  everything │ String — Your full, legal name\n  "name" (required) value: ',
    );
    expect(terminal.asked[9]).toContain('2) Rachel');
    expect(terminal.asked[3]).toContain('value ["It was a dark and stormy night."]: ');
    expect(result).toContain('"name": "Ada"');
    expect(result).toContain('"check": true');
    expect(result).toContain('"integer": 7');
    expect(result).toContain('"number": 3.14');
    expect(result).toContain('"firstLine": "It was a dark and stormy night."');
    expect(result).toContain('"untitledSingleSelectEnum": "Rachel"');
    expect(result).toMatch(/"untitledMultipleSelectEnum": \[\s*"Guitar",\s*"Violin"\s*\]/);
  });

  it('asks a required field again when it is left empty, and cancels after three empty answers', async () => {
    const terminal = user('y', '', 'Ada');
    const { call } = await connect({ terminal });
    expect(text(await call('trigger-elicitation-request'))).toContain('"name": "Ada"');
    expect(terminal.asked[2]).toBe('  "name" is required: ');

    const giving = user('y', '', '', '');
    const up = await connect({ terminal: giving });
    expect(text(await up.call('trigger-elicitation-request'))).toContain('"action": "cancel"');
    expect(up.reports).toEqual([
      'mcp everything: the required field "name" was left empty; the question was cancelled',
    ]);
  });

  it('declines or cancels as the user says, and declines when nobody can be asked', async () => {
    const terminal = user('n', 'c');
    const { call } = await connect({ terminal });
    expect(text(await call('trigger-elicitation-request'))).toContain('"action": "decline"');
    expect(text(await call('trigger-elicitation-request'))).toContain('"action": "cancel"');

    const quiet = await connect({ terminal: undefined });
    expect(text(await quiet.call('trigger-elicitation-request'))).toContain('"action": "decline"');
    expect(quiet.reports).toEqual([
      'mcp everything: asked for input ("Please provide inputs for the following fields:"); declined: not interactive, nobody to ask',
    ]);
  });

  it('offers no sampling in a command without a model, and no URL elicitation at all', async () => {
    const { offered } = await connect({ terminal: undefined });
    expect(offered()).toContain('trigger-elicitation-request');
    expect(offered()).not.toContain('trigger-sampling-request');
    expect(offered()).not.toContain('trigger-url-elicitation');
  });

  it('sampling: the model answers only after the user approved, quoting the server, the prompt and the cap', async () => {
    const terminal = user('y', 'no');
    const { call, reports } = await connect({
      terminal,
      sampling: { provider: () => scriptedModel('four'), allowWithoutAsking: false, maxTokens: 50 },
    });
    const approved = text(
      await call('trigger-sampling-request', { prompt: 'two plus two?', maxTokens: 100 }),
    );
    expect(terminal.asked[0]).toContain(
      'MCP server "everything" asks to use your model (scripted scripted:sampling) for up to 50 tokens, with this prompt:',
    );
    expect(terminal.asked[0]).toContain('system: You are a helpful test server.');
    expect(terminal.asked[0]).toContain('two plus two?');
    expect(approved).toContain('"text": "four"');
    expect(approved).toContain('"stopReason": "endTurn"');

    const refused = await call('trigger-sampling-request', { prompt: 'again?' });
    expect(refused.error).toBeDefined();
    expect(text(refused)).toContain('User rejected sampling request');
    expect(reports).toEqual(['mcp everything: sampling request refused by the user']);
  });

  it('sampling when not interactive: refused unless allowed, and then said so; never over the cap', async () => {
    const long = 'word '.repeat(200);
    const refusing = await connect({
      terminal: undefined,
      sampling: { provider: () => scriptedModel(long), allowWithoutAsking: false, maxTokens: 10 },
    });
    const refused = await refusing.call('trigger-sampling-request', { prompt: 'write a lot' });
    expect(text(refused)).toContain('User rejected sampling request');
    expect(refusing.reports).toEqual([
      'mcp everything: asked to use the model; refused: not interactive (run with --allow-sampling to allow it, at most 10 tokens a request)',
    ]);

    const allowing = await connect({
      terminal: undefined,
      sampling: { provider: () => scriptedModel(long), allowWithoutAsking: true, maxTokens: 10 },
    });
    const answered = text(
      await allowing.call('trigger-sampling-request', { prompt: 'write a lot', maxTokens: 500 }),
    );
    expect(allowing.reports).toEqual([
      'mcp everything: sampling with scripted scripted:sampling without asking (--allow-sampling), at most 10 tokens',
    ]);
    expect(answered).toContain('"stopReason": "maxTokens"');
    const sampled = /"text": "([^"]*)"/.exec(answered)?.[1] ?? '';
    expect(sampled.length).toBeLessThanOrEqual(40);
    expect(sampled.startsWith('word word')).toBe(true);
  });

  it('streamTerminal asks one question at a time over real streams', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let printed = '';
    output.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    const terminal = streamTerminal(input, output);
    const first = terminal.question('first? ');
    const second = terminal.question('second? ');
    input.write('one\n');
    expect(await first).toBe('one');
    // The second question is on screen before its answer is typed: wait for that, not for a time.
    await waitFor(() => printed === 'first? second? ');
    input.write('two\n');
    expect(await second).toBe('two');
    expect(printed).toBe('first? second? ');
  });
});
