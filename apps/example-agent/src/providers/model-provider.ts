import type { FunctionDeclaration } from '@toolwright/contracts';
import type { ToolCallStreamEvent } from '@toolwright/executor';
import type {
  DeferredNamespace,
  ProviderToolSearchTool,
  ProviderToolSearchVariant,
} from '@toolwright/registry';
import type { ProviderTarget } from '@toolwright/validation';

/** The providers the agent can talk to. `scripted` is the embedded, network-free model. */
export const PROVIDER_IDS = [
  'anthropic',
  'openai-chat',
  'openai-responses',
  'gemini',
  'openai-compatible',
  'scripted',
] as const;

/** One of {@link PROVIDER_IDS}. */
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A tool call the model asked for, parsed back out of the provider's wire format. */
export interface ModelToolCall {
  /** The provider's call id (synthesised for Gemini, which has none), echoed back with the result. */
  readonly id: string;
  readonly name: string;
  /** Arguments as the model sent them, already JSON-decoded; unparseable JSON stays a string. */
  readonly arguments: unknown;
}

/** The result of one tool call, as the conversation records it. */
export interface ModelToolResult {
  readonly callId: string;
  readonly toolName: string;
  /** What the model reads: the result's text (a structured result's text or its JSON rendering). */
  readonly content: string;
  readonly isError: boolean;
  /**
   * A successful structured result's value, for providers whose tool results carry JSON
   * (Gemini's `functionResponse.response`); the others send `content`. Left out when the text
   * was spilled or the value is large (see `structuredForModel`): the model then reads `content`.
   */
  readonly structuredContent?: Readonly<Record<string, unknown>>;
}

/**
 * A provider-neutral conversation. Each provider translates it into its own dialect; keeping
 * one shape here means the agent loop never branches on the provider.
 */
export type ConversationMessage =
  | { readonly role: 'user'; readonly text: string }
  | {
      readonly role: 'assistant';
      readonly text: string;
      readonly toolCalls: readonly ModelToolCall[];
      /** Blocks of the provider's own tools (Anthropic's tool search), replayed as they came. */
      readonly providerContent?: readonly ProviderContentBlock[];
    }
  | { readonly role: 'tool'; readonly results: readonly ModelToolResult[] };

/** What the agent loop sends on each turn. */
export interface ModelRequest {
  readonly system: string;
  readonly messages: readonly ConversationMessage[];
  /** Declarations already projected for this provider's {@link ModelProvider.target}. */
  readonly tools: readonly FunctionDeclaration[];
  /** Names among `tools` to send for deferred loading (the registry's `DeclarationSet.deferLoading`). */
  readonly deferLoading?: readonly string[];
  /** The provider's own search tool to add, when `deferLoading` is not empty. */
  readonly providerToolSearch?: ProviderToolSearchTool;
  /** The deferred tools in groups, for a provider that takes namespaces (OpenAI Responses). */
  readonly deferredNamespaces?: readonly DeferredNamespace[];
  /**
   * The most tokens the answer may have, sent as the provider's own limit (`max_tokens`,
   * `max_completion_tokens`, `max_output_tokens`, `maxOutputTokens`); absent, the provider's default.
   */
  readonly maxTokens?: number;
  readonly signal?: AbortSignal;
}

/** Token counts when the provider reports them. */
export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * A content block of a tool the provider runs itself (Anthropic's `server_tool_use` and
 * `tool_search_tool_result`), kept as the provider sent it so the next request can replay it.
 */
export type ProviderContentBlock = Readonly<Record<string, unknown>>;

/** One assistant turn, parsed back into text and tool calls. */
export interface ModelResponse {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
  /** Blocks of the provider's own tools, in order; absent when there were none. */
  readonly providerContent?: readonly ProviderContentBlock[];
  readonly usage?: ModelUsage;
}

/**
 * One event of a streamed assistant message: the executor's {@link ToolCallStreamEvent}s (tool
 * calls as they form, then `message-end`) plus the text as it arrives and the token counts.
 *
 * - `text-delta`: more of the assistant text; the deltas concatenate to the whole text.
 * - `provider-content`: a finished block of a tool the provider ran itself (its search), for the
 *   conversation only: it is no call for the executor.
 * - `usage`: the token counts so far. A provider may report more than once (Anthropic at the
 *   start and the end of a message, Gemini per chunk); the last one counts.
 */
export type ModelStreamEvent =
  | ToolCallStreamEvent
  | { readonly type: 'text-delta'; readonly text: string }
  | {
      readonly type: 'provider-content';
      readonly block: ProviderContentBlock;
      /** Tools the provider's search found and loaded for the model (so they may be called now). */
      readonly foundTools?: readonly string[];
    }
  | { readonly type: 'usage'; readonly usage: ModelUsage };

/**
 * A model behind one provider's API. `stream` takes the neutral conversation and declarations in
 * the provider's dialect and yields the assistant message as it forms; `send` waits for the
 * whole message and returns its text and tool calls.
 */
export interface ModelProvider {
  readonly specificationVersion: 'v1';
  readonly id: ProviderId;
  /** The schema dialect the registry must project declarations into for this provider. */
  readonly target: ProviderTarget;
  readonly model: string;
  /**
   * True when the provider sends `null` for an absent optional argument (OpenAI strict mode), so
   * the executor builds invocations with `nullAsAbsent`.
   */
  readonly nullAsAbsent: boolean;
  /**
   * The provider's own search over deferred tools, when it has one and it is switched on
   * (Anthropic and OpenAI Responses, opt-in): the agent loop then asks the registry for deferred declarations and
   * leaves ToolSearch and the deferred-tools listing out.
   */
  readonly providerToolSearch?: ProviderToolSearchVariant | undefined;
  /**
   * Streams one assistant message through the provider's streaming API. A call ends
   * (`tool-call-end`) as soon as its arguments are complete, which may be long before the
   * message is, so an executor can start it early. The iterable ends with exactly one
   * `message-end` when the message is complete; if the request fails, the connection drops or
   * `request.signal` aborts, it throws instead (the abort reason on abort) and sends no
   * `message-end`. Stopping the iteration early cancels the request.
   */
  stream(request: ModelRequest): AsyncIterable<ModelStreamEvent>;
  /** The whole message of {@link stream}, collected: the same text, tool calls and usage. */
  send(request: ModelRequest): Promise<ModelResponse>;
}
