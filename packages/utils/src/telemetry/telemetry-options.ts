import { type ObjectRule, type OptionTable, POSITIVE_SAFE_INTEGER } from '../option-rules.js';
import { DEFAULT_TELEMETRY_CONTENT_CHARS, type TelemetryContentOptions } from './telemetry-content.js';

/**
 * A host's telemetry settings for one toolwright component (an executor, an MCP client or
 * server). Spans and metrics go to the globally registered OpenTelemetry providers; with
 * `@opentelemetry/api` not installed, there are none and nothing is paid.
 */
export interface TelemetryOptions {
  /** `false` turns this component's spans and metrics off. Default `true`. */
  readonly enabled?: boolean;
  /**
   * Record argument values and results (`gen_ai.tool.call.arguments`, `…result`). Default
   * `false`: telemetry then carries names, ids, timings and outcomes only. When on, each value is
   * capped at `maxContentChars` and has every known secret and credential-shaped string redacted.
   */
  readonly recordContent?: boolean;
  /** Longest recorded value, in characters. Default 4096. */
  readonly maxContentChars?: number;
}

const TELEMETRY_OPTIONS: OptionTable<TelemetryOptions> = {
  enabled: { kind: 'boolean' },
  recordContent: { kind: 'boolean' },
  maxContentChars: POSITIVE_SAFE_INTEGER,
};

/** How an owner's option table checks a `telemetry` option. */
export const TELEMETRY_OPTION_RULE: ObjectRule = Object.freeze({
  kind: 'object',
  options: TELEMETRY_OPTIONS,
});

/** The settings a (checked) `telemetry` option means, defaults filled in. */
export interface ResolvedTelemetry {
  readonly enabled: boolean;
  /** Present only when content recording is on. */
  readonly content: TelemetryContentOptions | undefined;
}

export function resolveTelemetryOptions(options: TelemetryOptions | undefined): ResolvedTelemetry {
  return {
    enabled: options?.enabled !== false,
    content:
      options?.recordContent === true
        ? { maxChars: options.maxContentChars ?? DEFAULT_TELEMETRY_CONTENT_CHARS }
        : undefined,
  };
}
