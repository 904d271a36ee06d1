import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type StreamedReply,
  type StreamingServer,
  startStreamingServer,
} from '../test-support/streaming-server.js';
import { anthropicFrames } from '../test-support/streaming-server-anthropic.js';
import { captureStream } from '../test-support/streaming-server-capture.js';
import { geminiFrames } from '../test-support/streaming-server-gemini.js';
import { openAiChatFrames } from '../test-support/streaming-server-openai-chat.js';
import { openAiResponsesFrames } from '../test-support/streaming-server-openai-responses.js';
import { AnthropicProvider } from './anthropic-provider.js';
import { GeminiProvider } from './gemini-provider.js';
import type { ModelProvider, ModelRequest, ModelStreamEvent } from './model-provider.js';
import { OpenAiChatProvider } from './openai-chat-provider.js';
import { OpenAiResponsesProvider } from './openai-responses-provider.js';

/** A message to stream, in neutral terms; each case writes it in its provider's wire format. */
interface ScriptedMessage {
  readonly text: string;
  readonly calls: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly argumentsText: string;
  }>;
  readonly usage: { readonly inputTokens: number; readonly outputTokens: number };
}

interface StreamCase {
  readonly name: string;
  /** Gemini sends calls whole: no argument deltas, and the decoded value in `tool-call-end`. */
  readonly wholeCalls: boolean;
  create(serverUrl: string): ModelProvider;
  frames(message: ScriptedMessage): string[];
  /** The provider's error body for an HTTP 400. */
  readonly errorBody: unknown;
}

const cases: StreamCase[] = [
  {
    name: 'OpenAI chat',
    wholeCalls: false,
    create: (url) =>
      new OpenAiChatProvider({ model: 'gpt-test', apiKey: 'test-key', baseUrl: `${url}/v1`, maxRetries: 0 }),
    frames: (message) =>
      openAiChatFrames({
        choices: [
          {
            finish_reason: message.calls.length > 0 ? 'tool_calls' : 'stop',
            message: {
              content: message.text,
              tool_calls: message.calls.map((call) => ({
                id: call.id,
                function: { name: call.name, arguments: call.argumentsText },
              })),
            },
          },
        ],
        usage: { prompt_tokens: message.usage.inputTokens, completion_tokens: message.usage.outputTokens },
      }),
    errorBody: { error: { message: 'bad request', type: 'invalid_request_error', code: null, param: null } },
  },
  {
    name: 'OpenAI responses',
    wholeCalls: false,
    create: (url) =>
      new OpenAiResponsesProvider({
        model: 'gpt-test',
        apiKey: 'test-key',
        baseUrl: `${url}/v1`,
        maxRetries: 0,
      }),
    frames: (message) =>
      openAiResponsesFrames({
        output: [
          { type: 'message', id: 'msg_1', content: [{ type: 'output_text', text: message.text }] },
          ...message.calls.map((call, index) => ({
            type: 'function_call' as const,
            id: `fc_${index}`,
            call_id: call.id,
            name: call.name,
            arguments: call.argumentsText,
          })),
        ],
        usage: { input_tokens: message.usage.inputTokens, output_tokens: message.usage.outputTokens },
      }),
    errorBody: { error: { message: 'bad request', type: 'invalid_request_error', code: null, param: null } },
  },
  {
    name: 'Anthropic',
    wholeCalls: false,
    create: (url) =>
      new AnthropicProvider({ model: 'claude-test', apiKey: 'test-key', baseUrl: url, maxRetries: 0 }),
    frames: (message) =>
      anthropicFrames({
        content: [
          { type: 'text', text: message.text },
          // A string input is streamed verbatim, so malformed argument text reaches the SDK.
          ...message.calls.map((call) => ({
            type: 'tool_use' as const,
            id: call.id,
            name: call.name,
            input: call.argumentsText,
          })),
        ],
        stop_reason: 'tool_use',
        usage: { input_tokens: message.usage.inputTokens, output_tokens: message.usage.outputTokens },
      }),
    errorBody: { type: 'error', error: { type: 'invalid_request_error', message: 'bad request' } },
  },
  {
    name: 'Gemini',
    wholeCalls: true,
    create: (url) => new GeminiProvider({ model: 'gemini-test', apiKey: 'test-key', baseUrl: url }),
    frames: (message) =>
      geminiFrames({
        candidates: [
          {
            content: {
              parts: [
                { text: message.text },
                ...message.calls.map((call) => ({
                  functionCall: {
                    id: call.id,
                    name: call.name,
                    args: JSON.parse(call.argumentsText) as Record<string, unknown>,
                  },
                })),
              ],
            },
          },
        ],
        usageMetadata: {
          promptTokenCount: message.usage.inputTokens,
          candidatesTokenCount: message.usage.outputTokens,
        },
      }),
    errorBody: { error: { code: 400, message: 'bad request', status: 'INVALID_ARGUMENT' } },
  },
];

const twoCalls: ScriptedMessage = {
  text: 'Reading both, then checking the task.',
  calls: [
    { id: 'call_read', name: 'Read', argumentsText: '{"file_path":"src/a.txt","limit":20}' },
    { id: 'call_task', name: 'TaskGet', argumentsText: '{"id":"7"}' },
  ],
  usage: { inputTokens: 120, outputTokens: 35 },
};

/** The pause before each frame: real network pacing, long enough to order events by time. */
const FRAME_DELAY_MS = 15;

const request: ModelRequest = { system: 'be brief', messages: [{ role: 'user', text: 'go' }], tools: [] };

let server: StreamingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(reply: StreamedReply): Promise<StreamingServer> {
  server = await startStreamingServer(() => reply);
  return server;
}

function positionsOf(
  events: readonly ModelStreamEvent[],
  callId: string,
  type: ModelStreamEvent['type'],
): number[] {
  return events.flatMap((event, index) =>
    event.type === type && 'callId' in event && event.callId === callId ? [index] : [],
  );
}

describe.each(cases)('$name streams through its SDK from a loopback SSE server', (streamCase) => {
  it('yields the text, each call as start, deltas, end, and one message-end last', async () => {
    const running = await serve({ frames: streamCase.frames(twoCalls), frameDelayMs: FRAME_DELAY_MS });
    const captured = await captureStream(streamCase.create(running.url).stream(request));
    expect(captured.error).toBeUndefined();
    const events = captured.items.map((timed) => timed.item);

    expect(events.filter((event) => event.type === 'message-end')).toHaveLength(1);
    expect(events.at(-1)).toEqual({ type: 'message-end' });
    const text = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : [])).join('');
    expect(text).toBe(twoCalls.text);
    const usages = events.flatMap((event) => (event.type === 'usage' ? [event.usage] : []));
    expect(usages.at(-1)).toEqual(twoCalls.usage);

    const starts = events.flatMap((event) => (event.type === 'tool-call-start' ? [event] : []));
    expect(starts.map((start) => [start.callId, start.toolName])).toEqual(
      twoCalls.calls.map((call) => [call.id, call.name]),
    );
    for (const call of twoCalls.calls) {
      const [start] = positionsOf(events, call.id, 'tool-call-start');
      const deltas = positionsOf(events, call.id, 'tool-call-delta');
      const ends = positionsOf(events, call.id, 'tool-call-end');
      expect(ends).toHaveLength(1);
      const end = events[ends[0]!]!;
      if (streamCase.wholeCalls) {
        expect(deltas).toEqual([]);
        expect(end).toEqual({
          type: 'tool-call-end',
          callId: call.id,
          arguments: JSON.parse(call.argumentsText),
        });
      } else {
        expect(deltas.length).toBeGreaterThan(1);
        expect(Math.min(...deltas)).toBeGreaterThan(start!);
        expect(Math.max(...deltas)).toBeLessThan(ends[0]!);
        const argumentsText = deltas
          .map((position) => {
            const delta = events[position]!;
            return delta.type === 'tool-call-delta' ? delta.argumentsDelta : '';
          })
          .join('');
        expect(argumentsText).toBe(call.argumentsText);
      }
    }
    // The first call is complete before the second one starts.
    expect(positionsOf(events, 'call_read', 'tool-call-end')[0]).toBeLessThan(
      positionsOf(events, 'call_task', 'tool-call-start')[0]!,
    );
  });

  it('ends the first call before the server has written its last chunk', async () => {
    let firstEnded = false;
    // The server writes its last frame only once the client has ended the first call: a client
    // that waited for the whole stream would never get it.
    const running = await serve({
      frames: streamCase.frames(twoCalls),
      frameDelayMs: FRAME_DELAY_MS,
      holdLastFrameUntil: () => firstEnded,
    });
    const captured = await captureStream(streamCase.create(running.url).stream(request), (item) => {
      if (item.type === 'tool-call-end' && item.callId === 'call_read') firstEnded = true;
    });
    const firstEnd = captured.items.find(
      ({ item }) => item.type === 'tool-call-end' && item.callId === 'call_read',
    );
    const lastChunkWrittenAt = running.responses[0]!.frameWrittenAt.at(-1)!;
    expect(firstEnd).toBeDefined();
    // A pre-started tool gets this much head start (several frames' worth here).
    expect(firstEnd!.at).toBeLessThan(lastChunkWrittenAt);
  });

  it('send() collects the stream into the same ModelResponse', async () => {
    const running = await serve({ frames: streamCase.frames(twoCalls) });
    const response = await streamCase.create(running.url).send(request);
    expect(response).toEqual({
      text: twoCalls.text,
      toolCalls: twoCalls.calls.map((call) => ({
        id: call.id,
        name: call.name,
        arguments: JSON.parse(call.argumentsText),
      })),
      usage: twoCalls.usage,
    });
  });

  it.skipIf(streamCase.wholeCalls)(
    'keeps malformed argument JSON as a string for the validator',
    async () => {
      const malformed = '{"file_path": "a.txt", "limit": ';
      const running = await serve({
        frames: streamCase.frames({
          ...twoCalls,
          calls: [{ id: 'call_bad', name: 'Read', argumentsText: malformed }],
        }),
      });
      const response = await streamCase.create(running.url).send(request);
      expect(response.toolCalls).toEqual([{ id: 'call_bad', name: 'Read', arguments: malformed }]);
    },
  );

  it('throws on an HTTP error, before any event', async () => {
    const running = await serve({ status: 400, json: streamCase.errorBody });
    const captured = await captureStream(streamCase.create(running.url).stream(request));
    expect(captured.threw).toBe(true);
    expect(captured.error).toMatchObject({ status: 400 });
    expect(captured.items).toEqual([]);
  });

  it('throws when the connection drops mid-stream, with no message-end', async () => {
    const frames = streamCase.frames(twoCalls);
    const running = await serve({ frames, frameDelayMs: 5, dropAfterFrames: Math.floor(frames.length / 2) });
    const captured = await captureStream(streamCase.create(running.url).stream(request));
    expect(running.responses[0]!.dropped).toBe(true);
    expect(captured.threw).toBe(true);
    expect(captured.items.length).toBeGreaterThan(0);
    expect(captured.items.some(({ item }) => item.type === 'message-end')).toBe(false);
  });

  it('stops on an abort of request.signal, throwing the reason and closing the connection', async () => {
    const running = await serve({ frames: streamCase.frames(twoCalls), frameDelayMs: FRAME_DELAY_MS });
    const controller = new AbortController();
    const reason = new Error('stopped by the user');
    const captured = await captureStream(
      streamCase.create(running.url).stream({ ...request, signal: controller.signal }),
      (event) => {
        if (event.type === 'tool-call-start') controller.abort(reason);
      },
    );
    expect(captured.error).toBe(reason);
    expect(captured.items.some(({ item }) => item.type === 'message-end')).toBe(false);
    await vi.waitFor(() => expect(running.responses[0]!.clientClosed).toBe(true));
    expect(running.responses[0]!.finished).toBe(false);
  });
});
