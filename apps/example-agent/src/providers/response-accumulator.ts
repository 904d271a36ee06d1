import type {
  ModelResponse,
  ModelStreamEvent,
  ModelToolCall,
  ModelUsage,
  ProviderContentBlock,
} from './model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from './model-stream-error.js';
import { parseToolArguments } from './parse-tool-arguments.js';

/** A call as the stream has formed it so far. */
interface PartialCall {
  readonly id: string;
  readonly name: string;
  readonly argumentFragments: string[];
  /** Set by a `tool-call-end` that carries the whole value (providers that send calls whole). */
  wholeArguments?: { readonly value: unknown };
  ended: boolean;
}

/**
 * Builds the {@link ModelResponse} of a streamed message, one event at a time, so a caller can
 * hand each event to an executor and still get the whole message afterwards (`send` is this
 * over `stream`). Arguments are decoded with {@link parseToolArguments}: malformed JSON stays a
 * string, for the tool's validator to report to the model.
 *
 * Events that break the protocol (a delta for a call that never started, anything after
 * `message-end`) throw a {@link ModelStreamError} with code `model_stream_invalid`: they mean a
 * provider bug, and a guessed repair could run a tool with the wrong arguments.
 */
export class ResponseAccumulator {
  readonly #textFragments: string[] = [];
  readonly #calls = new Map<string, PartialCall>();
  readonly #providerContent: ProviderContentBlock[] = [];
  #usage: ModelUsage | undefined;
  #complete = false;

  /** True once `message-end` was added. */
  get complete(): boolean {
    return this.#complete;
  }

  /** Adds the next event of the stream. */
  add(event: ModelStreamEvent): void {
    if (this.#complete) this.#invalid(`${event.type} after message-end`);
    switch (event.type) {
      case 'text-delta':
        this.#textFragments.push(event.text);
        return;
      case 'provider-content':
        this.#providerContent.push(event.block);
        return;
      case 'usage':
        // Providers report running totals, so the latest replaces the earlier ones.
        this.#usage = event.usage;
        return;
      case 'tool-call-start':
        if (this.#calls.has(event.callId)) this.#invalid(`call ${event.callId} started twice`);
        this.#calls.set(event.callId, {
          id: event.callId,
          name: event.toolName,
          argumentFragments: [],
          ended: false,
        });
        return;
      case 'tool-call-delta':
        this.#openCall(event.callId, event.type).argumentFragments.push(event.argumentsDelta);
        return;
      case 'tool-call-end': {
        const call = this.#openCall(event.callId, event.type);
        call.ended = true;
        if ('arguments' in event) call.wholeArguments = { value: event.arguments };
        return;
      }
      case 'message-end':
        this.#complete = true;
        return;
    }
  }

  /**
   * The message so far: whole once {@link complete}. A call whose end has not arrived yet
   * carries whatever its arguments text decodes to.
   */
  /** The assistant text so far. */
  text(): string {
    return this.#textFragments.join('');
  }

  response(): ModelResponse {
    const toolCalls: ModelToolCall[] = [...this.#calls.values()].map((call) => ({
      id: call.id,
      name: call.name,
      arguments:
        call.wholeArguments === undefined
          ? parseToolArguments(call.argumentFragments.join(''))
          : call.wholeArguments.value,
    }));
    return {
      text: this.#textFragments.join(''),
      toolCalls,
      ...(this.#providerContent.length === 0 ? {} : { providerContent: [...this.#providerContent] }),
      ...(this.#usage === undefined ? {} : { usage: this.#usage }),
    };
  }

  #openCall(callId: string, eventType: string): PartialCall {
    const call = this.#calls.get(callId);
    if (call === undefined) this.#invalid(`${eventType} for call ${callId}, which never started`);
    if (call.ended) this.#invalid(`${eventType} for call ${callId}, which already ended`);
    return call;
  }

  #invalid(reason: string): never {
    throw new ModelStreamError(ModelStreamErrorCode.Invalid, `Invalid model stream: ${reason}.`);
  }
}

/**
 * Reads a whole stream into its {@link ModelResponse}. A stream that ends without
 * `message-end` was interrupted, so this throws a {@link ModelStreamError} (`model_stream_incomplete`)
 * rather than return half a message.
 */
export async function collectResponse(events: AsyncIterable<ModelStreamEvent>): Promise<ModelResponse> {
  const accumulator = new ResponseAccumulator();
  for await (const event of events) accumulator.add(event);
  if (!accumulator.complete) {
    throw new ModelStreamError(
      ModelStreamErrorCode.Incomplete,
      'The model stream ended before the message was complete (no message-end).',
    );
  }
  return accumulator.response();
}
