import type { GenerateContentResponse } from '@google/genai';
import type { ModelStreamEvent } from './model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from './model-stream-error.js';

/**
 * Maps the chunks of `models.generateContentStream` onto {@link ModelStreamEvent}s. Gemini sends
 * each function call whole, so a call is a `tool-call-start` followed at once by a
 * `tool-call-end` that carries the decoded arguments. Gemini ids are optional: `nextCallId`
 * supplies one when a call has none, so results stay paired with their calls.
 *
 * The last chunk carries a `finishReason` (or, for a refused prompt, a `promptFeedback`
 * block reason); a stream that ends without either was cut off.
 */
export async function* geminiStreamEvents(
  chunks: AsyncIterable<GenerateContentResponse>,
  nextCallId: () => string,
  signal?: AbortSignal,
): AsyncGenerator<ModelStreamEvent> {
  let finished = false;
  for await (const chunk of chunks) {
    const candidate = chunk.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall !== undefined) {
        const callId = part.functionCall.id ?? nextCallId();
        yield { type: 'tool-call-start', callId, toolName: part.functionCall.name ?? '' };
        yield { type: 'tool-call-end', callId, arguments: part.functionCall.args ?? {} };
      } else if (typeof part.text === 'string' && part.text !== '' && part.thought !== true) {
        yield { type: 'text-delta', text: part.text };
      }
    }
    const usage = chunk.usageMetadata;
    if (usage !== undefined) {
      yield {
        type: 'usage',
        usage: { inputTokens: usage.promptTokenCount ?? 0, outputTokens: usage.candidatesTokenCount ?? 0 },
      };
    }
    if (candidate?.finishReason !== undefined || chunk.promptFeedback?.blockReason !== undefined) {
      finished = true;
    }
  }
  signal?.throwIfAborted();
  if (!finished) {
    throw new ModelStreamError(
      ModelStreamErrorCode.Incomplete,
      'The Gemini stream ended without a finishReason: the response was cut off.',
    );
  }
  yield { type: 'message-end' };
}
