import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type {
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelToolCall,
  ProviderId,
} from './model-provider.js';
import { parseToolArguments, stringifyToolArguments } from './parse-tool-arguments.js';

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

  async send(request: ModelRequest): Promise<ModelResponse> {
    const tools: ChatCompletionTool[] = request.tools.map((declaration) => ({
      type: 'function',
      function: {
        name: declaration.name,
        description: declaration.description,
        parameters: declaration.parameters,
        strict: this.#strict && declaration.strict === true,
      },
    }));
    const completion = await this.#client.chat.completions.create(
      {
        model: this.model,
        messages: toChatMessages(request),
        ...(tools.length > 0 ? { tools } : {}),
      },
      request.signal === undefined ? {} : { signal: request.signal },
    );
    const message = completion.choices[0]?.message;
    const toolCalls: ModelToolCall[] = [];
    for (const call of message?.tool_calls ?? []) {
      if (call.type !== 'function') continue;
      toolCalls.push({
        id: call.id,
        name: call.function.name,
        arguments: parseToolArguments(call.function.arguments),
      });
    }
    return {
      text: message?.content ?? '',
      toolCalls,
      ...(completion.usage === undefined
        ? {}
        : {
            usage: {
              inputTokens: completion.usage.prompt_tokens,
              outputTokens: completion.usage.completion_tokens,
            },
          }),
    };
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
