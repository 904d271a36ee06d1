/**
 * Decodes the JSON argument string a provider sends. Malformed JSON is kept as the raw string
 * rather than thrown: the tool's validator then reports it to the model as a repairable error
 * instead of the whole turn failing.
 */
export function parseToolArguments(raw: string | undefined | null): unknown {
  if (raw === undefined || raw === null || raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** Serialises tool-call arguments back into the JSON string the OpenAI dialects carry. */
export function stringifyToolArguments(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? {});
}
