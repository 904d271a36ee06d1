// OpenTelemetry for tests: the real SDK recording in memory, in this process, and an OTLP/HTTP
// JSON receiver on loopback for the spans another process exports.
export {
  type InMemoryTelemetry,
  inMemoryTelemetryPerTest,
  type RecordedHistogramPoint,
  startInMemoryTelemetry,
} from './in-memory-telemetry.js';
export { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.js';
