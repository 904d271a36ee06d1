// The tracing flags of `run` and their help, apart from the tracing itself (OpenTelemetry), which
// loads only when a run asks for it.
import { DEFAULT_OTLP_ENDPOINT } from '../telemetry/otlp-endpoint.js';

/** The tracing flags of `run`. */
export interface TracingFlags {
  otel?: boolean;
  trace?: boolean;
}

/** `--otel`'s help: where spans go, and what the MCP servers are (and are not) given. */
export const OTEL_OPTION_HELP = `export spans and metrics over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (default ${DEFAULT_OTLP_ENDPOINT}; OTEL_SERVICE_NAME, default toolwright-agent); stdio MCP servers get the traces endpoint, never the headers`;

/** `--trace`'s help. */
export const TRACE_OPTION_HELP =
  "after the run, print a waterfall of the turn: model requests, tool calls, waits, retries and the MCP servers' own spans";
