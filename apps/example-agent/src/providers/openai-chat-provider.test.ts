import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type StreamedReply,
  type StreamingServer,
  startStreamingServer,
} from '../test-support/streaming-server.js';
import { captureStream } from '../test-support/streaming-server-capture.js';
import { sseFrame } from '../test-support/streaming-server-frames.js';
import { openAiChatFrames } from '../test-support/streaming-server-openai-chat.js';
import type { ModelRequest } from './model-provider.js';
import { OpenAiChatProvider } from './openai-chat-provider.js';

const request: ModelRequest = { system: '', messages: [{ role: 'user', text: 'go' }], tools: [] };

let server: StreamingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerServing(reply: StreamedReply): Promise<OpenAiChatProvider> {
  server = await startStreamingServer(() => reply);
  return new OpenAiChatProvider({
    id: 'openai-compatible',
    model: 'local',
    apiKey: 'none',
    baseUrl: `${server.url}/v1`,
    maxRetries: 0,
  });
}

/** One raw chunk of choice 0, for servers that stream in their own way. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  return sseFrame({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'local',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
}

describe('OpenAI chat streaming: when a call ends', () => {
  it('ends a call when its argument JSON is complete, before finish_reason is even written', async () => {
    const frames = openAiChatFrames({
      choices: [
        {
          finish_reason: 'tool_calls',
          message: {
            tool_calls: [{ id: 'call_1', function: { name: 'Read', arguments: '{"file_path":"a.txt"}' } }],
          },
        },
      ],
    });
    const finishFrame = frames.findIndex((frame) => frame.includes('"finish_reason":"tool_calls"'));
    const provider = await providerServing({ frames, frameDelayMs: 40 });
    const captured = await captureStream(provider.stream(request));
    const end = captured.items.find(({ item }) => item.type === 'tool-call-end');
    expect(end?.item).toEqual({ type: 'tool-call-end', callId: 'call_1' });
    // The only thing that can have ended it this early is the completed JSON.
    expect(end!.at).toBeLessThan(server!.responses[0]!.frameWrittenAt[finishFrame]!);
    expect(captured.items.at(-1)?.item).toEqual({ type: 'message-end' });
  });

  it('keeps a call open when text follows its JSON in the same delta, so it stays a string', async () => {
    const provider = await providerServing({
      frames: [
        chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'Read', arguments: '{"a":' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '1} trailing' } }] }),
        chunk({}, 'tool_calls'),
        sseFrame('[DONE]'),
      ],
    });
    const response = await provider.send(request);
    expect(response.toolCalls).toEqual([{ id: 'call_1', name: 'Read', arguments: '{"a":1} trailing' }]);
  });

  it('reads a compatible server that sends every call whole under index 0, one without an id', async () => {
    const provider = await providerServing({
      frames: [
        chunk({ content: 'Two reads.' }),
        chunk({
          tool_calls: [{ index: 0, id: 'a', function: { name: 'Read', arguments: '{"file_path":"x"}' } }],
        }),
        chunk({
          tool_calls: [{ index: 0, id: 'b', function: { name: 'Read', arguments: '{"file_path":"y"}' } }],
        }),
        chunk({ tool_calls: [{ index: 1, function: { name: 'Glob', arguments: '{"pattern":"*"}' } }] }),
        chunk({}, 'tool_calls'),
        sseFrame('[DONE]'),
      ],
    });
    const captured = await captureStream(provider.stream(request));
    const lifecycle = captured.items.flatMap(({ item }) =>
      item.type === 'tool-call-start' || item.type === 'tool-call-end' ? [`${item.type}:${item.callId}`] : [],
    );
    expect(lifecycle).toEqual([
      'tool-call-start:a',
      'tool-call-end:a',
      'tool-call-start:b',
      'tool-call-end:b',
      'tool-call-start:openai-call-1',
      'tool-call-end:openai-call-1',
    ]);
    expect((await provider.send(request)).toolCalls).toEqual([
      { id: 'a', name: 'Read', arguments: { file_path: 'x' } },
      { id: 'b', name: 'Read', arguments: { file_path: 'y' } },
      { id: 'openai-call-1', name: 'Glob', arguments: { pattern: '*' } },
    ]);
  });

  it('throws model_stream_incomplete when the stream ends cleanly without finish_reason', async () => {
    const provider = await providerServing({
      frames: [chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'Read', arguments: '{"a"' } }] })],
    });
    await expect(provider.send(request)).rejects.toMatchObject({ code: 'model_stream_incomplete' });
  });

  it('cancels the request when the caller stops reading', async () => {
    const frames = openAiChatFrames({
      choices: [{ finish_reason: 'stop', message: { content: 'a long answer that keeps on streaming' } }],
    });
    const provider = await providerServing({ frames, frameDelayMs: 20 });
    for await (const event of provider.stream(request)) {
      if (event.type === 'text-delta') break;
    }
    await vi.waitFor(() => expect(server!.responses[0]!.clientClosed).toBe(true));
    expect(server!.responses[0]!.frameWrittenAt.length).toBeLessThan(frames.length);
  });
});
