import type { ProviderTarget } from '@toolwright/validation';

/**
 * The most tools one request may carry, per target.
 *
 * - `openai-chat`, `openai-responses`: 128, OpenAI's documented cap on `tools`.
 * - `gemini`: 512, Gemini's cap on function declarations.
 * - `anthropic`: 128. Anthropic documents no hard count, but requests grow with every schema and
 *   tool selection accuracy drops well before that; 128 keeps one agent portable across providers.
 *   Raise it per registry with the `toolLimits` option if you need more.
 * - `json-schema`: no limit (it is not a provider).
 */
export const PROVIDER_TOOL_LIMITS: Readonly<Record<ProviderTarget, number>> = Object.freeze({
  'json-schema': Number.POSITIVE_INFINITY,
  'openai-chat': 128,
  'openai-responses': 128,
  anthropic: 128,
  gemini: 512,
});
