import type { McpSamplingHandler } from '@toolwright/mcp-client';
import { printable } from '../cli/printable.js';
import type { ConversationMessage, ModelProvider } from '../providers/model-provider.js';
import {
  DEFAULT_SAMPLING_MAX_PROMPT_BYTES,
  DEFAULT_SAMPLING_REQUESTS_PER_MINUTE,
} from './sampling-defaults.js';
import { serverTextBlock } from './server-text-block.js';
import type { Terminal } from './terminal.js';

/**
 * How much of the prompt the approval question quotes. Anything longer is cut with a line saying
 * how many characters were left out, so nothing is sent unseen without the user being told.
 */
export const SAMPLING_PREVIEW_CHARACTERS = 4000;

const MINUTE_MS = 60_000;

/** What the app does with a server's `sampling/createMessage`. */
export interface SamplingPolicy {
  /** The session's model, once there is one (`undefined` while connecting, or in commands without a model). */
  provider(): ModelProvider | undefined;
  /** Where to ask for approval; `undefined` when not interactive. */
  readonly terminal: Terminal | undefined;
  /** Answer without asking when not interactive (`--allow-sampling`); never without a cap. */
  readonly allowWithoutAsking: boolean;
  /** The cap on the tokens of one answer, whatever the server asks for; sent as the provider's own limit. */
  readonly maxTokens: number;
  /** The largest prompt a server may send, in UTF-8 bytes; default {@link DEFAULT_SAMPLING_MAX_PROMPT_BYTES}. */
  readonly maxPromptBytes?: number;
  /**
   * How many requests each server may make in any 60 seconds (those the user or a limit refused
   * included; those refused for the rate itself not); default
   * {@link DEFAULT_SAMPLING_REQUESTS_PER_MINUTE}.
   */
  readonly maxRequestsPerMinute?: number;
  /** The clock, in milliseconds; default `Date.now` (tests pass their own). */
  readonly now?: () => number;
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

/** The size of what would be sent to the model, in UTF-8 bytes. */
function promptBytes(system: string | undefined, conversation: readonly ConversationMessage[]): number {
  let bytes = system === undefined ? 0 : Buffer.byteLength(system, 'utf8');
  for (const message of conversation) if ('text' in message) bytes += Buffer.byteLength(message.text, 'utf8');
  return bytes;
}

/** `12345` as `12,345`, as people read counts. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * The prompt as the approval question shows it: whole, or its first
 * {@link SAMPLING_PREVIEW_CHARACTERS} characters and a line saying exactly how many more there
 * are and that they are sent too.
 */
function promptPreview(
  server: string,
  system: string | undefined,
  conversation: readonly ConversationMessage[],
): string {
  const quoted = [
    ...(system === undefined ? [] : [`system: ${system}`]),
    ...conversation.map((message) => `${message.role}: ${'text' in message ? message.text : ''}`),
  ].join('\n');
  if (quoted.length <= SAMPLING_PREVIEW_CHARACTERS) return serverTextBlock(server, quoted);
  // Never cut inside a surrogate pair: the half would print as a replacement character.
  let cut = SAMPLING_PREVIEW_CHARACTERS;
  if (/[\ud800-\udbff]/.test(quoted[cut - 1] ?? '')) cut -= 1;
  return `${serverTextBlock(server, quoted.slice(0, cut))}\n  … ${count(quoted.length - cut)} more characters not shown (of ${count(quoted.length)}); allowing sends all of them`;
}

/** A refusal: told to the user (the transcript) and to the server (the error it gets back). */
function refuse(policy: SamplingPolicy, server: string, why: string): never {
  policy.report(`mcp ${server}: asked to use the model; refused: ${why}`);
  throw new Error(`User rejected sampling request: ${why}`);
}

/**
 * A server's sampling request, sent to the session's own model only with the user's approval —
 * asked on the terminal, quoting the server, the prompt and the cap — and never for more than
 * `maxTokens` tokens (sent to the provider as its own limit, and the answer cut there). Each
 * server may send at most `maxRequestsPerMinute` requests in any minute and prompts of at most
 * `maxPromptBytes`; beyond that the request is refused before the user is asked. Not
 * interactive, it is refused unless `allowWithoutAsking`; either way `report` says what happened.
 * A refusal is an error to the server ("User rejected sampling request: <why>"), as the MCP
 * specification has it.
 */
export function samplingHandler(policy: SamplingPolicy): McpSamplingHandler {
  const maxPromptBytes = policy.maxPromptBytes ?? DEFAULT_SAMPLING_MAX_PROMPT_BYTES;
  const perMinute = policy.maxRequestsPerMinute ?? DEFAULT_SAMPLING_REQUESTS_PER_MINUTE;
  const now = policy.now ?? Date.now;
  /** Per server, when its requests of the last minute arrived (oldest first). */
  const recent = new Map<string, number[]>();
  return async (request, { server, signal }) => {
    const provider = policy.provider();
    const cap = Math.min(request.maxTokens, policy.maxTokens);
    if (provider === undefined) {
      policy.report(
        `mcp ${server}: asked to use the model; refused: the model is not set up yet (servers connect before it)`,
      );
      throw new Error('User rejected sampling request: this client has no model to sample from right now');
    }
    const at = now();
    const times = (recent.get(server) ?? []).filter((time) => at - time < MINUTE_MS);
    recent.set(server, times);
    if (times.length >= perMinute) {
      refuse(
        policy,
        server,
        `this server already sent ${times.length} sampling requests within the last minute, the limit per server (--sampling-requests-per-minute ${perMinute})`,
      );
    }
    times.push(at);
    const conversation = conversationOf(request.messages);
    const bytes = promptBytes(request.systemPrompt, conversation);
    if (bytes > maxPromptBytes) {
      refuse(
        policy,
        server,
        `the prompt is ${count(bytes)} bytes, over the limit of ${count(maxPromptBytes)} bytes per request (--sampling-max-prompt-bytes ${maxPromptBytes})`,
      );
    }
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
      const answer = await policy.terminal.question(
        `\nMCP server "${printable(server)}" asks to use your model (${provider.id} ${provider.model}) for up to ${cap} tokens, with this prompt:\n${promptPreview(server, request.systemPrompt, conversation)}\nAllow? [y/N] `,
      );
      if (!/^y(es)?$/i.test(answer.trim())) {
        policy.report(`mcp ${server}: sampling request refused by the user`);
        throw new Error('User rejected sampling request');
      }
    }
    return sample(provider, request.systemPrompt ?? '', conversation, cap, signal);
  };
}

/** Streams the provider's answer, asking it for at most `cap` tokens, and stops it there. */
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
    // The cap goes to the provider as its own limit; the count below also stops a provider that
    // ignores it (or the scripted model, which has none).
    const stream = provider.stream({
      system,
      messages,
      tools: [],
      maxTokens: cap,
      signal: controller.signal,
    });
    for await (const event of stream) {
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
