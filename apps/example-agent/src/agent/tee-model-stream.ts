import type { ToolCallStreamEvent } from '@toolwright/executor';
import type { ModelStreamEvent } from '../providers/model-provider.js';
import type { ResponseAccumulator } from '../providers/response-accumulator.js';

/** What {@link teeModelStream} reports while it reads. */
export interface TeeHooks {
  /**
   * The model's text so far, when a tool call begins after text not yet reported: a call that
   * starts while the model streams may finish before the message does, and a transcript shows
   * the words that lead up to a call before the call and its result.
   */
  readonly onTextBeforeCall: (text: string) => void;
  /** The message is complete; runs before the executor hears of it. */
  readonly onMessageEnd: () => void;
}

/**
 * Reads a provider's stream once for two consumers: every event goes into `accumulator` (the
 * whole message, for the conversation), and the tool-call events go on to the executor, which
 * starts concurrency-safe calls while the model is still streaming.
 */
export async function* teeModelStream(
  events: AsyncIterable<ModelStreamEvent>,
  accumulator: ResponseAccumulator,
  hooks: TeeHooks,
): AsyncGenerator<ToolCallStreamEvent> {
  let textSinceCall = false;
  for await (const event of events) {
    accumulator.add(event);
    if (event.type === 'text-delta') {
      textSinceCall ||= event.text !== '';
      continue;
    }
    if (event.type === 'usage' || event.type === 'provider-content') continue;
    if (event.type === 'tool-call-start' && textSinceCall) {
      textSinceCall = false;
      hooks.onTextBeforeCall(accumulator.text());
    }
    if (event.type === 'message-end') hooks.onMessageEnd();
    yield event;
  }
}
