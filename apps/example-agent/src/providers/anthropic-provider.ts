import Anthropic from '@anthropic-ai/sdk';
import type {
  Tool as AnthropicTool,
  ContentBlockParam,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import { abortReasonOr } from './abort-reason.js';
import { anthropicStreamEvents } from './anthropic-stream-events.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelStreamEvent } from './model-provider.js';
import { collectResponse } from './response-accumulator.js';

/** Options for {@link AnthropicProvider}. */
export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  maxTokens?: number;
  maxRetries?: number;
}

/** The Anthropic Messages API through the official SDK. */
export class AnthropicProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'anthropic' as const;
  readonly target = 'anthropic' as const;
  readonly model: string;
  readonly nullAsAbsent = false;
  readonly #client: Anthropic;
  readonly #maxTokens: number;

  constructor(options: AnthropicProviderOptions) {
    this.model = options.model;
    this.#maxTokens = options.maxTokens ?? 4096;
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 2,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
  }

  /** Streams the message (`stream: true`); see {@link anthropicStreamEvents}. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const tools: AnthropicTool[] = request.tools.map((declaration) => ({
      name: declaration.name,
      description: declaration.description,
      input_schema: declaration.parameters as AnthropicTool.InputSchema,
    }));
    try {
      const events = await this.#client.messages.create(
        {
          model: this.model,
          max_tokens: this.#maxTokens,
          system: request.system,
          messages: toAnthropicMessages(request),
          ...(tools.length > 0 ? { tools } : {}),
          stream: true,
        },
        request.signal === undefined ? {} : { signal: request.signal },
      );
      yield* anthropicStreamEvents(events, request.signal);
    } catch (error) {
      throw abortReasonOr(error, request.signal);
    }
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }
}

/**
 * Anthropic wants strictly alternating roles, with tool results as `tool_result` blocks in a
 * user turn; a reminder that follows tool results is merged into that same user turn.
 */
function toAnthropicMessages(request: ModelRequest): MessageParam[] {
  const messages: MessageParam[] = [];
  const pushUserBlocks = (blocks: ContentBlockParam[]): void => {
    const last = messages.at(-1);
    if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(...blocks);
    else messages.push({ role: 'user', content: blocks });
  };
  for (const message of request.messages) {
    if (message.role === 'user') {
      pushUserBlocks([{ type: 'text', text: message.text }]);
    } else if (message.role === 'assistant') {
      const blocks: ContentBlockParam[] = [];
      if (message.text !== '') blocks.push({ type: 'text', text: message.text });
      for (const call of message.toolCalls) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
      }
      messages.push({ role: 'assistant', content: blocks });
    } else {
      pushUserBlocks(
        message.results.map((result) => ({
          type: 'tool_result' as const,
          tool_use_id: result.callId,
          content: result.content,
          ...(result.isError ? { is_error: true } : {}),
        })),
      );
    }
  }
  return messages;
}
