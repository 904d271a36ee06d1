import { afterEach, describe, expect, it } from 'vitest';
import { type StreamingServer, startStreamingServer } from '../test-support/streaming-server.js';
import { captureStream } from '../test-support/streaming-server-capture.js';
import { sseFrame } from '../test-support/streaming-server-frames.js';
import { AnthropicProvider } from './anthropic-provider.js';
import type { ModelRequest } from './model-provider.js';

const request: ModelRequest = { system: '', messages: [{ role: 'user', text: 'go' }], tools: [] };

let server: StreamingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A provider whose server streams these events (each `{ type, ...fields }`) and nothing else. */
async function providerStreaming(events: ReadonlyArray<Record<string, unknown>>): Promise<AnthropicProvider> {
  const frames = events.map((event) => sseFrame(event, { event: String(event.type) }));
  server = await startStreamingServer(() => ({ frames, frameDelayMs: 5 }));
  return new AnthropicProvider({ model: 'claude-test', apiKey: 'k', baseUrl: server.url, maxRetries: 0 });
}

const messageStart = {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 9, output_tokens: 1 },
  },
};
const toolUseStart = {
  type: 'content_block_start',
  index: 0,
  content_block: { type: 'tool_use', id: 'toolu_1', name: 'Read', input: {} },
};

describe('Anthropic streaming: the edges of the event protocol', () => {
  it('throws the overloaded error the API sends mid-stream, with no message-end', async () => {
    const provider = await providerStreaming([
      messageStart,
      toolUseStart,
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]);
    const captured = await captureStream(provider.stream(request));
    expect(captured.items.map(({ item }) => item.type)).toEqual(['usage', 'tool-call-start']);
    expect(captured.threw).toBe(true);
    expect(String(captured.error)).toContain('Overloaded');
  });

  it('ends a call whose block was never stopped at message_stop, before message-end', async () => {
    const provider = await providerStreaming([
      messageStart,
      toolUseStart,
      {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: '{"file_path":"a"}' },
      },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 4 },
      },
      { type: 'message_stop' },
    ]);
    const captured = await captureStream(provider.stream(request));
    expect(captured.items.map(({ item }) => item.type).slice(-2)).toEqual(['tool-call-end', 'message-end']);
    expect(await provider.send(request)).toEqual({
      text: '',
      toolCalls: [{ id: 'toolu_1', name: 'Read', arguments: { file_path: 'a' } }],
      usage: { inputTokens: 9, outputTokens: 4 },
    });
  });

  it('throws model_stream_incomplete when the stream ends cleanly without message_stop', async () => {
    const provider = await providerStreaming([messageStart, toolUseStart]);
    await expect(provider.send(request)).rejects.toMatchObject({ code: 'model_stream_incomplete' });
  });
});
