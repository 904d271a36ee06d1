// One side of the telemetry bench, in a process of its own (see telemetry-overhead.ts): a small
// Read through the executor, timed in blocks when the parent asks. argv[2] says what is there:
// `absent` (`@opentelemetry/api` unresolvable: run with --import ./without-open-telemetry.mjs),
// `api` (the API, no SDK registered) or `sdk` (an SDK with a batching, discarding exporter).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuNanos, timeBlockAsync } from '@toolwright/test-support/bench';
import { loadOpenTelemetry } from '@toolwright/utils/telemetry';
import { createBenchReadExecutor, SMALL_READ } from './read-tool.js';

export type TelemetrySide = 'absent' | 'api' | 'sdk';

/** A message from the parent: time one block of `iterations` calls, or stop. */
export type WorkerRequest = { readonly iterations: number } | { readonly stop: true };

const side = process.argv[2] as TelemetrySide;

/** Registers what a host registers: context manager, tracer provider (batching), meter provider. */
async function registerSdk(): Promise<void> {
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

const api = await loadOpenTelemetry();
if ((api === undefined) !== (side === 'absent')) {
  throw new Error(
    `telemetry bench side "${side}": @opentelemetry/api is ${api === undefined ? 'absent' : 'loaded'}`,
  );
}
if (side === 'sdk') await registerSdk();

const root = mkdtempSync(join(tmpdir(), 'executor-bench-'));
const { executor } = createBenchReadExecutor(root);
const [first] = await executor.executeBatch([SMALL_READ]);
if (first?.status !== 'success') throw new Error(`the bench's Read failed: ${first?.content}`);

process.on('message', async (request: WorkerRequest) => {
  if ('stop' in request) {
    rmSync(root, { recursive: true, force: true });
    process.exit(0);
  }
  // CPU time: the host is shared and loaded, and wall time would mostly measure the scheduler.
  const nanos = await timeBlockAsync(() => executor.executeBatch([SMALL_READ]), request.iterations, cpuNanos);
  process.send?.(nanos);
});
process.send?.('ready');
