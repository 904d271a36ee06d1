import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { abortReasonOr } from './abort-reason.js';
import type {
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ProviderId,
} from './model-provider.js';
import { openAiChatStreamEvents } from './openai-chat-stream-events.js';
import { stringifyToolArguments } from './parse-tool-arguments.js';
import { collectResponse } from './response-accumulator.js';

/** Options for {@link OpenAiChatProvider}. */
export interface OpenAiChatProviderOptions {
  model: string;
  apiKey: string;
  /** An OpenAI-compatible endpoint (a local model server, a gateway); default the OpenAI API. */
  baseUrl?: string;
  /** `openai-compatible` for third-party endpoints: same wire format, strict mode off by default. */
  id?: Extract<ProviderId, 'openai-chat' | 'openai-compatible'>;
  /**
   * Honour the tools' strict flags (`strict: true` where a tool declares it); default true for
   * OpenAI, false for compatible endpoints, many of which reject or ignore strict schemas.
   */
  strict?: boolean;
  maxRetries?: number;
}

/** The OpenAI Chat Completions API (and every endpoint that speaks it) through the official SDK. */
export class OpenAiChatProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id: Extract<ProviderId, 'openai-chat' | 'openai-compatible'>;
  readonly target = 'openai-chat' as const;
  readonly model: string;
  readonly nullAsAbsent: boolean;
  readonly #client: OpenAI;
  readonly #strict: boolean;

  constructor(options: OpenAiChatProviderOptions) {
    this.id = options.id ?? 'openai-chat';
    this.model = options.model;
    this.#strict = options.strict ?? this.id === 'openai-chat';
    this.nullAsAbsent = this.#strict;
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 2,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
  }

  /**
   * Streams the completion (`stream: true`, usage included); see {@link openAiChatStreamEvents}
   * for when each call ends.
   */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const tools: ChatCompletionTool[] = request.tools.map((declaration) => ({
      type: 'function',
      function: {
        name: declaration.name,
        description: declaration.description,
        parameters: declaration.parameters,
        strict: this.#strict && declaration.strict === true,
      },
    }));
    try {
      const chunks = await this.#client.chat.completions.create(
        {
          model: this.model,
          messages: toChatMessages(request),
          ...(tools.length > 0 ? { tools } : {}),
          ...this.#maxTokensField(request.maxTokens),
          stream: true,
          // Without it a streamed completion reports no token counts at all.
          stream_options: { include_usage: true },
        },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      yield* openAiChatStreamEvents(chunks, request.signal);
    } catch (error) {
      throw abortReasonOr(error, request.signal);
    }
  }

  /**
   * The answer's limit: OpenAI's `max_completion_tokens` (its reasoning models refuse
   * `max_tokens`), and `max_tokens` for compatible endpoints, which mostly know only that one.
   */
  #maxTokensField(maxTokens: number | undefined): { max_completion_tokens?: number; max_tokens?: number } {
    if (maxTokens === undefined) return {};
    return this.id === 'openai-chat' ? { max_completion_tokens: maxTokens } : { max_tokens: maxTokens };
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }
}

function toChatMessages(request: ModelRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: request.system }];
  for (const message of request.messages) {
    if (message.role === 'user') {
      messages.push({ role: 'user', content: message.text });
    } else if (message.role === 'assistant') {
      messages.push({
        role: 'assistant',
        content: message.text === '' ? null : message.text,
        ...(message.toolCalls.length === 0
          ? {}
          : {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: stringifyToolArguments(call.arguments) },
              })),
            }),
      });
    } else {
      for (const result of message.results) {
        messages.push({ role: 'tool', tool_call_id: result.callId, content: result.content });
      }
    }
  }
  return messages;
}
