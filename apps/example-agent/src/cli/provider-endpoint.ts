import type { ProviderId } from '../providers/model-provider.js';

/** Each SDK's own endpoint when no base URL is given, and the variable the SDK reads to change it. */
const SDK_ENDPOINTS: Readonly<
  Record<Exclude<ProviderId, 'scripted' | 'openai-compatible'>, readonly [string, string]>
> = {
  anthropic: ['ANTHROPIC_BASE_URL', 'https://api.anthropic.com'],
  'openai-chat': ['OPENAI_BASE_URL', 'https://api.openai.com/v1'],
  'openai-responses': ['OPENAI_BASE_URL', 'https://api.openai.com/v1'],
  gemini: ['GOOGLE_GEMINI_BASE_URL', 'https://generativelanguage.googleapis.com'],
};

/**
 * The URL a provider sends its requests to, for messages: the base URL `createProvider` passes
 * (`--base-url`, `baseUrl` in the config, else `TOOLWRIGHT_BASE_URL`), else the one its SDK falls
 * back to. `undefined` for the scripted model, which has none. The providers keep their SDK
 * client private, so this mirrors the SDKs' precedence; a `baseUrl` read from the provider
 * itself would replace it.
 */
export function providerEndpoint(
  id: ProviderId,
  baseUrl: string | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  if (id === 'scripted') return undefined;
  const chosen = baseUrl ?? env.TOOLWRIGHT_BASE_URL;
  if (chosen !== undefined && chosen !== '') return chosen;
  if (id === 'openai-compatible') return undefined;
  const [variable, fallback] = SDK_ENDPOINTS[id];
  const fromEnvironment = env[variable]?.trim();
  return fromEnvironment === undefined || fromEnvironment === '' ? fallback : fromEnvironment;
}
