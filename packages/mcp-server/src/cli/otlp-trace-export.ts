/** The packages the bin exports traces with: optional peers of this package, loaded only when asked for. */
const EXPORT_PACKAGES = [
  '@opentelemetry/api',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/resources',
] as const;

/** Ends the export: the spans still buffered are sent first. */
export type StopTraceExport = () => Promise<void>;

/**
 * When the standard `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set
 * (and `OTEL_SDK_DISABLED` is not `true`), registers what a host would: a tracer provider that
 * batches spans to the official OTLP/HTTP exporter (which reads the rest of its `OTEL_*`
 * settings itself: headers, timeout, compression), the W3C trace-context and baggage
 * propagators and the AsyncLocalStorage context manager, so that the server's spans join its
 * clients' traces. `service.name` is `toolwright-mcp-server` unless `OTEL_SERVICE_NAME` or
 * `OTEL_RESOURCE_ATTRIBUTES` say otherwise. When an exporter package is not installed, one
 * line on `stderr` names the packages to install, and the server runs untraced.
 */
export async function startOtlpTraceExport(
  env: NodeJS.ProcessEnv,
  stderr: { write(text: string): unknown },
): Promise<StopTraceExport | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (endpoint === undefined || endpoint === '' || env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') {
    return undefined;
  }
  const loaded = await Promise.allSettled([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  const missing = EXPORT_PACKAGES.filter((_, index) => loaded[index]?.status === 'rejected');
  if (missing.length > 0) {
    stderr.write(
      `toolwright-mcp-server: OTEL_EXPORTER_OTLP_ENDPOINT is set, but traces are not exported: install ${missing.join(', ')} beside @toolwright/mcp-server.\n`,
    );
    return undefined;
  }
  const [api, traceSdk, exporter, contextManager, core, resources] = loaded.map(
    (result) => (result as PromiseFulfilledResult<unknown>).value,
  ) as [
    typeof import('@opentelemetry/api'),
    typeof import('@opentelemetry/sdk-trace-base'),
    typeof import('@opentelemetry/exporter-trace-otlp-http'),
    typeof import('@opentelemetry/context-async-hooks'),
    typeof import('@opentelemetry/core'),
    typeof import('@opentelemetry/resources'),
  ];
  const resource = resources
    .resourceFromAttributes({ 'service.name': 'toolwright-mcp-server' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new traceSdk.BasicTracerProvider({
    resource,
    spanProcessors: [new traceSdk.BatchSpanProcessor(new exporter.OTLPTraceExporter())],
  });
  api.trace.setGlobalTracerProvider(provider);
  api.context.setGlobalContextManager(new contextManager.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  return async () => {
    // A collector that is down must not keep the process from exiting: report and go on.
    await provider.shutdown().catch((error: unknown) => {
      stderr.write(`toolwright-mcp-server: the last spans could not be exported: ${String(error)}\n`);
    });
  };
}
