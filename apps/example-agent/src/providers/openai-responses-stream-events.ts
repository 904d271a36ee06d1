import type { ResponseStreamEvent, Tool } from 'openai/resources/responses/responses';
import type { ModelStreamEvent } from './model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from './model-stream-error.js';
import { parseToolArguments } from './parse-tool-arguments.js';

/** A function call of the streamed response, keyed by its `output_index`. */
interface StreamedCall {
  readonly callId: string;
  argumentsText: string;
  ended: boolean;
}

/**
 * Maps the events of a streamed Responses API call (`stream: true`) onto {@link ModelStreamEvent}s:
 * `response.output_item.added` (a `function_call`) starts a call,
 * `response.function_call_arguments.delta` continues it, and `.done` or
 * `response.output_item.done`, whichever comes first, ends it. `response.completed` (or
 * `response.incomplete`, which a non-streamed call also returns as a message) ends the message;
 * `response.failed` and `error` throw a {@link ModelStreamError} (`model_stream_failed`).
 *
 * OpenAI's own tool search (`tool_search_call`, `tool_search_output`) is no call: each finished
 * item is yielded whole as `provider-content`, the output with the names of the functions it
 * loaded (`foundTools`), so they may be called at once. A call of a function in a namespace
 * reports its namespace to `onNamespace`, so it can be replayed as it came.
 */
export async function* openAiResponsesStreamEvents(
  events: AsyncIterable<ResponseStreamEvent>,
  signal?: AbortSignal,
  onNamespace?: (callId: string, namespace: string) => void,
): AsyncGenerator<ModelStreamEvent> {
  const calls = new Map<number, StreamedCall>();
  let finished = false;

  function* startCall(outputIndex: number, callId: string, name: string): Generator<ModelStreamEvent> {
    const call: StreamedCall = { callId, argumentsText: '', ended: false };
    calls.set(outputIndex, call);
    yield { type: 'tool-call-start', callId, toolName: name };
  }

  /** Ends a call with the arguments the done event reports, which are authoritative. */
  function* endCall(call: StreamedCall, finalArguments: string): Generator<ModelStreamEvent> {
    if (call.ended) return;
    call.ended = true;
    if (finalArguments === call.argumentsText) {
      yield { type: 'tool-call-end', callId: call.callId };
    } else if (finalArguments.startsWith(call.argumentsText)) {
      // Deltas were left out (a compatible server may send only the done event): send the rest.
      const rest = finalArguments.slice(call.argumentsText.length);
      call.argumentsText = finalArguments;
      yield { type: 'tool-call-delta', callId: call.callId, argumentsDelta: rest };
      yield { type: 'tool-call-end', callId: call.callId };
    } else {
      yield { type: 'tool-call-end', callId: call.callId, arguments: parseToolArguments(finalArguments) };
    }
  }

  for await (const event of events) {
    switch (event.type) {
      case 'response.output_item.added':
        if (event.item.type === 'function_call') {
          yield* startCall(event.output_index, event.item.call_id, event.item.name);
          const call = calls.get(event.output_index);
          if (call !== undefined && event.item.arguments !== '') {
            call.argumentsText = event.item.arguments;
            yield { type: 'tool-call-delta', callId: call.callId, argumentsDelta: event.item.arguments };
          }
        }
        break;
      case 'response.function_call_arguments.delta': {
        const call = calls.get(event.output_index);
        if (call === undefined || call.ended || event.delta === '') break;
        call.argumentsText += event.delta;
        yield { type: 'tool-call-delta', callId: call.callId, argumentsDelta: event.delta };
        break;
      }
      case 'response.function_call_arguments.done': {
        const call = calls.get(event.output_index);
        if (call !== undefined) yield* endCall(call, event.arguments);
        break;
      }
      case 'response.output_item.done':
        if (event.item.type === 'function_call') {
          if (!calls.has(event.output_index)) {
            yield* startCall(event.output_index, event.item.call_id, event.item.name);
          }
          if (typeof event.item.namespace === 'string' && event.item.namespace !== '') {
            onNamespace?.(event.item.call_id, event.item.namespace);
          }
          yield* endCall(calls.get(event.output_index)!, event.item.arguments);
        } else if (event.item.type === 'tool_search_call') {
          const { created_by: _by, ...item } = event.item;
          yield { type: 'provider-content', block: item };
        } else if (event.item.type === 'tool_search_output') {
          const { created_by: _by, ...item } = event.item;
          const foundTools = functionNames(event.item.tools);
          yield foundTools.length === 0
            ? { type: 'provider-content', block: item }
            : { type: 'provider-content', block: item, foundTools };
        }
        break;
      case 'response.output_text.delta':
        if (event.delta !== '') yield { type: 'text-delta', text: event.delta };
        break;
      case 'response.completed':
      case 'response.incomplete': {
        finished = true;
        // An incomplete response (the token limit) can stop inside a call: it ends as it stands.
        for (const call of calls.values()) {
          if (!call.ended) yield* endCall(call, call.argumentsText);
        }
        const usage = event.response.usage;
        if (usage !== undefined && usage !== null) {
          yield {
            type: 'usage',
            usage: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens },
          };
        }
        break;
      }
      case 'response.failed': {
        const failure = event.response.error;
        throw new ModelStreamError(
          ModelStreamErrorCode.Failed,
          `The response failed: ${failure === null ? 'no reason given' : `${failure.message} (${failure.code})`}`,
        );
      }
      case 'error':
        throw new ModelStreamError(
          ModelStreamErrorCode.Failed,
          `The response stream reported an error: ${event.message}${event.code === null ? '' : ` (${event.code})`}`,
        );
      default:
        break;
    }
  }
  // The SDK ends the iteration quietly when the request is aborted: that is no finished message.
  signal?.throwIfAborted();
  if (!finished) {
    throw new ModelStreamError(
      ModelStreamErrorCode.Incomplete,
      'The response stream ended without response.completed: the response was cut off.',
    );
  }
  yield { type: 'message-end' };
}

/** The names of the functions a tool search loaded, inside namespaces or on their own. */
function functionNames(tools: readonly Tool[]): string[] {
  const names: string[] = [];
  for (const tool of tools) {
    if (tool.type === 'function') names.push(tool.name);
    else if (tool.type === 'namespace') {
      for (const inner of tool.tools) if (inner.type === 'function') names.push(inner.name);
    }
  }
  return names;
}
