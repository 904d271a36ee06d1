import type { ToolCallStreamEvent } from '@toolwright/executor';
import type { ModelStreamEvent } from '../providers/model-provider.js';
import type { ResponseAccumulator } from '../providers/response-accumulator.js';

/**
 * Reads a provider's stream once for two consumers: every event goes into `accumulator` (the
 * whole message, for the conversation), and the tool-call events go on to the executor, which
 * starts concurrency-safe calls while the model is still streaming. `onMessageEnd` runs when the
 * message is complete, before the executor hears of it.
 */
export async function* teeModelStream(
  events: AsyncIterable<ModelStreamEvent>,
  accumulator: ResponseAccumulator,
  onMessageEnd: () => void,
): AsyncGenerator<ToolCallStreamEvent> {
  for await (const event of events) {
    accumulator.add(event);
    if (event.type === 'text-delta' || event.type === 'usage' || event.type === 'provider-content') continue;
    if (event.type === 'message-end') onMessageEnd();
    yield event;
  }
}
