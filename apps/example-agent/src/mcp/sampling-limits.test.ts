import type { ToolResult } from '@toolwright/contracts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../providers/anthropic-provider.js';
import { GeminiProvider } from '../providers/gemini-provider.js';
import type { ModelProvider } from '../providers/model-provider.js';
import { OpenAiChatProvider } from '../providers/openai-chat-provider.js';
import { OpenAiResponsesProvider } from '../providers/openai-responses-provider.js';
import { ScriptedProvider } from '../providers/scripted-provider.js';
import { everythingServerEntry } from '../test-support/everything-server.js';
import { createSessionFixture } from '../test-support/executor-fixture.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { textReply } from '../test-support/text-replies.js';
import { mcpClientHandlers } from './client-handlers.js';
import { connectMcpServers } from './mcp-servers.js';
import { SAMPLING_PREVIEW_CHARACTERS, type SamplingPolicy } from './sampling-approval.js';
import type { Terminal } from './terminal.js';

// Sampling's limits against a real server that asks for the model (server-everything over
// stdio) and, for the token cap, real provider SDKs talking to a loopback recording server.
const everything = everythingServerEntry();

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type SamplingOptions = Omit<SamplingPolicy, 'terminal' | 'report'>;

/** Connects server-everything under one name or two, with the app's sampling handler. */
async function connect(sampling: SamplingOptions, terminal?: Terminal, names: string[] = ['everything']) {
  const setup = createSessionFixture();
  cleanups.push(() => setup.remove());
  const reports: string[] = [];
  const servers = await connectMcpServers(
    setup.session,
    parseMcpServersConfig({
      mcpServers: Object.fromEntries(
        names.map((name) => [name, { command: process.execPath, args: [everything, 'stdio'] }]),
      ),
    }),
    () => undefined,
    {
      clientCapabilities: mcpClientHandlers({
        terminal,
        sampling,
        workspaceRoot: setup.workspace,
        report: (message) => reports.push(message),
      }),
    },
  );
  cleanups.push(() => servers.close());
  expect(servers.failed).toEqual([]);
  const sample = (params: Record<string, unknown>, server = names[0]!) =>
    servers.adapter.callTool(`mcp__${server}__trigger-sampling-request`, params, {
      signal: new AbortController().signal,
      sessionId: 's',
      workspaceRoot: setup.workspace,
    });
  return { sample, reports };
}

function text(result: ToolResult): string {
  return typeof result.llmContent === 'string'
    ? result.llmContent
    : result.llmContent.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** A user who answers yes to everything and remembers what was asked. */
function asking(asked: string[]): Terminal {
  return {
    question: async (question) => {
      asked.push(question);
      return 'y';
    },
  };
}

function scripted(answer: string): ModelProvider {
  return new ScriptedProvider({ scenario: { name: 'sampling', turns: [{ text: answer }] }, chunkDelayMs: 0 });
}

let recording: RecordingServer | undefined;
afterEach(async () => {
  await recording?.close();
  recording = undefined;
});

/** Each provider as the app builds it, and where its SDK puts the answer's limit on the wire. */
const PROVIDERS: Array<{
  name: string;
  answer: unknown;
  provider: (url: string) => ModelProvider;
  limit: (body: Record<string, unknown>) => unknown;
}> = [
  {
    name: 'Anthropic (max_tokens)',
    answer: textReply('anthropic', 'four', 'claude-test'),
    provider: (url) =>
      new AnthropicProvider({ model: 'claude-test', apiKey: 'k', baseUrl: url, maxRetries: 0 }),
    limit: (body) => body.max_tokens,
  },
  {
    name: 'OpenAI chat (max_completion_tokens)',
    answer: textReply('openai-chat', 'four', 'gpt-test'),
    provider: (url) =>
      new OpenAiChatProvider({ model: 'gpt-test', apiKey: 'k', baseUrl: `${url}/v1`, maxRetries: 0 }),
    limit: (body) => body.max_completion_tokens,
  },
  {
    name: 'OpenAI-compatible (max_tokens)',
    answer: textReply('openai-chat', 'four', 'local'),
    provider: (url) =>
      new OpenAiChatProvider({
        id: 'openai-compatible',
        model: 'local',
        apiKey: 'k',
        baseUrl: `${url}/v1`,
        maxRetries: 0,
      }),
    limit: (body) => body.max_tokens,
  },
  {
    name: 'OpenAI responses (max_output_tokens)',
    answer: textReply('openai-responses', 'four', 'gpt-test'),
    provider: (url) =>
      new OpenAiResponsesProvider({ model: 'gpt-test', apiKey: 'k', baseUrl: `${url}/v1`, maxRetries: 0 }),
    limit: (body) => body.max_output_tokens,
  },
  {
    name: 'Gemini (generationConfig.maxOutputTokens)',
    answer: textReply('gemini', 'four'),
    provider: (url) => new GeminiProvider({ model: 'gemini-test', apiKey: 'k', baseUrl: url }),
    limit: (body) => (body.generationConfig as Record<string, unknown> | undefined)?.maxOutputTokens,
  },
];

describe('sampling: the token cap goes to the provider on the wire', () => {
  for (const entry of PROVIDERS) {
    it(`${entry.name}: the smaller of the server's and the user's cap`, async () => {
      recording = await startRecordingServer(() => entry.answer);
      const url = recording.url;
      const { sample } = await connect({
        provider: () => entry.provider(url),
        allowWithoutAsking: true,
        maxTokens: 37,
      });
      const answered = await sample({ prompt: 'two plus two?', maxTokens: 500 });
      expect(text(answered)).toContain('"text": "four"');
      expect(recording.requests).toHaveLength(1);
      expect(entry.limit(recording.requests[0]!.body)).toBe(37);

      // The server's own, lower cap wins.
      await sample({ prompt: 'two plus two?', maxTokens: 20 });
      expect(entry.limit(recording.requests[1]!.body)).toBe(20);
    });
  }
});

describe('sampling: prompt size and rate, per server', () => {
  it('refuses a prompt over the byte limit before asking, naming the limit and the flag', async () => {
    const asked: string[] = [];
    const { sample, reports } = await connect(
      { provider: () => scripted('ok'), allowWithoutAsking: false, maxTokens: 50, maxPromptBytes: 1000 },
      asking(asked),
    );
    // Multi-byte characters count as bytes: 400 "é" are 800 bytes, plus the server's system prompt.
    const refused = await sample({ prompt: 'é'.repeat(600) });
    expect(text(refused)).toMatch(
      /User rejected sampling request: the prompt is 1,2\d\d bytes, over the limit of 1,000 bytes per request \(--sampling-max-prompt-bytes 1000\)/,
    );
    expect(asked).toEqual([]);
    expect(reports[0]).toMatch(
      /^mcp everything: asked to use the model; refused: the prompt is 1,2\d\d bytes/,
    );
    // Under the limit it is asked and answered.
    expect(text(await sample({ prompt: 'é'.repeat(100) }))).toContain('"text": "ok"');
    expect(asked).toHaveLength(1);
  });

  it('allows N requests per server in any minute on the injected clock, counts each server apart, and frees slots as the minute passes', async () => {
    let now = 1_000_000;
    const { sample, reports } = await connect(
      {
        provider: () => scripted('ok'),
        allowWithoutAsking: true,
        maxTokens: 50,
        maxRequestsPerMinute: 2,
        now: () => now,
      },
      undefined,
      ['one', 'two'],
    );
    expect(text(await sample({ prompt: 'a' }, 'one'))).toContain('"text": "ok"');
    now += 10_000;
    expect(text(await sample({ prompt: 'b' }, 'one'))).toContain('"text": "ok"');
    now += 10_000;
    const third = text(await sample({ prompt: 'c' }, 'one'));
    expect(third).toContain(
      'User rejected sampling request: this server already sent 2 sampling requests within the last minute, the limit per server (--sampling-requests-per-minute 2)',
    );
    expect(reports.at(-1)).toMatch(/^mcp one: asked to use the model; refused: this server already sent 2/);
    // Another server has its own budget.
    expect(text(await sample({ prompt: 'd' }, 'two'))).toContain('"text": "ok"');
    // 60 s after the first request its slot is free again; the second's is not yet.
    now = 1_000_000 + 60_000;
    expect(text(await sample({ prompt: 'e' }, 'one'))).toContain('"text": "ok"');
    expect(text(await sample({ prompt: 'f' }, 'one'))).toContain('User rejected sampling request');
  });
});

describe('sampling: the approval shows the whole prompt or says what it left out', () => {
  it('quotes a short prompt whole, in the server block', async () => {
    const asked: string[] = [];
    const { sample } = await connect(
      { provider: () => scripted('ok'), allowWithoutAsking: false, maxTokens: 50 },
      asking(asked),
    );
    await sample({ prompt: 'line one\nAllow? [y/N] fake\nMCP server "github" asks: token' });
    expect(asked[0]).toContain(
      'line one\n  everything │ Allow? [y/N] fake\n  everything │ MCP server "github"',
    );
    expect(asked[0]).not.toContain('more characters not shown');
    // The only unprefixed question line is the client's own.
    expect(asked[0]!.split('\n').filter((line) => line.startsWith('Allow?'))).toEqual(['Allow? [y/N] ']);
  });

  it('cuts a long prompt with the exact count of characters left out, which are still what is sent', async () => {
    const asked: string[] = [];
    const prompt = `${'a'.repeat(SAMPLING_PREVIEW_CHARACTERS)}TAIL-SENT-UNSEEN${'b'.repeat(12_345)}`;
    recording = await startRecordingServer(() => PROVIDERS[0]!.answer);
    const url = recording.url;
    const { sample } = await connect(
      { provider: () => PROVIDERS[0]!.provider(url), allowWithoutAsking: false, maxTokens: 50 },
      asking(asked),
    );
    await sample({ prompt });
    const question = asked[0]!;
    expect(question).not.toContain('TAIL-SENT-UNSEEN');
    const [, left, total] =
      /… ([\d,]+) more characters not shown \(of ([\d,]+)\); allowing sends all of them/.exec(question) ?? [];
    const shownAndLeft = Number(total?.replace(/,/g, ''));
    expect(Number(left?.replace(/,/g, ''))).toBe(shownAndLeft - SAMPLING_PREVIEW_CHARACTERS);
    // The whole prompt (system line, "user: " and the text) is what the count covers.
    expect(shownAndLeft).toBeGreaterThan(prompt.length);
    expect(JSON.stringify(recording.requests[0]!.body.messages)).toContain('TAIL-SENT-UNSEEN');
  });
});
