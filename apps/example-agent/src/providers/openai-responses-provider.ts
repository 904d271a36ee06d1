import type { ProviderToolSearchVariant } from '@toolwright/registry';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { abortReasonOr } from './abort-reason.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelStreamEvent } from './model-provider.js';
import { openAiResponsesStreamEvents } from './openai-responses-stream-events.js';
import { openAiResponsesTools } from './openai-responses-tools.js';
import { stringifyToolArguments } from './parse-tool-arguments.js';
import { checkedToolSearch } from './provider-tool-search-option.js';
import { collectResponse } from './response-accumulator.js';

/** How many calls' namespaces are remembered for replay; the oldest are forgotten first. */
const REMEMBERED_NAMESPACES = 4096;

/** Options for {@link OpenAiResponsesProvider}. */
export interface OpenAiResponsesProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  maxRetries?: number;
  /**
   * `'hosted'`: let OpenAI search the deferred tools itself (the Responses API's `tool_search`,
   * over namespaces of functions marked `defer_loading`) instead of ToolSearch. Off by default;
   * OpenAI offers it on gpt-5.4 and later models.
   */
  toolSearch?: ProviderToolSearchVariant;
}

/** The OpenAI Responses API through the official SDK, with strict function tools. */
export class OpenAiResponsesProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'openai-responses' as const;
  readonly target = 'openai-responses' as const;
  readonly model: string;
  readonly nullAsAbsent = true;
  readonly providerToolSearch: ProviderToolSearchVariant | undefined;
  readonly #client: OpenAI;
  /**
   * The namespace OpenAI named with each call of a namespaced (deferred) function, by call id,
   * so that the call is replayed as it came; the conversation itself keeps only the tool's name.
   */
  readonly #namespaces = new Map<string, string>();

  constructor(options: OpenAiResponsesProviderOptions) {
    this.model = options.model;
    this.providerToolSearch = checkedToolSearch(
      'OpenAiResponsesProvider',
      'openai-responses',
      options.toolSearch,
    );
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 2,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
  }

  /** Streams the response (`stream: true`); see {@link openAiResponsesStreamEvents}. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const tools = openAiResponsesTools(request);
    try {
      // Stateless on purpose: the whole conversation is sent each turn, so no server-side
      // response storage is needed and any compatible endpoint works.
      const events = await this.#client.responses.create(
        {
          model: this.model,
          instructions: request.system,
          input: toResponseInput(request, this.#namespaces),
          store: false,
          ...(tools.length > 0 ? { tools } : {}),
          // The API refuses a limit under 16; a smaller cap is still enforced by whoever asked for it.
          ...(request.maxTokens === undefined ? {} : { max_output_tokens: Math.max(16, request.maxTokens) }),
          stream: true,
        },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      yield* openAiResponsesStreamEvents(events, request.signal, (callId, namespace) => {
        this.#namespaces.set(callId, namespace);
        if (this.#namespaces.size > REMEMBERED_NAMESPACES) {
          this.#namespaces.delete(this.#namespaces.keys().next().value as string);
        }
      });
    } catch (error) {
      throw abortReasonOr(error, request.signal);
    }
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }
}

function toResponseInput(
  request: ModelRequest,
  namespaces: ReadonlyMap<string, string>,
): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const message of request.messages) {
    if (message.role === 'user') {
      items.push({ role: 'user', content: message.text });
    } else if (message.role === 'assistant') {
      // OpenAI's own search (its call and what it loaded) comes first, as it was sent.
      for (const block of message.providerContent ?? []) items.push(block as unknown as ResponseInputItem);
      if (message.text !== '') items.push({ role: 'assistant', content: message.text });
      for (const call of message.toolCalls) {
        const namespace = namespaces.get(call.id);
        items.push({
          type: 'function_call',
          call_id: call.id,
          name: call.name,
          arguments: stringifyToolArguments(call.arguments),
          ...(namespace === undefined ? {} : { namespace }),
        });
      }
    } else {
      for (const result of message.results) {
        items.push({ type: 'function_call_output', call_id: result.callId, output: result.content });
      }
    }
  }
  return items;
}
