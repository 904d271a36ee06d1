import type { McpSamplingHandler } from '@toolwright/mcp-adapter';
import { printable } from '../cli/printable.js';
import type { ConversationMessage, ModelProvider } from '../providers/model-provider.js';
import type { Terminal } from './terminal.js';

/** The most tokens a server's sampling request may use unless the user sets another cap. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 1024;

/** How much of the request the approval question quotes. */
const PREVIEW_CHARACTERS = 600;

/** What the app does with a server's `sampling/createMessage`. */
export interface SamplingPolicy {
  /** The session's model, once there is one (`undefined` while connecting, or in commands without a model). */
  provider(): ModelProvider | undefined;
  /** Where to ask for approval; `undefined` when not interactive. */
  readonly terminal: Terminal | undefined;
  /** Answer without asking when not interactive (`--allow-sampling`); never without a cap. */
  readonly allowWithoutAsking: boolean;
  /** The cap on the tokens of one answer, whatever the server asks for. */
  readonly maxTokens: number;
  /** Where the app tells the user what happened (the transcript). */
  report(message: string): void;
}

/**
 * An estimate of the tokens in `text` (about four characters each), for providers that report
 * no usage while streaming; a reported count wins when it is higher.
 */
function estimatedTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The server's messages as the provider's conversation (text only; other parts are named). */
function conversationOf(messages: Parameters<McpSamplingHandler>[0]['messages']): ConversationMessage[] {
  return messages.map((message) => {
    const parts = Array.isArray(message.content) ? message.content : [message.content];
    const text = parts.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
    return message.role === 'user' ? { role: 'user', text } : { role: 'assistant', text, toolCalls: [] };
  });
}

/**
 * A server's sampling request, sent to the session's own model only with the user's approval —
 * asked on the terminal, quoting the server, the prompt and the cap — and never for more than
 * `maxTokens` tokens (the answer is cut there). Not interactive, it is refused unless
 * `allowWithoutAsking`; either way `report` says what happened. A refusal is an error to the
 * server ("User rejected sampling request"), as the MCP specification has it.
 */
export function samplingHandler(policy: SamplingPolicy): McpSamplingHandler {
  return async (request, { server, signal }) => {
    const provider = policy.provider();
    const cap = Math.min(request.maxTokens, policy.maxTokens);
    if (provider === undefined) {
      policy.report(
        `mcp ${server}: asked to use the model; refused: the model is not set up yet (servers connect before it)`,
      );
      throw new Error('User rejected sampling request: this client has no model to sample from right now');
    }
    const conversation = conversationOf(request.messages);
    if (policy.terminal === undefined) {
      if (!policy.allowWithoutAsking) {
        policy.report(
          `mcp ${server}: asked to use the model; refused: not interactive (run with --allow-sampling to allow it, at most ${policy.maxTokens} tokens a request)`,
        );
        throw new Error(
          'User rejected sampling request: the client is not interactive and was not allowed to sample',
        );
      }
      policy.report(
        `mcp ${server}: sampling with ${provider.id} ${provider.model} without asking (--allow-sampling), at most ${cap} tokens`,
      );
    } else {
      const quoted = [
        ...(request.systemPrompt === undefined ? [] : [`system: ${request.systemPrompt}`]),
        ...conversation.map((message) => `${message.role}: ${'text' in message ? message.text : ''}`),
      ]
        .join('\n')
        .slice(0, PREVIEW_CHARACTERS);
      const answer = await policy.terminal.question(
        `\nMCP server "${server}" asks to use your model (${provider.id} ${provider.model}) for up to ${cap} tokens:\n${printable(quoted)}\nAllow? [y/N] `,
      );
      if (!/^y(es)?$/i.test(answer.trim())) {
        policy.report(`mcp ${server}: sampling request refused by the user`);
        throw new Error('User rejected sampling request');
      }
    }
    return sample(provider, request.systemPrompt ?? '', conversation, cap, signal);
  };
}

/** Streams the provider's answer and stops it at `cap` tokens. */
async function sample(
  provider: ModelProvider,
  system: string,
  messages: ConversationMessage[],
  cap: number,
  signal: AbortSignal,
): Promise<Awaited<ReturnType<McpSamplingHandler>>> {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let text = '';
  let reported = 0;
  let capped = false;
  try {
    for await (const event of provider.stream({ system, messages, tools: [], signal: controller.signal })) {
      if (event.type === 'text-delta') text += event.text;
      if (event.type === 'usage') reported = event.usage.outputTokens;
      if (Math.max(reported, estimatedTokens(text)) > cap) {
        capped = true;
        text = text.slice(0, cap * 4);
        break; // Leaving the loop cancels the request.
      }
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return {
    role: 'assistant',
    model: provider.model,
    content: { type: 'text', text },
    stopReason: capped ? 'maxTokens' : 'endTurn',
  };
}
