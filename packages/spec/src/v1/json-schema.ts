/** Any value that survives `JSON.stringify` / `JSON.parse` unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON Schema as plain JSON: no symbol keys, no functions, no `undefined`. */
export type JsonSchema = { [key: string]: JsonValue };

/**
 * The schema dialects toolwright projects to. `'json-schema'` is the neutral projection; the
 * others are what each provider's function-calling API accepts.
 */
export type ProviderTarget = 'json-schema' | 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** Every {@link ProviderTarget}, in a stable order (useful for iterating in tests and tools). */
export const PROVIDER_TARGETS: readonly ProviderTarget[] = Object.freeze([
  'json-schema',
  'openai-chat',
  'openai-responses',
  'anthropic',
  'gemini',
]);
