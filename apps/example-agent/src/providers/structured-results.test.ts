import { afterEach, describe, expect, it } from 'vitest';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { textReply } from '../test-support/text-replies.js';
import { AnthropicProvider } from './anthropic-provider.js';
import { GeminiProvider } from './gemini-provider.js';
import type { ModelRequest } from './model-provider.js';
import { OpenAiChatProvider } from './openai-chat-provider.js';
import { OpenAiResponsesProvider } from './openai-responses-provider.js';

const forecast = { city: 'Oslo', celsius: 21.5 };
const forecastText = JSON.stringify(forecast);

/** One earlier call of Forecast whose result was structured, and one that failed. */
const request: ModelRequest = {
  system: 'be brief',
  tools: [],
  messages: [
    { role: 'user', text: 'Weather in Oslo and Atlantis?' },
    {
      role: 'assistant',
      text: '',
      toolCalls: [
        { id: 'call_1', name: 'Forecast', arguments: { city: 'Oslo' } },
        { id: 'call_2', name: 'Forecast', arguments: { city: 'Atlantis' } },
      ],
    },
    {
      role: 'tool',
      results: [
        {
          callId: 'call_1',
          toolName: 'Forecast',
          content: forecastText,
          isError: false,
          structuredContent: forecast,
        },
        { callId: 'call_2', toolName: 'Forecast', content: 'No such city.', isError: true },
      ],
    },
  ],
};

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a structured tool result in each provider’s format', () => {
  it('Gemini: the value itself as the function response’s output, JSON the model reads as data', async () => {
    server = await startRecordingServer(() => textReply('gemini', 'Sunny.'));
    await new GeminiProvider({ model: 'gemini-test', apiKey: 'test-key', baseUrl: server.url }).send(request);
    const contents = server.requests[0]!.body.contents as Array<{ parts: Array<Record<string, unknown>> }>;
    expect(contents[2]!.parts).toEqual([
      { functionResponse: { id: 'call_1', name: 'Forecast', response: { output: forecast } } },
      { functionResponse: { id: 'call_2', name: 'Forecast', response: { error: 'No such city.' } } },
    ]);
  });

  it('Anthropic: the text in a tool_result block (its tool results carry text and media, no JSON)', async () => {
    server = await startRecordingServer(() => textReply('anthropic', 'Sunny.'));
    await new AnthropicProvider({
      model: 'claude-test',
      apiKey: 'test-key',
      baseUrl: server.url,
      maxRetries: 0,
    }).send(request);
    const messages = server.requests[0]!.body.messages as Array<{ content: Array<Record<string, unknown>> }>;
    expect(messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_1', content: forecastText },
      { type: 'tool_result', tool_use_id: 'call_2', content: 'No such city.', is_error: true },
    ]);
  });

  it('OpenAI chat: the text as the tool message’s content (a string)', async () => {
    server = await startRecordingServer(() => textReply('openai-chat', 'Sunny.'));
    await new OpenAiChatProvider({
      model: 'gpt-test',
      apiKey: 'test-key',
      baseUrl: `${server.url}/v1`,
      maxRetries: 0,
    }).send(request);
    const messages = server.requests[0]!.body.messages as Array<Record<string, unknown>>;
    expect(messages.filter((message) => message.role === 'tool')).toEqual([
      { role: 'tool', tool_call_id: 'call_1', content: forecastText },
      { role: 'tool', tool_call_id: 'call_2', content: 'No such city.' },
    ]);
  });

  it('OpenAI responses: the text as the function_call_output’s output (a string)', async () => {
    server = await startRecordingServer(() => textReply('openai-responses', 'Sunny.'));
    await new OpenAiResponsesProvider({
      model: 'gpt-test',
      apiKey: 'test-key',
      baseUrl: `${server.url}/v1`,
      maxRetries: 0,
    }).send(request);
    const input = server.requests[0]!.body.input as Array<Record<string, unknown>>;
    expect(input.filter((item) => item.type === 'function_call_output')).toEqual([
      { type: 'function_call_output', call_id: 'call_1', output: forecastText },
      { type: 'function_call_output', call_id: 'call_2', output: 'No such city.' },
    ]);
  });
});
