/** The spec's default OTLP/HTTP endpoint, used when neither endpoint variable is set. */
export const DEFAULT_OTLP_ENDPOINT = 'http://localhost:4318';

/**
 * Where OTLP/HTTP traces go by the SDK environment variables, as the official exporter reads
 * them: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is, else `OTEL_EXPORTER_OTLP_ENDPOINT` with
 * `/v1/traces` appended, else {@link DEFAULT_OTLP_ENDPOINT}'s. The agent hands this to the MCP
 * servers it starts, so their spans reach the same backend as its own.
 */
export function otlpTracesUrl(env: NodeJS.ProcessEnv): string {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (specific) return specific;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || DEFAULT_OTLP_ENDPOINT;
  return `${base.endsWith('/') ? base : `${base}/`}v1/traces`;
}
