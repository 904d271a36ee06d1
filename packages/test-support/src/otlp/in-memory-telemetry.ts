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
import { afterEach, beforeEach } from 'vitest';

/** A reader that exports nothing by itself: a test collects when it wants to look. */
class CollectingReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** One recorded histogram point: its attributes and what it counted. */
export interface RecordedHistogramPoint {
  readonly attributes: Record<string, unknown>;
  readonly count: number;
  readonly sum: number;
}

/** The OpenTelemetry SDK registered globally for a test, recording in memory. */
export interface InMemoryTelemetry {
  /** Every span ended so far. */
  spans(): ReadableSpan[];
  /** The data points of the metric `name` (every instrumentation scope), collected now. */
  points(name: string): Promise<DataPoint<number | Histogram>[]>;
  /** The points of the histogram `name` (every instrumentation scope), collected now. */
  histogram(name: string): Promise<RecordedHistogramPoint[]>;
  /** Unregisters everything, so that the next test starts from no SDK at all. */
  stop(): Promise<void>;
}

/**
 * Registers the real SDK as a host would: a tracer provider with an in-memory exporter (spans
 * are exported as they end), a meter provider read on demand, the AsyncLocalStorage context
 * manager (parents follow async calls) and the W3C trace-context and baggage propagators.
 */
export function startInMemoryTelemetry(): InMemoryTelemetry {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const reader = new CollectingReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  const points = async (name: string): Promise<DataPoint<number | Histogram>[]> => {
    const { resourceMetrics } = await reader.collect();
    return resourceMetrics.scopeMetrics
      .flatMap((scope) => scope.metrics)
      .filter((metric) => metric.descriptor.name === name)
      .flatMap((metric) => metric.dataPoints as DataPoint<number | Histogram>[]);
  };
  return {
    spans: () => exporter.getFinishedSpans(),
    points,
    async histogram(name) {
      return (await points(name)).map((point) => ({
        attributes: { ...point.attributes },
        count: (point.value as Histogram).count,
        sum: (point.value as Histogram).sum ?? 0,
      }));
    },
    async stop() {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
      trace.disable();
      metrics.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/**
 * The SDK in memory around each test of the calling file: registered before it, and after it
 * (once `cleanups` ran, newest first: servers and clients end while the SDK still records)
 * unregistered. Returns the current test's {@link InMemoryTelemetry}.
 */
export function inMemoryTelemetryPerTest(cleanups: Array<() => Promise<unknown>>): () => InMemoryTelemetry {
  let current: InMemoryTelemetry | undefined;
  beforeEach(() => {
    current = startInMemoryTelemetry();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await current?.stop();
  });
  return () => {
    if (current === undefined) throw new Error('inMemoryTelemetryPerTest: no test is running');
    return current;
  };
}
