import {
  type Content,
  type FunctionDeclaration as GeminiDeclaration,
  GoogleGenAI,
  type Part,
} from '@google/genai';
import { abortReasonOr } from './abort-reason.js';
import { geminiStreamEvents } from './gemini-stream-events.js';
import type {
  ModelProvider,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ModelToolResult,
} from './model-provider.js';
import { collectResponse } from './response-accumulator.js';

/** Options for {@link GeminiProvider}. */
export interface GeminiProviderOptions {
  model: string;
  apiKey: string;
  /** Overrides the Gemini API endpoint (tests point it at a loopback server). */
  baseUrl?: string;
}

/** The Gemini API through the official `@google/genai` SDK. */
export class GeminiProvider implements ModelProvider {
  readonly specificationVersion = 'v1' as const;
  readonly id = 'gemini' as const;
  readonly target = 'gemini' as const;
  readonly model: string;
  readonly nullAsAbsent = false;
  readonly #client: GoogleGenAI;
  #callCounter = 0;

  constructor(options: GeminiProviderOptions) {
    this.model = options.model;
    this.#client = new GoogleGenAI({
      apiKey: options.apiKey,
      ...(options.baseUrl === undefined ? {} : { httpOptions: { baseUrl: options.baseUrl } }),
    });
  }

  /** Streams the response (`generateContentStream`); see {@link geminiStreamEvents}. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const functionDeclarations: GeminiDeclaration[] = request.tools.map((declaration) => ({
      name: declaration.name,
      description: declaration.description,
      // The declaration is already in Gemini's OpenAPI subset (validation's 'gemini' dialect).
      parameters: declaration.parameters as GeminiDeclaration['parameters'] & object,
    }));
    try {
      const chunks = await this.#client.models.generateContentStream({
        model: this.model,
        contents: toGeminiContents(request),
        config: {
          systemInstruction: request.system,
          ...(request.maxTokens === undefined ? {} : { maxOutputTokens: request.maxTokens }),
          ...(functionDeclarations.length > 0 ? { tools: [{ functionDeclarations }] } : {}),
          ...(request.signal === undefined ? {} : { abortSignal: request.signal }),
        },
      });
      yield* geminiStreamEvents(chunks, () => this.#nextCallId(), request.signal);
    } catch (error) {
      throw abortReasonOr(error, request.signal);
    }
  }

  send(request: ModelRequest): Promise<ModelResponse> {
    return collectResponse(this.stream(request));
  }

  /** Gemini ids are optional; a local id keeps results paired with their calls. */
  #nextCallId(): string {
    this.#callCounter += 1;
    return `gemini-call-${this.#callCounter}`;
  }
}

function toGeminiContents(request: ModelRequest): Content[] {
  const contents: Content[] = [];
  const pushUserParts = (parts: Part[]): void => {
    const last = contents.at(-1);
    if (last?.role === 'user' && last.parts !== undefined) last.parts.push(...parts);
    else contents.push({ role: 'user', parts });
  };
  for (const message of request.messages) {
    if (message.role === 'user') {
      pushUserParts([{ text: message.text }]);
    } else if (message.role === 'assistant') {
      const parts: Part[] = [];
      if (message.text !== '') parts.push({ text: message.text });
      for (const call of message.toolCalls) {
        parts.push({ functionCall: { id: call.id, name: call.name, args: toRecord(call.arguments) } });
      }
      contents.push({ role: 'model', parts });
    } else {
      pushUserParts(
        message.results.map((result) => ({
          functionResponse: {
            id: result.callId,
            name: result.toolName,
            response: functionResponse(result),
          },
        })),
      );
    }
  }
  return contents;
}

/**
 * Gemini reads a function's response as JSON: a structured result is sent as its value under
 * `output` (the key Gemini reads a function's output from), anything else as the text.
 */
function functionResponse(result: ModelToolResult): Record<string, unknown> {
  if (result.isError) return { error: result.content };
  return { output: result.structuredContent ?? result.content };
}

function toRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { value };
}
