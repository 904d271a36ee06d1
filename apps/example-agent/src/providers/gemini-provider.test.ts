import { afterEach, describe, expect, it } from 'vitest';
import { type StreamingServer, startStreamingServer } from '../test-support/streaming-server.js';
import { sseFrame } from '../test-support/streaming-server-frames.js';
import { GeminiProvider } from './gemini-provider.js';
import type { ModelRequest } from './model-provider.js';

const request: ModelRequest = { system: '', messages: [{ role: 'user', text: 'go' }], tools: [] };

let server: StreamingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function providerStreaming(chunks: readonly unknown[]): Promise<GeminiProvider> {
  const frames = chunks.map((chunk) => sseFrame(chunk, { lineEnd: '\r\n' }));
  server = await startStreamingServer(() => ({ frames }));
  return new GeminiProvider({ model: 'gemini-test', apiKey: 'k', baseUrl: server.url });
}

describe('Gemini streaming: the edges of the chunk protocol', () => {
  it('numbers calls that come without an id, across chunks', async () => {
    const call = (name: string) => ({
      candidates: [{ content: { role: 'model', parts: [{ functionCall: { name, args: {} } }] }, index: 0 }],
    });
    const provider = await providerStreaming([
      call('TaskList'),
      { ...call('Glob'), candidates: [{ ...call('Glob').candidates[0], finishReason: 'STOP' }] },
    ]);
    const ids = (await provider.send(request)).toolCalls.map((toolCall) => toolCall.id);
    expect(ids).toEqual(['gemini-call-1', 'gemini-call-2']);
  });

  it('completes a refused prompt (a block reason, no candidates) as an empty message', async () => {
    const provider = await providerStreaming([
      { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 3 } },
    ]);
    expect(await provider.send(request)).toEqual({
      text: '',
      toolCalls: [],
      usage: { inputTokens: 3, outputTokens: 0 },
    });
  });

  it('throws model_stream_incomplete when the stream ends cleanly without a finishReason', async () => {
    const provider = await providerStreaming([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'half a sen' }] }, index: 0 }] },
    ]);
    await expect(provider.send(request)).rejects.toMatchObject({ code: 'model_stream_incomplete' });
  });
});
