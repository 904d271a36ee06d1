import type { ExecutedCall } from '@toolwright/executor';

/**
 * The largest structured value, as compact JSON, sent to a provider as JSON beside the text.
 * The executor bounds a result's text (it spills large text to the artifact store); a structured
 * value is not spilled, so a larger one reaches the model as the text alone. The session's
 * default spill threshold.
 */
export const STRUCTURED_RESULT_MAX_BYTES = 32 * 1024;

/**
 * The structured value of a call that the conversation may carry as JSON: only a success's,
 * only when its text was not spilled (the model was meant to read a preview, not the whole) and
 * only up to {@link STRUCTURED_RESULT_MAX_BYTES}. `undefined` otherwise: the model reads the text.
 */
export function structuredForModel(executed: ExecutedCall): Readonly<Record<string, unknown>> | undefined {
  const value = executed.result.structuredContent;
  if (value === undefined || executed.status !== 'success' || executed.spilled) return undefined;
  return Buffer.byteLength(JSON.stringify(value)) <= STRUCTURED_RESULT_MAX_BYTES ? value : undefined;
}
