import OpenAI from 'openai';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';
import { abortReasonOr } from './abort-reason.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelStreamEvent } from './model-provider.js';
import { openAiResponsesStreamEvents } from './openai-responses-stream-events.js';
import { stringifyToolArguments } from './parse-tool-arguments.js';
import { collectResponse } from './response-accumulator.js';

/** Options for {@link OpenAiResponsesProvider}. */
export interface OpenAiResponsesProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  maxRetries?: number;
}

/** The OpenAI Responses API through the official SDK, with strict function tools. */
export class OpenAiResponsesProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'openai-responses' as const;
  readonly target = 'openai-responses' as const;
  readonly model: string;
  readonly nullAsAbsent = true;
  readonly #client: OpenAI;

  constructor(options: OpenAiResponsesProviderOptions) {
    this.model = options.model;
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 2,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
  }

  /** Streams the response (`stream: true`); see {@link openAiResponsesStreamEvents}. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const tools: FunctionTool[] = request.tools.map((declaration) => ({
      type: 'function',
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.parameters,
      // Strict only where the tool declared it: its schema was then projected for strict mode.
      strict: declaration.strict === true,
    }));
    try {
      // Stateless on purpose: the whole conversation is sent each turn, so no server-side
      // response storage is needed and any compatible endpoint works.
      const events = await this.#client.responses.create(
        {
          model: this.model,
          instructions: request.system,
          input: toResponseInput(request),
          store: false,
          ...(tools.length > 0 ? { tools } : {}),
          // The API refuses a limit under 16; a smaller cap is still enforced by whoever asked for it.
          ...(request.maxTokens === undefined ? {} : { max_output_tokens: Math.max(16, request.maxTokens) }),
          stream: true,
        },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      yield* openAiResponsesStreamEvents(events, request.signal);
    } catch (error) {
      throw abortReasonOr(error, request.signal);
    }
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }
}

function toResponseInput(request: ModelRequest): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const message of request.messages) {
    if (message.role === 'user') {
      items.push({ role: 'user', content: message.text });
    } else if (message.role === 'assistant') {
      if (message.text !== '') items.push({ role: 'assistant', content: message.text });
      for (const call of message.toolCalls) {
        items.push({
          type: 'function_call',
          call_id: call.id,
          name: call.name,
          arguments: stringifyToolArguments(call.arguments),
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
