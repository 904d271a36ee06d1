import OpenAI from 'openai';
import type { FunctionTool, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ModelProvider, ModelRequest, ModelResponse, ModelToolCall } from './model-provider.js';
import { parseToolArguments, stringifyToolArguments } from './parse-tool-arguments.js';

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

  async send(request: ModelRequest): Promise<ModelResponse> {
    const tools: FunctionTool[] = request.tools.map((declaration) => ({
      type: 'function',
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.parameters,
      // Strict only where the tool declared it: its schema was then projected for strict mode.
      strict: declaration.strict === true,
    }));
    // Stateless on purpose: the whole conversation is sent each turn, so no server-side
    // response storage is needed and any compatible endpoint works.
    const response = await this.#client.responses.create(
      {
        model: this.model,
        instructions: request.system,
        input: toResponseInput(request),
        store: false,
        ...(tools.length > 0 ? { tools } : {}),
      },
      request.signal === undefined ? {} : { signal: request.signal },
    );
    const toolCalls: ModelToolCall[] = [];
    const texts: string[] = [];
    for (const item of response.output) {
      if (item.type === 'function_call') {
        toolCalls.push({ id: item.call_id, name: item.name, arguments: parseToolArguments(item.arguments) });
      } else if (item.type === 'message') {
        for (const part of item.content) if (part.type === 'output_text') texts.push(part.text);
      }
    }
    return {
      text: texts.join(''),
      toolCalls,
      ...(response.usage === undefined || response.usage === null
        ? {}
        : {
            usage: { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens },
          }),
    };
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
