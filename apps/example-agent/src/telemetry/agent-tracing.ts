import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { loadOpenTelemetry } from '@toolwright/utils/telemetry';
import { AgentError, AgentErrorCode } from '../errors.js';
import { CollectedSpans } from './collected-spans.js';
import { ResourceAttribute } from './gen-ai-names.js';
import { otlpTracesUrl } from './otlp-endpoint.js';
import { type OtlpReceiver, startOtlpReceiver } from './otlp-receiver.js';
import type { TraceSpan } from './trace-span.js';

/** What to do with the spans of a run. */
export interface AgentTracingOptions {
  /** `--otel`: export spans and metrics over OTLP/HTTP to `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  readonly otel: boolean;
  /** `--trace`: keep the spans for the waterfall, and receive the MCP servers' own. */
  readonly waterfall: boolean;
  /** `service.name` unless `OTEL_SERVICE_NAME` says otherwise. */
  readonly serviceName: string;
  readonly serviceVersion?: string;
  /** Where an export failure is reported (once per kind of failure). */
  readonly report: (message: string) => void;
  readonly env?: NodeJS.ProcessEnv;
}

/** Tracing for one run of the agent, registered globally until {@link AgentTracing.shutdown}. */
export interface AgentTracing {
  /**
   * Variables for the stdio MCP servers the agent starts: where to export their spans (the
   * waterfall's receiver, or the OTLP endpoint). Never the OTLP headers: they may hold the
   * backend's API key, and a server is not to be trusted with it.
   */
  readonly serverEnvironment: Readonly<Record<string, string>>;
  /**
   * The spans of the trace whose root is the last `invoke_agent` span that ended: this process's
   * and those the MCP servers posted (after {@link settle}), or `undefined` without `waterfall`
   * or before a turn ended.
   */
  lastTurn(): readonly TraceSpan[] | undefined;
  /** Waits for exports being received, so that a server's last flush is in. */
  settle(): Promise<void>;
  /** Flushes and ends the exporters, stops the receiver and unregisters the global providers. */
  shutdown(): Promise<void>;
}

/**
 * How long an export may take, retries included, unless OTEL_EXPORTER_OTLP_TIMEOUT says: the
 * spec's 10 s would hold a command's exit that long whenever the collector is down.
 */
const EXPORT_TIMEOUT_MS = 4000;

/** How long the exit waits for the last export before saying it is dropped. */
const SHUTDOWN_DEADLINE_MS = EXPORT_TIMEOUT_MS + 500;

/** The exporters' timeout option: none when the environment sets one (they read it themselves). */
function exportTimeout(env: NodeJS.ProcessEnv): { timeoutMillis?: number } {
  const fromEnv = [
    'OTEL_EXPORTER_OTLP_TIMEOUT',
    'OTEL_EXPORTER_OTLP_TRACES_TIMEOUT',
    'OTEL_EXPORTER_OTLP_METRICS_TIMEOUT',
  ];
  return fromEnv.some((name) => env[name] !== undefined) ? {} : { timeoutMillis: EXPORT_TIMEOUT_MS };
}

/**
 * One line of an SDK diagnostic: the exporters log an error as its JSON (`{"stack":…,"message":…}`);
 * the message is what a user can act on.
 */
function diagnosticLine(message: string): string {
  let text = message;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') text = parsed.message;
    } catch {
      // Not JSON after all: the text as it is.
    }
  }
  return text.split('\n')[0] ?? text;
}

/** How long children wait before sending a batch: short, so the waterfall has their spans. */
const CHILD_BATCH_DELAY_MS = '100';

/**
 * Registers the agent's tracing as its own process's OpenTelemetry setup: a tracer provider with
 * the service's resource (`service.name`, `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`
 * honoured), AsyncLocalStorage context, W3C trace-context and baggage propagation (which the MCP
 * client injects into each request), and with `otel` a batching OTLP/HTTP span exporter and a
 * periodic OTLP/HTTP metric reader. The SDK packages are loaded only here, so a run without
 * `--otel` or `--trace` loads none of them.
 */
export async function startAgentTracing(options: AgentTracingOptions): Promise<AgentTracing> {
  const env = options.env ?? process.env;
  const api = await loadOpenTelemetry();
  if (api === undefined)
    throw new AgentError(
      AgentErrorCode.TelemetryUnavailable,
      'Tracing needs @opentelemetry/api, a dependency of toolwright-agent: reinstall the agent.',
    );
  const [{ BasicTracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, core, resources] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
    ]);
  // The env detector last: OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override the default.
  const resource = resources
    .resourceFromAttributes({
      [ResourceAttribute.serviceName]: options.serviceName,
      ...(options.serviceVersion === undefined
        ? {}
        : { [ResourceAttribute.serviceVersion]: options.serviceVersion }),
    })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  // Export failures (a collector that is down) are the exporters' diag errors: one line each kind.
  const reported = new Set<string>();
  api.diag.setLogger(
    {
      error: (message: string) => {
        const line = diagnosticLine(message);
        if (reported.has(line)) return;
        reported.add(line);
        options.report(`telemetry: ${line}`);
      },
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    api.DiagLogLevel.ERROR,
  );

  const processors: SpanProcessor[] = [];
  const collected = options.waterfall ? new CollectedSpans() : undefined;
  if (collected !== undefined) processors.push(collected);
  let meterProvider: { shutdown(): Promise<void> } | undefined;
  if (options.otel) {
    const [{ OTLPTraceExporter }, { OTLPMetricExporter }, { MeterProvider, PeriodicExportingMetricReader }] =
      await Promise.all([
        import('@opentelemetry/exporter-trace-otlp-http'),
        import('@opentelemetry/exporter-metrics-otlp-http'),
        import('@opentelemetry/sdk-metrics'),
      ]);
    // The exporters read OTEL_EXPORTER_OTLP_(TRACES_|METRICS_)ENDPOINT, _HEADERS, _TIMEOUT themselves.
    const timeout = exportTimeout(env);
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter(timeout)));
    const provider = new MeterProvider({
      resource,
      readers: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter(timeout) })],
    });
    if (!api.metrics.setGlobalMeterProvider(provider)) throw alreadyRegistered('meter');
    meterProvider = provider;
  }
  const tracerProvider = new BasicTracerProvider({ resource, spanProcessors: processors });
  if (!api.trace.setGlobalTracerProvider(tracerProvider)) {
    api.metrics.disable();
    throw alreadyRegistered('tracer');
  }
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );

  let receiver: OtlpReceiver | undefined;
  try {
    if (options.waterfall) receiver = await startOtlpReceiver();
  } catch (error) {
    unregister(api);
    throw error;
  }
  const serverEnvironment: Record<string, string> =
    receiver !== undefined
      ? {
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: receiver.tracesUrl,
          OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: CHILD_BATCH_DELAY_MS,
        }
      : options.otel
        ? { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpTracesUrl(env) }
        : {};
  let stopped = false;
  return {
    serverEnvironment,
    lastTurn: () =>
      collected === undefined ? undefined : lastTurnOf(collected.spans, receiver?.spans() ?? []),
    // This process's spans are collected as they end; only the servers' may still be arriving.
    settle: async () => {
      await receiver?.settled();
    },
    shutdown: async () => {
      if (stopped) return;
      stopped = true;
      // A collector that is down must not fail the run, nor hold the exit for the exporters'
      // retries: what is not sent within the deadline is dropped, and the user is told.
      const flushed = Promise.all([tracerProvider.shutdown(), meterProvider?.shutdown()]).then(
        () => undefined,
        (error: unknown) =>
          options.report(
            `telemetry: ${diagnosticLine(error instanceof Error ? error.message : String(error))}`,
          ),
      );
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), SHUTDOWN_DEADLINE_MS).unref();
      });
      try {
        if ((await Promise.race([flushed, deadline])) === 'late')
          options.report(
            `telemetry: the export did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; what was not sent is dropped`,
          );
      } finally {
        clearTimeout(timer);
        await receiver?.close();
        unregister(api);
      }
    },
  };
}

function alreadyRegistered(what: string): AgentError {
  return new AgentError(
    AgentErrorCode.TelemetryUnavailable,
    `Another OpenTelemetry ${what} provider is registered in this process; --otel and --trace register their own, once per process.`,
  );
}

function unregister(api: NonNullable<Awaited<ReturnType<typeof loadOpenTelemetry>>>): void {
  api.trace.disable();
  api.metrics.disable();
  api.context.disable();
  api.propagation.disable();
  api.diag.disable();
}

/** The spans of the last ended `invoke_agent` span's trace, this process's and received ones. */
function lastTurnOf(local: readonly TraceSpan[], received: readonly TraceSpan[]): TraceSpan[] | undefined {
  const turn = local.findLast(
    (span) => span.parentSpanId === undefined && span.name.startsWith('invoke_agent '),
  );
  if (turn === undefined) return undefined;
  return [...local, ...received].filter((span) => span.traceId === turn.traceId);
}
