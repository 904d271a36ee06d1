import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import type { OpenTelemetryApi } from './open-telemetry.js';

/**
 * The tracer provider the host registered, or the API's no-op one. The API's global tracer
 * provider is one proxy for the whole process, the same object before and after a host
 * registers its SDK; what changes is its delegate. A caller that makes its tracer once per
 * provider compares this one, and gets its tracer from it without the proxy's indirection.
 */
export function registeredTracerProvider(api: OpenTelemetryApi): TracerProvider {
  const global = api.trace.getTracerProvider();
  return (global as { getDelegate?: () => TracerProvider }).getDelegate?.() ?? global;
}

/**
 * Whether `provider` is the API's no-op tracer or meter provider: nothing registered. Recognised
 * by class name, since the API exports neither class.
 */
export function isNoopProvider(provider: TracerProvider | MeterProvider): boolean {
  const name = (provider as { constructor?: { name?: string } }).constructor?.name;
  return name === 'NoopTracerProvider' || name === 'NoopMeterProvider';
}

/**
 * Whether the host registered nothing a request's telemetry would reach: no tracer provider, no
 * meter provider and no propagator (a propagator alone still carries the caller's trace context
 * on). A library's usual case, with `@opentelemetry/api` installed by a dependency and no SDK:
 * a caller then skips its spans, contexts and points, which would all go to no-ops. Looked up on
 * each call (a few property reads), so that an SDK registered later is seen at once.
 */
export function openTelemetryIdle(api: OpenTelemetryApi): boolean {
  return (
    isNoopProvider(registeredTracerProvider(api)) &&
    isNoopProvider(api.metrics.getMeterProvider()) &&
    api.propagation.fields().length === 0
  );
}
