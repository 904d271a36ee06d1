import type { FunctionDeclaration } from '@toolwright/contracts';
import type { ExecutedCall, ToolExecutor } from '@toolwright/executor';
import type { ToolRegistry } from '@toolwright/registry';
import type {
  ConversationMessage,
  ModelProvider,
  ModelResponse,
  ModelStreamEvent,
} from '../providers/model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from '../providers/model-stream-error.js';
import { ResponseAccumulator } from '../providers/response-accumulator.js';
import type { SessionMode } from '../session/session-mode.js';
import { tracedModelRequest } from '../telemetry/model-request-span.js';
import { inTurnSpan } from '../telemetry/turn-span.js';
import { structuredForModel } from './structured-for-model.js';
import { drainSystemReminders, formatReminderMessage, type McpEventSource } from './system-reminders.js';
import { teeModelStream } from './tee-model-stream.js';

/**
 * The default system prompt. While some tool is deferred, {@link DEFERRED_TOOLS_HINT} and the
 * deferred-tools listing follow it (or, with the provider's own tool search,
 * {@link PROVIDER_SEARCH_HINT}): with nothing deferred no search tool is declared, and the
 * prompt does not mention one.
 */
export const DEFAULT_SYSTEM_PROMPT =
  "You are a careful software agent working in the user's workspace through tools. Read before you edit.";

/** What the model is told about the deferred-tools listing and ToolSearch, beside the listing. */
export const DEFERRED_TOOLS_HINT =
  'Tools listed under <available-deferred-tools> exist but their schemas are not loaded: ' +
  'call ToolSearch with "select:<name>" (or keywords) to load them before calling them.';

/** What the model is told while the provider searches the deferred tools itself (no ToolSearch, no listing). */
export const PROVIDER_SEARCH_HINT =
  'More tools exist than are loaded: search for them with your tool search tool when you need one.';

/** Events the loop reports, for the transcript. */
export type AgentEvent =
  | {
      readonly type: 'request';
      readonly turn: number;
      readonly mode: string;
      readonly tools: readonly FunctionDeclaration[];
      readonly reminders: readonly string[];
      readonly deferredListing: string;
    }
  /** The model's text so far, as a tool call begins while its message still streams. */
  | { readonly type: 'text'; readonly turn: number; readonly text: string }
  | { readonly type: 'response'; readonly turn: number; readonly response: ModelResponse }
  | { readonly type: 'tool-results'; readonly turn: number; readonly executed: readonly ExecutedCall[] };

/** Options of {@link AgentLoop}. */
export interface AgentLoopOptions {
  provider: ModelProvider;
  registry: ToolRegistry;
  /** The session's MCP adapter, whose events become reminders; none without MCP servers. */
  mcp?: McpEventSource;
  executor: ToolExecutor;
  mode: SessionMode;
  systemPrompt?: string;
  /** Model turns before the loop stops (default 25). */
  maxTurns?: number;
  /** `gen_ai.agent.name` of the turn's `invoke_agent` span (default `toolwright-agent`). */
  agentName?: string;
  /** `gen_ai.conversation.id` of the turn's span: the session id, if any. */
  conversationId?: string;
  onEvent?(event: AgentEvent): void;
}

/** The agent's name in its spans unless the host names it. */
export const DEFAULT_AGENT_NAME = 'toolwright-agent';

/** How a run ended. */
export interface AgentRunResult {
  readonly finalText: string;
  readonly turns: number;
  readonly stopReason: 'completed' | 'max_turns';
  readonly messages: readonly ConversationMessage[];
}

/**
 * The agent loop. Before each provider call it drains the registry's catalog changes and the
 * MCP adapter's events into a reminder,
 * appends the deferred-tools listing to the system prompt and asks the registry for the
 * declarations of the current mode in the provider's dialect — so a schema ToolSearch loaded,
 * or Plan mode just entered, shows in the very next request. Tool calls go to the executor and
 * their results back into the conversation, until the model answers without calling a tool.
 */
export class AgentLoop {
  readonly #options: AgentLoopOptions;
  readonly #messages: ConversationMessage[] = [];

  constructor(options: AgentLoopOptions) {
    this.#options = options;
  }

  /** The conversation so far (the loop keeps it across `run` calls). */
  get messages(): readonly ConversationMessage[] {
    return this.#messages;
  }

  /**
   * Runs one user task to completion (or `maxTurns`), inside one `invoke_agent` span when a
   * tracer provider is registered (see src/telemetry/turn-span.ts).
   */
  run(task: string, signal?: AbortSignal): Promise<AgentRunResult> {
    const { provider, agentName, conversationId } = this.#options;
    return inTurnSpan({ agentName: agentName ?? DEFAULT_AGENT_NAME, provider, conversationId }, () =>
      this.#run(task, signal),
    );
  }

  async #run(task: string, signal: AbortSignal | undefined): Promise<AgentRunResult> {
    const { provider, registry, executor, mode } = this.#options;
    const maxTurns = this.#options.maxTurns ?? 25;
    this.#messages.push({ role: 'user', text: task });
    let finalText = '';
    for (let turn = 1; turn <= maxTurns; turn += 1) {
      signal?.throwIfAborted();
      const reminders = drainSystemReminders(
        registry,
        this.#options.mcp,
        provider.providerToolSearch !== undefined,
      );
      if (reminders.length > 0) this.#messages.push({ role: 'user', text: formatReminderMessage(reminders) });
      // With the provider's own tool search, deferred tools go in the request for deferred loading
      // and the provider searches them: no ToolSearch, no listing. The prompt follows the provider's
      // setting and whether anything is deferred, not this turn's set, so it stays the same from
      // turn to turn (prompt caches).
      const set = registry.getFunctionDeclarationsByMode(
        mode.current,
        provider.target,
        provider.providerToolSearch === undefined
          ? undefined
          : { providerToolSearch: provider.providerToolSearch },
      );
      const deferredListing =
        provider.providerToolSearch === undefined ? registry.getDeferredToolsListing() : '';
      const system = [
        this.#options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
        deferredToolsPart(registry, provider.providerToolSearch !== undefined, deferredListing),
      ]
        .filter((part) => part !== '')
        .join('\n\n');
      const tools = set.declarations;
      this.#options.onEvent?.({
        type: 'request',
        turn,
        mode: mode.current,
        tools,
        reminders,
        deferredListing,
      });

      // The message streams into the executor: a concurrency-safe call starts as soon as its
      // arguments are complete, while the model is still writing the rest of the message.
      const accumulator = new ResponseAccumulator();
      const stream = teeModelStream(
        loadToolsTheProviderFound(
          registry,
          tracedModelRequest(
            provider,
            provider.stream({
              system,
              messages: [...this.#messages],
              tools,
              ...(set.providerToolSearch === undefined
                ? {}
                : { deferLoading: set.deferLoading, providerToolSearch: set.providerToolSearch }),
              ...(set.deferredNamespaces === undefined ? {} : { deferredNamespaces: set.deferredNamespaces }),
              ...(signal === undefined ? {} : { signal }),
            }),
          ),
        ),
        accumulator,
        {
          onTextBeforeCall: (text) => this.#options.onEvent?.({ type: 'text', turn, text }),
          onMessageEnd: () =>
            this.#options.onEvent?.({ type: 'response', turn, response: accumulator.response() }),
        },
      );
      const execution = await executor.executeStream(stream, {
        nullAsAbsent: provider.nullAsAbsent,
        providerTarget: provider.target,
        ...(signal === undefined ? {} : { signal }),
      });
      if (execution.interrupted !== undefined) {
        // Started calls were aborted and awaited; nothing else ran. SDKs wrap an abort in their
        // own error class: report the caller's reason instead.
        if (signal?.aborted === true) throw signal.reason;
        throw (
          execution.interrupted.error ??
          new ModelStreamError(
            ModelStreamErrorCode.Incomplete,
            `The ${provider.id} stream of ${provider.model} ended before the message was complete; no tool that had not started was run.`,
          )
        );
      }
      const response = accumulator.response();
      this.#messages.push({
        role: 'assistant',
        text: response.text,
        toolCalls: response.toolCalls,
        ...(response.providerContent === undefined ? {} : { providerContent: response.providerContent }),
      });
      finalText = response.text;
      if (response.toolCalls.length === 0) {
        return { finalText, turns: turn, stopReason: 'completed', messages: [...this.#messages] };
      }
      const executed = execution.calls;
      this.#options.onEvent?.({ type: 'tool-results', turn, executed });
      this.#messages.push({
        role: 'tool',
        results: executed.map((item) => {
          const structured = structuredForModel(item);
          return {
            callId: item.call.id,
            toolName: item.call.name,
            content: item.content,
            isError: item.status !== 'success',
            ...(structured === undefined ? {} : { structuredContent: structured }),
          };
        }),
      });
    }
    return { finalText, turns: maxTurns, stopReason: 'max_turns', messages: [...this.#messages] };
  }
}

/**
 * Passes the stream on, marking the tools the provider's own search found as loaded in the
 * registry as soon as it reports them: the executor refuses a deferred tool that is not loaded,
 * and the model may call a found tool later in the same message. Unknown names are skipped.
 */
async function* loadToolsTheProviderFound(
  registry: ToolRegistry,
  events: AsyncIterable<ModelStreamEvent>,
): AsyncGenerator<ModelStreamEvent> {
  for await (const event of events) {
    if (event.type === 'provider-content' && event.foundTools !== undefined) {
      const known = event.foundTools.filter((name) => registry.deferred.isDeferred(name));
      if (known.length > 0) registry.markLoaded(known);
    }
    yield event;
  }
}

/**
 * What the system prompt says about deferred tools: nothing while none is deferred (no search
 * tool is declared then); else how to find them. It changes only when the deferred set does, as
 * the listing does, so the prompt prefix stays the same from turn to turn.
 */
function deferredToolsPart(registry: ToolRegistry, providerSearches: boolean, listing: string): string {
  if (!registry.deferred.hasDeferred()) return '';
  return providerSearches ? PROVIDER_SEARCH_HINT : `${DEFERRED_TOOLS_HINT}\n${listing}`;
}
