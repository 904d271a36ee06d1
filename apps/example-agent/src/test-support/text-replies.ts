/** The provider APIs the example agent speaks, by the shape of their (non-streamed) replies. */
export type ReplyDialect = 'anthropic' | 'openai-chat' | 'openai-responses' | 'gemini';

/**
 * A whole, text-only reply of a provider's API, as its SDK parses it: for a test whose point is
 * the request the provider sent (a recording server answers every request with it), or the text
 * coming back. `model` defaults to a neutral name; usage is always there (one SDK requires it).
 */
export function textReply(dialect: ReplyDialect, text: string, model = 'test-model'): unknown {
  switch (dialect) {
    case 'anthropic':
      return {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 1 },
      };
    case 'openai-chat':
      return {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model,
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            logprobs: null,
            message: { role: 'assistant', content: text, refusal: null },
          },
        ],
      };
    case 'openai-responses':
      return {
        id: 'resp_1',
        object: 'response',
        created_at: 1,
        status: 'completed',
        model,
        output: [
          {
            type: 'message',
            id: 'msg_1',
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text, annotations: [] }],
          },
        ],
        usage: { input_tokens: 3, output_tokens: 1, total_tokens: 4 },
      };
    case 'gemini':
      return {
        candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 },
      };
  }
}

/** The dialect a request path belongs to (`/v1/chat/completions`, `/v1/responses`, `/v1/messages`, else Gemini). */
export function dialectOfPath(path: string): ReplyDialect {
  if (path.includes('/chat/completions')) return 'openai-chat';
  if (path.includes('/responses')) return 'openai-responses';
  if (path.includes('/messages')) return 'anthropic';
  return 'gemini';
}
