import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { JsonCompletionWatcher } from './json-completion-watcher.js';
import type { ModelStreamEvent } from './model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from './model-stream-error.js';

/** A call of the streamed message, keyed by its `index` in the chunks' `tool_calls`. */
interface StreamedCall {
  readonly callId: string;
  readonly watcher: JsonCompletionWatcher;
  ended: boolean;
}

/**
 * Maps the chunks of a streamed Chat Completion (`stream: true`) onto {@link ModelStreamEvent}s.
 *
 * Tool calls arrive as deltas per `index`; the first delta of an index carries the id and the
 * name. A call ends at the earliest moment its arguments are known: when its argument text forms
 * a complete JSON value, else when the next index starts or `finish_reason` arrives. Argument
 * text after a complete value is dropped: the call has ended (OpenAI sends none; text that makes
 * the value malformed within the same delta keeps the call open, so it stays a string).
 *
 * Only choice 0 is read: the agent never asks for `n > 1`.
 */
export async function* openAiChatStreamEvents(
  chunks: AsyncIterable<ChatCompletionChunk>,
  signal?: AbortSignal,
): AsyncGenerator<ModelStreamEvent> {
  const calls = new Map<number, StreamedCall>();
  let finished = false;
  let synthesisedIds = 0;

  function* endOpenCalls(): Generator<ModelStreamEvent> {
    for (const call of calls.values()) {
      if (call.ended) continue;
      call.ended = true;
      yield { type: 'tool-call-end', callId: call.callId };
    }
  }

  for await (const chunk of chunks) {
    // With include_usage the totals come in a last chunk that has no choices.
    if (chunk.usage !== undefined && chunk.usage !== null) {
      yield {
        type: 'usage',
        usage: { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens },
      };
    }
    const choice = chunk.choices.find((candidate) => candidate.index === 0);
    if (choice === undefined) continue;
    const delta = choice.delta;
    if (typeof delta.content === 'string' && delta.content !== '') {
      yield { type: 'text-delta', text: delta.content };
    }
    for (const [position, toolCallDelta] of (delta.tool_calls ?? []).entries()) {
      // Some compatible servers leave out `index` when they send calls whole, one per entry.
      const index = toolCallDelta.index ?? position;
      let call = calls.get(index);
      if (call === undefined || startsAnotherCall(call, toolCallDelta.id)) {
        // Calls stream one after the other, so a new one means the ones before are complete.
        yield* endOpenCalls();
        call = {
          callId: toolCallDelta.id || `openai-call-${++synthesisedIds}`,
          watcher: new JsonCompletionWatcher(),
          ended: false,
        };
        calls.set(index, call);
        yield { type: 'tool-call-start', callId: call.callId, toolName: toolCallDelta.function?.name ?? '' };
      }
      const fragment = toolCallDelta.function?.arguments ?? '';
      if (call.ended || fragment === '') continue;
      yield { type: 'tool-call-delta', callId: call.callId, argumentsDelta: fragment };
      if (call.watcher.write(fragment) === 'complete') {
        call.ended = true;
        yield { type: 'tool-call-end', callId: call.callId };
      }
    }
    if (choice.finish_reason !== null && choice.finish_reason !== undefined) {
      finished = true;
      yield* endOpenCalls();
    }
  }
  // The SDK ends the iteration quietly when the request is aborted: that is no finished message.
  signal?.throwIfAborted();
  if (!finished) {
    throw new ModelStreamError(
      ModelStreamErrorCode.Incomplete,
      'The chat completion stream ended without a finish_reason: the response was cut off.',
    );
  }
  yield { type: 'message-end' };
}

/** A new id under a known index: a server that numbers every call 0, so this is another call. */
function startsAnotherCall(call: StreamedCall, id: string | undefined): boolean {
  return id !== undefined && id !== '' && id !== call.callId;
}
