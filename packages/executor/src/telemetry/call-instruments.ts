import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import { TelemetryMetric } from '@toolwright/utils/telemetry';

/** The executor's metric instruments, made once per meter. */
export interface CallInstruments {
  readonly duration: Histogram;
  readonly errors: Counter;
  readonly permissionDecisions: Counter;
  readonly artifactBytes: Counter;
}

/**
 * Bucket boundaries in seconds for tool calls, which last from milliseconds (a Read) to minutes
 * (a build): the SDK's default boundaries are meant for milliseconds and would put nearly every
 * call in the first bucket. These are the GenAI conventions' boundaries for operation durations.
 */
const CALL_DURATION_BUCKETS = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

export function createCallInstruments(meter: Meter): CallInstruments {
  return {
    duration: meter.createHistogram(TelemetryMetric.toolCallDuration, {
      description: 'Duration of tool calls run by the executor, by tool and outcome.',
      unit: 's',
      advice: { explicitBucketBoundaries: CALL_DURATION_BUCKETS },
    }),
    errors: meter.createCounter(TelemetryMetric.toolCallErrors, {
      description: 'Tool calls that did not succeed, by tool and error type.',
      unit: '{error}',
    }),
    permissionDecisions: meter.createCounter(TelemetryMetric.permissionDecisions, {
      description: 'Permission decisions on tool calls, by tool and outcome (allow, ask, deny).',
      unit: '{decision}',
    }),
    artifactBytes: meter.createCounter(TelemetryMetric.artifactBytesWritten, {
      description: 'Bytes of tool output stored as artifacts (spilled text, images).',
      unit: 'By',
    }),
  };
}
