import type { ModelResponse, ModelStreamEvent } from '../providers/model-provider.js';

/** A whole response played as a provider stream: text, then each call's start, arguments and end. */
export async function* responseAsStream(response: ModelResponse): AsyncGenerator<ModelStreamEvent> {
  if (response.text !== '') yield { type: 'text-delta', text: response.text };
  for (const call of response.toolCalls) {
    yield { type: 'tool-call-start', callId: call.id, toolName: call.name };
    yield {
      type: 'tool-call-delta',
      callId: call.id,
      argumentsDelta: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    };
    yield { type: 'tool-call-end', callId: call.id };
  }
  yield { type: 'message-end' };
}
