// The SDK a host registers, for the telemetry bench's SDK sides (see telemetry-call-worker.ts).

/** Registers what a host registers: context manager, tracer provider (batching), meter provider. */
export async function registerBenchSdk(): Promise<void> {
  const { context, metrics, trace } = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { BasicTracerProvider, BatchSpanProcessor } = await import('@opentelemetry/sdk-trace-base');
  const { MeterProvider, PeriodicExportingMetricReader, AggregationTemporality } = await import(
    '@opentelemetry/sdk-metrics'
  );
  const { ExportResultCode } = await import('@opentelemetry/core');
  const done = { code: ExportResultCode.SUCCESS };
  // Exporters that discard: what is measured is the executor's share, not a network.
  const spanExporter = {
    export: (_spans: unknown, callback: (result: typeof done) => void) => callback(done),
    shutdown: async () => {},
  };
  const metricExporter = {
    export: (_metrics: unknown, callback: (result: typeof done) => void) => callback(done),
    shutdown: async () => {},
    forceFlush: async () => {},
    selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
  };
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(spanExporter)] }),
  );
  metrics.setGlobalMeterProvider(
    new MeterProvider({
      readers: [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 1000 })],
    }),
  );
}
