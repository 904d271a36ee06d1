import * as api from '@opentelemetry/api';
import { startInMemoryTelemetry } from '@toolwright/test-support/otlp';
import { afterEach, expect, it } from 'vitest';
import { isNoopProvider, openTelemetryIdle, registeredTracerProvider } from './registered-providers.js';

afterEach(() => {
  api.trace.disable();
  api.metrics.disable();
  api.propagation.disable();
});

it('is idle with nothing registered, and not once a tracer, a meter or a propagator is', async () => {
  expect(openTelemetryIdle(api)).toBe(true);
  expect(isNoopProvider(registeredTracerProvider(api))).toBe(true);

  const telemetry = startInMemoryTelemetry();
  expect(openTelemetryIdle(api)).toBe(false);
  expect(isNoopProvider(registeredTracerProvider(api))).toBe(false);
  // The delegate, not the global proxy: the proxy is the same object before and after.
  expect(registeredTracerProvider(api)).not.toBe(api.trace.getTracerProvider());
  await telemetry.stop();
  expect(openTelemetryIdle(api)).toBe(true);

  // A host that only carries trace context on (a propagator, no SDK) is not idle either.
  api.propagation.setGlobalPropagator({
    inject: () => {},
    extract: (context) => context,
    fields: () => ['traceparent'],
  });
  expect(openTelemetryIdle(api)).toBe(false);
});
