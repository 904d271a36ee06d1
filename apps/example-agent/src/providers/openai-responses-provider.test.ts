import { afterEach, describe, expect, it } from 'vitest';
import { type StreamingServer, startStreamingServer } from '../test-support/streaming-server.js';
import { captureStream } from '../test-support/streaming-server-capture.js';
import { sseFrame } from '../test-support/streaming-server-frames.js';
import type { ModelRequest } from './model-provider.js';
import { OpenAiResponsesProvider } from './openai-responses-provider.js';

const request: ModelRequest = { system: '', messages: [{ role: 'user', text: 'go' }], tools: [] };

let server: StreamingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A provider whose server streams these events (each `{ type, ...fields }`) and nothing else. */
async function providerStreaming(
  events: ReadonlyArray<Record<string, unknown>>,
): Promise<OpenAiResponsesProvider> {
  const frames = events.map((event, index) =>
    sseFrame({ ...event, sequence_number: index }, { event: String(event.type) }),
  );
  server = await startStreamingServer(() => ({ frames }));
  return new OpenAiResponsesProvider({ model: 'm', apiKey: 'k', baseUrl: `${server.url}/v1`, maxRetries: 0 });
}

const callItem = {
  type: 'function_call',
  id: 'fc_1',
  call_id: 'call_1',
  name: 'Read',
  status: 'in_progress',
};
const response = (status: string) => ({
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  model: 'm',
  status,
  output: [],
  usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
});

describe('OpenAI responses streaming: the edges of the event protocol', () => {
  it('sends the arguments as a delta when a server sends only the done event', async () => {
    const provider = await providerStreaming([
      { type: 'response.output_item.added', output_index: 0, item: { ...callItem, arguments: '' } },
      {
        type: 'response.function_call_arguments.done',
        output_index: 0,
        item_id: 'fc_1',
        name: 'Read',
        arguments: '{"file_path":"a"}',
      },
      { type: 'response.completed', response: response('completed') },
    ]);
    const captured = await captureStream(provider.stream(request));
    expect(captured.items.map(({ item }) => item)).toEqual([
      { type: 'tool-call-start', callId: 'call_1', toolName: 'Read' },
      { type: 'tool-call-delta', callId: 'call_1', argumentsDelta: '{"file_path":"a"}' },
      { type: 'tool-call-end', callId: 'call_1' },
      { type: 'usage', usage: { inputTokens: 5, outputTokens: 2 } },
      { type: 'message-end' },
    ]);
  });

  it('ends a call cut off by response.incomplete before message-end, keeping its text as a string', async () => {
    const provider = await providerStreaming([
      { type: 'response.output_item.added', output_index: 0, item: { ...callItem, arguments: '' } },
      { type: 'response.function_call_arguments.delta', output_index: 0, item_id: 'fc_1', delta: '{"file_' },
      { type: 'response.incomplete', response: response('incomplete') },
    ]);
    const captured = await captureStream(provider.stream(request));
    const types = captured.items.map(({ item }) => item.type);
    expect(types.indexOf('tool-call-end')).toBeLessThan(types.indexOf('message-end'));
    expect((await provider.send(request)).toolCalls).toEqual([
      { id: 'call_1', name: 'Read', arguments: '{"file_' },
    ]);
  });

  it('throws model_stream_failed for response.failed and for an error event, with no message-end', async () => {
    const failed = await providerStreaming([
      {
        type: 'response.failed',
        response: { ...response('failed'), error: { code: 'server_error', message: 'the model fell over' } },
      },
    ]);
    const first = await captureStream(failed.stream(request));
    expect(first.items).toEqual([]);
    expect(first.error).toMatchObject({
      code: 'model_stream_failed',
      message: expect.stringContaining('the model fell over (server_error)'),
    });
    await server?.close();
    const erroring = await providerStreaming([
      { type: 'error', code: 'rate_limit_exceeded', message: 'slow down', param: null },
    ]);
    await expect(erroring.send(request)).rejects.toMatchObject({
      code: 'model_stream_failed',
      message: expect.stringContaining('slow down (rate_limit_exceeded)'),
    });
  });
});
