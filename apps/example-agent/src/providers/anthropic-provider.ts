import Anthropic from '@anthropic-ai/sdk';
import type {
  Tool as AnthropicTool,
  ContentBlockParam,
  MessageParam,
  ToolUnion,
} from '@anthropic-ai/sdk/resources/messages';
import type { ProviderToolSearchVariant } from '@toolwright/registry';
import { abortReasonOr } from './abort-reason.js';
import { anthropicStreamEvents } from './anthropic-stream-events.js';
import type { ModelProvider, ModelRequest, ModelResponse, ModelStreamEvent } from './model-provider.js';
import { checkedToolSearch } from './provider-tool-search-option.js';
import { collectResponse } from './response-accumulator.js';

/** Options for {@link AnthropicProvider}. */
export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  maxTokens?: number;
  maxRetries?: number;
  /**
   * Let Claude search the deferred tools itself: they are sent with `defer_loading: true` beside
   * Anthropic's tool search tool (`'regex'` or `'bm25'`) instead of ToolSearch. Off by default.
   */
  toolSearch?: ProviderToolSearchVariant;
}

/** The Anthropic Messages API through the official SDK. */
export class AnthropicProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'anthropic' as const;
  readonly target = 'anthropic' as const;
  readonly model: string;
  readonly nullAsAbsent = false;
  readonly providerToolSearch: ProviderToolSearchVariant | undefined;
  readonly #client: Anthropic;
  readonly #maxTokens: number;

  constructor(options: AnthropicProviderOptions) {
    this.model = options.model;
    this.#maxTokens = options.maxTokens ?? 4096;
    this.providerToolSearch = checkedToolSearch('AnthropicProvider', 'anthropic', options.toolSearch);
    this.#client = new Anthropic({
      apiKey: options.apiKey,
      maxRetries: options.maxRetries ?? 2,
      ...(options.baseUrl === undefined ? {} : { baseURL: options.baseUrl }),
    });
  }

  /** Streams the message (`stream: true`); see {@link anthropicStreamEvents}. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const tools = anthropicTools(request);
    try {
      const events = await this.#client.messages.create(
        {
          model: this.model,
          max_tokens: request.maxTokens ?? this.#maxTokens,
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
 * The request's `tools`: each declaration as `{ name, description, input_schema }`, with
 * `input_examples` when the tool has structured examples and `defer_loading: true` when the
 * registry deferred it, then Anthropic's search tool when anything is deferred.
 */
function anthropicTools(request: ModelRequest): ToolUnion[] {
  const deferred = new Set(request.deferLoading ?? []);
  const tools: ToolUnion[] = request.tools.map((declaration) => {
    const tool: AnthropicTool = {
      name: declaration.name,
      description: declaration.description,
      input_schema: declaration.parameters as AnthropicTool.InputSchema,
    };
    if (declaration.inputExamples !== undefined) {
      tool.input_examples = declaration.inputExamples.map((example) => ({ ...example }));
    }
    if (deferred.has(declaration.name)) tool.defer_loading = true;
    return tool;
  });
  const search = request.providerToolSearch;
  if (search !== undefined && deferred.size > 0) {
    tools.push({ type: search.type, name: search.name } as ToolUnion);
  }
  return tools;
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
      // The provider's own tool blocks (its search and what it found) come first, as they were sent.
      const blocks: ContentBlockParam[] = [
        ...(message.providerContent ?? []),
      ] as unknown as ContentBlockParam[];
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
