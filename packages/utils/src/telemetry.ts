/**
 * `@toolwright/utils/telemetry`: the one way toolwright packages reach OpenTelemetry.
 *
 * `@opentelemetry/api` is an optional peer: {@link loadOpenTelemetry} imports it once per
 * process and resolves `undefined` when it is not installed, so nothing is loaded or paid then.
 * Spans and metrics go to the globally registered providers, as every instrumented library's
 * do; with none registered the API's no-op ones cost next to nothing. The names are the
 * OpenTelemetry semantic conventions' ({@link SemanticAttribute}, {@link TelemetryMetric}).
 *
 * What carries no OpenTelemetry type (the `TelemetryOptions` a package's public options name,
 * `telemetryContent`, `telemetryErrorType`) is in the root entry, so that a project compiling
 * toolwright's types does not need `@opentelemetry/api` installed.
 *
 * @packageDocumentation
 */

export {
  type DurationHistogram,
  GEN_AI_DURATION_BUCKETS_SECONDS,
  MCP_DURATION_BUCKETS_SECONDS,
  recordDuration,
} from './telemetry/duration-histogram.js';
export { type FailableSpan, markSpanFailed } from './telemetry/mark-span-failed.js';
export {
  loadOpenTelemetry,
  type OpenTelemetryApi,
  openTelemetry,
  openTelemetrySettled,
} from './telemetry/open-telemetry.js';
export {
  isNoopProvider,
  openTelemetryIdle,
  registeredTracerProvider,
} from './telemetry/registered-providers.js';
export {
  EXECUTE_TOOL_OPERATION,
  SemanticAttribute,
  TelemetryMetric,
  ToolwrightAttribute,
} from './telemetry/semantic-names.js';
