import type { Counter, Histogram, Meter } from '@opentelemetry/api';
import { GEN_AI_DURATION_BUCKETS_SECONDS, TelemetryMetric } from '@toolwright/utils/telemetry';

/** The executor's metric instruments, made once per meter. */
export interface CallInstruments {
  readonly duration: Histogram;
  readonly errors: Counter;
  readonly permissionDecisions: Counter;
  readonly artifactBytes: Counter;
}

export function createCallInstruments(meter: Meter): CallInstruments {
  return {
    duration: meter.createHistogram(TelemetryMetric.toolCallDuration, {
      description: 'Duration of tool calls run by the executor, by tool and outcome.',
      unit: 's',
      advice: { explicitBucketBoundaries: [...GEN_AI_DURATION_BUCKETS_SECONDS] },
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
