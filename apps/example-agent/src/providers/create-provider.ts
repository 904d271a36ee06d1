import { AgentError, AgentErrorCode } from '../errors.js';
import type { ModelProvider, ProviderId } from './model-provider.js';
import type { Scenario } from './scenario.js';
import { ScriptedProvider } from './scripted-provider.js';

/** Default models per provider, overridden by `--model`, the config's `model` or `TOOLWRIGHT_MODEL`. */
export const DEFAULT_MODELS: Readonly<Record<Exclude<ProviderId, 'scripted'>, string>> = {
  anthropic: 'claude-sonnet-4-5',
  'openai-chat': 'gpt-4.1-mini',
  'openai-responses': 'gpt-4.1-mini',
  gemini: 'gemini-2.5-flash',
  'openai-compatible': 'local-model',
};

/** What {@link createProvider} chooses from. */
export interface ProviderSelection {
  provider?: ProviderId;
  model?: string;
  baseUrl?: string;
  /** Needed for `scripted`, the provider used when no key is set. */
  scenario?: Scenario;
  /**
   * The scripted model's pause before each streamed chunk, in milliseconds; default its
   * `DEFAULT_CHUNK_DELAY_MS`. Ignored by the other providers, which stream at the model's pace.
   */
  chunkDelayMs?: number;
  /** Anthropic only: Claude searches the deferred tools itself (`regex` or `bm25`); default off. */
  anthropicToolSearch?: 'regex' | 'bm25';
  /** OpenAI Responses only: OpenAI searches the deferred tools itself (`hosted`); default off. */
  openaiToolSearch?: 'hosted';
  /** Defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Picks the provider: explicit choice first, else the first key found in the environment
 * (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY / GOOGLE_API_KEY, TOOLWRIGHT_BASE_URL),
 * else the scripted model when a scenario is given.
 */
export function resolveProviderId(selection: ProviderSelection): ProviderId {
  const env = selection.env ?? process.env;
  if (selection.provider !== undefined) return selection.provider;
  if (selection.baseUrl !== undefined || env.TOOLWRIGHT_BASE_URL) return 'openai-compatible';
  if (env.ANTHROPIC_API_KEY) return 'anthropic';
  if (env.OPENAI_API_KEY) return 'openai-chat';
  if (env.GEMINI_API_KEY || env.GOOGLE_API_KEY) return 'gemini';
  return 'scripted';
}

function requireKey(
  env: Readonly<Record<string, string | undefined>>,
  provider: ProviderId,
  names: string[],
): string {
  for (const name of names) {
    const value = env[name];
    if (value) return value;
  }
  throw new AgentError(
    AgentErrorCode.ProviderUnavailable,
    `Provider "${provider}" needs an API key in ${names.join(' or ')}; none is set. Set it, or run without --provider to use the scripted model.`,
  );
}

/**
 * Creates the model provider for a selection; keys come from the environment only. Each SDK is
 * imported only when its provider is chosen, so commands that never call a model start fast.
 */
export async function createProvider(selection: ProviderSelection): Promise<ModelProvider> {
  const env = selection.env ?? process.env;
  const id = resolveProviderId(selection);
  const baseUrl = selection.baseUrl ?? env.TOOLWRIGHT_BASE_URL ?? undefined;
  const model =
    selection.model ?? env.TOOLWRIGHT_MODEL ?? (id === 'scripted' ? 'scripted' : DEFAULT_MODELS[id]);
  const endpoint = baseUrl === undefined || baseUrl === '' ? {} : { baseUrl };
  switch (id) {
    case 'anthropic': {
      const { AnthropicProvider } = await import('./anthropic-provider.js');
      return new AnthropicProvider({
        model,
        apiKey: requireKey(env, id, ['ANTHROPIC_API_KEY']),
        ...endpoint,
        ...(selection.anthropicToolSearch === undefined ? {} : { toolSearch: selection.anthropicToolSearch }),
      });
    }
    case 'openai-chat': {
      const { OpenAiChatProvider } = await import('./openai-chat-provider.js');
      return new OpenAiChatProvider({ model, apiKey: requireKey(env, id, ['OPENAI_API_KEY']), ...endpoint });
    }
    case 'openai-responses': {
      const { OpenAiResponsesProvider } = await import('./openai-responses-provider.js');
      return new OpenAiResponsesProvider({
        model,
        apiKey: requireKey(env, id, ['OPENAI_API_KEY']),
        ...endpoint,
        ...(selection.openaiToolSearch === undefined ? {} : { toolSearch: selection.openaiToolSearch }),
      });
    }
    case 'gemini': {
      const { GeminiProvider } = await import('./gemini-provider.js');
      return new GeminiProvider({
        model,
        apiKey: requireKey(env, id, ['GEMINI_API_KEY', 'GOOGLE_API_KEY']),
        ...endpoint,
      });
    }
    case 'openai-compatible': {
      if (baseUrl === undefined || baseUrl === '') {
        throw new AgentError(
          AgentErrorCode.ProviderUnavailable,
          'Provider "openai-compatible" needs a base URL: set TOOLWRIGHT_BASE_URL or "baseUrl" in toolwright.config.json (e.g. http://127.0.0.1:11434/v1).',
        );
      }
      // Local servers usually ignore the key; the SDK still wants a non-empty one.
      const apiKey = env.TOOLWRIGHT_API_KEY || env.OPENAI_API_KEY || 'not-needed';
      const { OpenAiChatProvider } = await import('./openai-chat-provider.js');
      return new OpenAiChatProvider({ id, model, apiKey, baseUrl });
    }
    case 'scripted':
      if (selection.scenario === undefined) {
        throw new AgentError(
          AgentErrorCode.ProviderUnavailable,
          'No model key found (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, GOOGLE_API_KEY or TOOLWRIGHT_BASE_URL), and no --scenario file for the scripted model. Set a key, or try `toolwright-agent demo`.',
        );
      }
      return new ScriptedProvider({
        scenario: selection.scenario,
        ...(selection.chunkDelayMs === undefined ? {} : { chunkDelayMs: selection.chunkDelayMs }),
      });
  }
}
