import { redactSecrets } from '../secret-redaction.js';

/** Longest recorded value, in characters, when a host turns content recording on with `true`. */
export const DEFAULT_TELEMETRY_CONTENT_CHARS = 4096;

/**
 * What a host allows into telemetry beyond names, ids, timings and outcomes. Off by default:
 * argument values, results and file contents stay out of spans unless this is turned on.
 */
export interface TelemetryContentOptions {
  /** Longest recorded value, in characters (the rest is cut and counted). */
  readonly maxChars: number;
}

/**
 * The recorded form of `value`: JSON (a string as it is), with every secret the process knows
 * and every credential-shaped string redacted, cut to `maxChars`. Never throws: a value JSON
 * cannot write (a cycle, a BigInt) is recorded as such.
 */
export function telemetryContent(value: unknown, options: TelemetryContentOptions): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = '[not serialisable]';
  }
  // Cut before redacting too, so that a huge value costs no more than its cap (with slack, so a
  // secret crossing the first cut is still seen whole by the redaction).
  const slack = options.maxChars + 1024;
  const redacted = redactSecrets(text.length > slack ? text.slice(0, slack) : text);
  if (redacted.length <= options.maxChars && text.length <= slack) return redacted;
  return `${redacted.slice(0, options.maxChars)}… [${text.length} characters]`;
}
