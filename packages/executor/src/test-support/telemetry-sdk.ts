// The real OpenTelemetry SDK, registered globally as a host registers it, with in-memory
// exporters, so that a test reads the spans and metrics the executor produced.
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { type DataPoint, type Histogram, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A metric reader that collects when the test asks. */
class CollectingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** The registered SDK of one test. */
export interface TestTelemetry {
  /** Every span ended so far, in the order they ended. */
  spans(): ReadableSpan[];
  /** The ended spans named `name`. */
  spansNamed(name: string): ReadableSpan[];
  /** The one ended span named `name` (throws when there is not exactly one). */
  span(name: string): ReadableSpan;
  /** The data points of the metric `name`, collected now (none when it was never recorded). */
  points(name: string): Promise<DataPoint<number | Histogram>[]>;
  /** Unregisters everything, so that the next test starts with no SDK. */
  shutdown(): Promise<void>;
}

/** Registers a tracer provider, a meter provider, the context manager and the W3C propagators. */
export function registerTestTelemetry(): TestTelemetry {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  const spansNamed = (name: string): ReadableSpan[] =>
    exporter.getFinishedSpans().filter((span) => span.name === name);
  return {
    spans: () => exporter.getFinishedSpans(),
    spansNamed,
    span(name) {
      const named = spansNamed(name);
      if (named.length !== 1) throw new Error(`expected one span named "${name}", found ${named.length}`);
      return named[0] as ReadableSpan;
    },
    async points(name) {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .filter((metric) => metric.descriptor.name === name)
        .flatMap((metric) => metric.dataPoints as DataPoint<number | Histogram>[]);
    },
    async shutdown() {
      trace.disable();
      metrics.disable();
      context.disable();
      propagation.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}
