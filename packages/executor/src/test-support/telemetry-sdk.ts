// The real OpenTelemetry SDK, registered globally as a host registers it, with in-memory
// exporters (test-support's), plus the span lookups the executor's tests read them with.
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { type InMemoryTelemetry, startInMemoryTelemetry } from '@toolwright/test-support/otlp';

/** The registered SDK of one test. */
export interface TestTelemetry extends Pick<InMemoryTelemetry, 'spans' | 'points'> {
  /** The ended spans named `name`. */
  spansNamed(name: string): ReadableSpan[];
  /** The one ended span named `name` (throws when there is not exactly one). */
  span(name: string): ReadableSpan;
  /** Unregisters everything, so that the next test starts with no SDK. */
  shutdown(): Promise<void>;
}

/** Registers a tracer provider, a meter provider, the context manager and the W3C propagators. */
export function registerTestTelemetry(): TestTelemetry {
  const telemetry = startInMemoryTelemetry();
  const spansNamed = (name: string): ReadableSpan[] => telemetry.spans().filter((span) => span.name === name);
  return {
    spans: telemetry.spans,
    points: telemetry.points,
    spansNamed,
    span(name) {
      const named = spansNamed(name);
      if (named.length !== 1) throw new Error(`expected one span named "${name}", found ${named.length}`);
      return named[0] as ReadableSpan;
    },
    shutdown: telemetry.stop,
  };
}
