import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TaskStore } from '../session/task-store.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { textReply } from '../test-support/text-replies.js';
import { createReadTool } from '../tools/read-tool.js';
import { createTaskTools } from '../tools/task-tools.js';
import { AnthropicProvider } from './anthropic-provider.js';
import { GeminiProvider } from './gemini-provider.js';
import type { ConversationMessage, ModelRequest } from './model-provider.js';
import { OpenAiChatProvider } from './openai-chat-provider.js';
import { OpenAiResponsesProvider } from './openai-responses-provider.js';

const workspace = makeTemporaryDirectory('providers');
afterAll(() => workspace.remove());
const readTool = createReadTool(workspace.path);
const taskGet = createTaskTools(new TaskStore(workspace.path))[1]!;

/** A conversation with one earlier tool round trip, so the history mapping is exercised too. */
const history: ConversationMessage[] = [
  { role: 'user', text: 'Read notes.md' },
  {
    role: 'assistant',
    text: 'Reading it.',
    toolCalls: [{ id: 'call_0', name: 'Read', arguments: { file_path: 'notes.md' } }],
  },
  { role: 'tool', results: [{ callId: 'call_0', toolName: 'Read', content: '1\thello', isError: false }] },
  { role: 'user', text: '<system-reminder>\n- MCP server demo is connected.\n</system-reminder>' },
];

function requestFor(target: Parameters<typeof readTool.getFunctionDeclaration>[0]): ModelRequest {
  return {
    system: 'be brief',
    messages: history,
    tools: [readTool.getFunctionDeclaration(target), taskGet.getFunctionDeclaration(target)],
  };
}

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('providers through their official SDKs against a loopback server', () => {
  it('OpenAI chat: strict function tools, optional fields required and nullable; tool calls parse back', async () => {
    server = await startRecordingServer(() => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'gpt-test',
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          logprobs: null,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'Read', arguments: '{"file_path":"a.txt","offset":null,"limit":null}' },
              },
              { id: 'call_2', type: 'function', function: { name: 'TaskGet', arguments: '{"id":"1"}' } },
            ],
          },
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
    }));
    const provider = new OpenAiChatProvider({
      model: 'gpt-test',
      apiKey: 'test-key',
      baseUrl: `${server.url}/v1`,
      maxRetries: 0,
    });
    const response = await provider.send(requestFor('openai-chat'));

    const recorded = server.requests[0]!;
    expect(recorded.path).toBe('/v1/chat/completions');
    expect(recorded.headers.authorization).toBe('Bearer test-key');
    // send() reads the same stream as stream(), with the usage chunk asked for.
    expect(recorded.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    const tools = recorded.body.tools as Array<{
      type: string;
      function: { name: string; strict: boolean; parameters: Record<string, unknown> };
    }>;
    expect(tools.map((tool) => [tool.type, tool.function.name, tool.function.strict])).toEqual([
      ['function', 'Read', true],
      ['function', 'TaskGet', true],
    ]);
    const readParameters = tools[0]!.function.parameters as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { type: unknown }>;
    };
    // Strict mode: every property required, optional ones nullable, no extra keys.
    expect([...readParameters.required].sort()).toEqual(['file_path', 'limit', 'offset']);
    expect(readParameters.additionalProperties).toBe(false);
    expect(JSON.stringify(readParameters.properties.offset)).toContain('null');
    const messages = recorded.body.messages as Array<{ role: string; tool_call_id?: string }>;
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'user']);
    expect(messages[3]!.tool_call_id).toBe('call_0');

    expect(provider.nullAsAbsent).toBe(true);
    expect(response.toolCalls).toEqual([
      { id: 'call_1', name: 'Read', arguments: { file_path: 'a.txt', offset: null, limit: null } },
      { id: 'call_2', name: 'TaskGet', arguments: { id: '1' } },
    ]);
    // The strict-mode nulls map back to absent when the invocation is built.
    const invocation = readTool.build(response.toolCalls[0]!.arguments, {
      nullAsAbsent: provider.nullAsAbsent,
    });
    expect(invocation.params).toEqual({ file_path: 'a.txt' });
    expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 7 });
  });

  it('OpenAI-compatible endpoint: same wire, strict off by default', async () => {
    server = await startRecordingServer(() => textReply('openai-chat', 'done', 'local'));
    const provider = new OpenAiChatProvider({
      id: 'openai-compatible',
      model: 'local',
      apiKey: 'none',
      baseUrl: `${server.url}/v1`,
      maxRetries: 0,
    });
    const response = await provider.send(requestFor('openai-chat'));
    const tools = server.requests[0]!.body.tools as Array<{ function: { strict: boolean } }>;
    expect(tools.every((tool) => tool.function.strict === false)).toBe(true);
    expect(response).toMatchObject({ text: 'done', toolCalls: [] });
  });

  it('OpenAI responses: flat strict function tools, function_call items parse back', async () => {
    server = await startRecordingServer(() => ({
      id: 'resp_1',
      object: 'response',
      created_at: 1,
      status: 'completed',
      model: 'gpt-test',
      output: [
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Let me look.', annotations: [] }],
        },
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_9',
          name: 'Read',
          arguments: '{"file_path":"b.txt","offset":2,"limit":null}',
          status: 'completed',
        },
      ],
      usage: { input_tokens: 20, output_tokens: 9, total_tokens: 29 },
    }));
    const provider = new OpenAiResponsesProvider({
      model: 'gpt-test',
      apiKey: 'test-key',
      baseUrl: `${server.url}/v1`,
      maxRetries: 0,
    });
    const response = await provider.send(requestFor('openai-responses'));
    const body = server.requests[0]!.body;
    expect(server.requests[0]!.path).toBe('/v1/responses');
    expect(body.stream).toBe(true);
    expect(body.instructions).toBe('be brief');
    const tools = body.tools as Array<Record<string, unknown>>;
    expect(tools.map((tool) => [tool.type, tool.name, tool.strict])).toEqual([
      ['function', 'Read', true],
      ['function', 'TaskGet', true],
    ]);
    expect(tools[0]).not.toHaveProperty('function');
    const input = body.input as Array<Record<string, unknown>>;
    expect(input.map((item) => item.type ?? item.role)).toEqual([
      'user',
      'assistant',
      'function_call',
      'function_call_output',
      'user',
    ]);
    expect(response.text).toBe('Let me look.');
    expect(response.toolCalls).toEqual([
      { id: 'call_9', name: 'Read', arguments: { file_path: 'b.txt', offset: 2, limit: null } },
    ]);
    expect(response.usage).toEqual({ inputTokens: 20, outputTokens: 9 });
    expect(readTool.build(response.toolCalls[0]!.arguments, { nullAsAbsent: true }).params).toEqual({
      file_path: 'b.txt',
      offset: 2,
    });
  });

  it('Anthropic: input_schema tools, tool_result blocks merged with reminders; tool_use parses back', async () => {
    server = await startRecordingServer(() => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'c.txt', limit: 5 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 11 },
    }));
    const provider = new AnthropicProvider({
      model: 'claude-test',
      apiKey: 'test-key',
      baseUrl: server.url,
      maxRetries: 0,
    });
    const response = await provider.send(requestFor('anthropic'));
    const recorded = server.requests[0]!;
    expect(recorded.path).toBe('/v1/messages');
    expect(recorded.body.stream).toBe(true);
    expect(`${recorded.headers['x-api-key'] ?? ''} ${recorded.headers.authorization ?? ''}`).toContain(
      'test-key',
    );
    expect(recorded.headers['anthropic-version']).toBeDefined();
    const tools = recorded.body.tools as Array<Record<string, unknown>>;
    expect(tools.map((tool) => tool.name)).toEqual(['Read', 'TaskGet']);
    expect(tools[0]).toHaveProperty('input_schema');
    expect(tools[0]).not.toHaveProperty('parameters');
    const schema = tools[0]!.input_schema as Record<string, unknown>;
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('anyOf');
    expect(schema.required).toEqual(['file_path']);
    const messages = recorded.body.messages as Array<{ role: string; content: Array<{ type: string }> }>;
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[2]!.content.map((block) => block.type)).toEqual(['tool_result', 'text']);
    expect(response.toolCalls).toEqual([
      { id: 'toolu_1', name: 'Read', arguments: { file_path: 'c.txt', limit: 5 } },
    ]);
    expect(readTool.build(response.toolCalls[0]!.arguments).params).toEqual({ file_path: 'c.txt', limit: 5 });
    expect(response.text).toBe('Reading.');
    expect(response.usage).toEqual({ inputTokens: 30, outputTokens: 11 });
  });

  it('Gemini: functionDeclarations in the OpenAPI subset; functionCall parts parse back', async () => {
    server = await startRecordingServer(() => ({
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'TaskGet', args: { id: '3' } } }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 3, totalTokenCount: 43 },
    }));
    const provider = new GeminiProvider({ model: 'gemini-test', apiKey: 'test-key', baseUrl: server.url });
    const response = await provider.send(requestFor('gemini'));
    const recorded = server.requests[0]!;
    expect(recorded.path).toContain('/models/gemini-test:streamGenerateContent?alt=sse');
    const tools = recorded.body.tools as Array<{
      functionDeclarations: Array<{ name: string; parameters: Record<string, unknown> }>;
    }>;
    const declarations = tools[0]!.functionDeclarations;
    expect(declarations.map((declaration) => declaration.name)).toEqual(['Read', 'TaskGet']);
    const serialised = JSON.stringify(declarations);
    expect(serialised).not.toContain('additionalProperties');
    expect(serialised).not.toContain('$schema');
    const contents = recorded.body.contents as Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(Object.keys(contents[2]!.parts[0]!)).toEqual(['functionResponse']);
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]).toMatchObject({ name: 'TaskGet', arguments: { id: '3' } });
    expect(response.toolCalls[0]!.id).toMatch(/^gemini-call-\d+$/);
    expect(response.usage).toEqual({ inputTokens: 40, outputTokens: 3 });
    expect(taskGet.build(response.toolCalls[0]!.arguments).params).toEqual({ id: '3' });
  });
});
