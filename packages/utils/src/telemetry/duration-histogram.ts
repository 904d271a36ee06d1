import type { Attributes, Histogram, MeterProvider } from '@opentelemetry/api';
import type { OpenTelemetryApi } from './open-telemetry.js';

/** Bucket boundaries, in seconds, that the MCP conventions advise for `mcp.*.operation.duration`. */
export const MCP_DURATION_BUCKETS_SECONDS: readonly number[] = Object.freeze([
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
]);

/**
 * Bucket boundaries, in seconds, that the GenAI conventions advise for operation durations
 * (`gen_ai.client.operation.duration`): doubling from 10 ms, for what lasts from milliseconds (a
 * Read) to minutes (a build, a long answer). The SDK's defaults are meant for milliseconds and
 * would put nearly everything in the first bucket.
 */
export const GEN_AI_DURATION_BUCKETS_SECONDS: readonly number[] = Object.freeze([
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
]);

/** One duration histogram: its instrumentation scope, metric name and description. */
export interface DurationHistogram {
  readonly scope: string;
  readonly name: string;
  readonly description: string;
}

/** Each histogram's instrument, with the meter provider it was made on. */
const instruments = new WeakMap<DurationHistogram, { provider: MeterProvider; instrument: Histogram }>();

/**
 * Records `seconds` on a duration histogram (unit `s`, the advised buckets). The instrument is
 * made again whenever the global meter provider is another one than last time, because a host
 * may register its provider after the first operation (the API hands out no-op meters until
 * then, and does not swap them later); otherwise it is the one made before, since making it
 * (a meter lookup, a descriptor, the SDK's check against what it already has) on every record
 * would cost each request more than the record itself.
 */
export function recordDuration(
  api: OpenTelemetryApi,
  histogram: DurationHistogram,
  seconds: number,
  attributes: Attributes,
): void {
  const provider = api.metrics.getMeterProvider();
  let made = instruments.get(histogram);
  if (made?.provider !== provider) {
    const instrument = provider.getMeter(histogram.scope).createHistogram(histogram.name, {
      unit: 's',
      description: histogram.description,
      advice: { explicitBucketBoundaries: [...MCP_DURATION_BUCKETS_SECONDS] },
    });
    made = { provider, instrument };
    instruments.set(histogram, made);
  }
  made.instrument.record(seconds, attributes);
}
