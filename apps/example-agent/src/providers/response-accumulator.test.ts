import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from './model-provider.js';
import { collectResponse, ResponseAccumulator } from './response-accumulator.js';

async function* streamOf(events: readonly ModelStreamEvent[]): AsyncGenerator<ModelStreamEvent> {
  yield* events;
}

const interleaved: ModelStreamEvent[] = [
  { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } },
  { type: 'text-delta', text: 'Reading ' },
  { type: 'tool-call-start', callId: 'a', toolName: 'Read' },
  { type: 'tool-call-delta', callId: 'a', argumentsDelta: '{"file_path":' },
  { type: 'text-delta', text: 'two files.' },
  { type: 'tool-call-start', callId: 'b', toolName: 'Glob' },
  { type: 'tool-call-delta', callId: 'a', argumentsDelta: '"x.ts"}' },
  { type: 'tool-call-end', callId: 'a' },
  { type: 'tool-call-end', callId: 'b', arguments: { pattern: '*.ts' } },
  { type: 'usage', usage: { inputTokens: 10, outputTokens: 42 } },
  { type: 'message-end' },
];

describe('ResponseAccumulator', () => {
  it('builds the text, the calls in start order and the last usage, also from interleaved events', async () => {
    expect(await collectResponse(streamOf(interleaved))).toEqual({
      text: 'Reading two files.',
      toolCalls: [
        { id: 'a', name: 'Read', arguments: { file_path: 'x.ts' } },
        { id: 'b', name: 'Glob', arguments: { pattern: '*.ts' } },
      ],
      usage: { inputTokens: 10, outputTokens: 42 },
    });
  });

  it('can be fed one event at a time beside another consumer, and reports when it is complete', () => {
    const accumulator = new ResponseAccumulator();
    for (const event of interleaved.slice(0, -1)) accumulator.add(event);
    expect(accumulator.complete).toBe(false);
    accumulator.add({ type: 'message-end' });
    expect(accumulator.complete).toBe(true);
    expect(accumulator.response().toolCalls).toHaveLength(2);
  });

  it('keeps malformed argument JSON as the raw string; no arguments at all decode to {}', async () => {
    const response = await collectResponse(
      streamOf([
        { type: 'tool-call-start', callId: 'a', toolName: 'Read' },
        { type: 'tool-call-delta', callId: 'a', argumentsDelta: '{"file_path": ' },
        { type: 'tool-call-end', callId: 'a' },
        { type: 'tool-call-start', callId: 'b', toolName: 'TaskList' },
        { type: 'tool-call-end', callId: 'b' },
        { type: 'message-end' },
      ]),
    );
    expect(response).toEqual({
      text: '',
      toolCalls: [
        { id: 'a', name: 'Read', arguments: '{"file_path": ' },
        { id: 'b', name: 'TaskList', arguments: {} },
      ],
    });
  });

  it('throws model_stream_incomplete for a stream that ends without message-end', async () => {
    await expect(collectResponse(streamOf(interleaved.slice(0, -1)))).rejects.toMatchObject({
      code: 'model_stream_incomplete',
    });
  });

  it('refuses events that break the protocol, naming the call', () => {
    const cases: Array<[ModelStreamEvent[], RegExp]> = [
      [[{ type: 'tool-call-delta', callId: 'x', argumentsDelta: '{' }], /call x, which never started/],
      [
        [
          { type: 'tool-call-start', callId: 'x', toolName: 'Read' },
          { type: 'tool-call-start', callId: 'x', toolName: 'Read' },
        ],
        /call x started twice/,
      ],
      [
        [
          { type: 'tool-call-start', callId: 'x', toolName: 'Read' },
          { type: 'tool-call-end', callId: 'x' },
          { type: 'tool-call-delta', callId: 'x', argumentsDelta: '}' },
        ],
        /call x, which already ended/,
      ],
      [[{ type: 'message-end' }, { type: 'text-delta', text: 'late' }], /text-delta after message-end/],
    ];
    for (const [events, message] of cases) {
      const accumulator = new ResponseAccumulator();
      expect(() => {
        for (const event of events) accumulator.add(event);
      }).toThrow(message);
    }
  });
});
