import type * as OpenTelemetryModule from '@opentelemetry/api';

/** The `@opentelemetry/api` module, as this process loaded it. */
export type OpenTelemetryApi = typeof OpenTelemetryModule;

/** The API once loaded; `null` when it is not installed; `undefined` before the first attempt ended. */
let loaded: OpenTelemetryApi | null | undefined;
let loading: Promise<OpenTelemetryApi | undefined> | undefined;

/**
 * `@opentelemetry/api` if it is installed and already loaded, else `undefined` (and, the first
 * time, starts loading it). Synchronous and free after the first load, so a hot path may call
 * it on every operation; a path that can wait should `await loadOpenTelemetry()` once instead,
 * so that its very first operation is traced too.
 */
export function openTelemetry(): OpenTelemetryApi | undefined {
  if (loaded === undefined) void loadOpenTelemetry();
  return loaded ?? undefined;
}

/**
 * Loads `@opentelemetry/api`, an optional peer of every package that makes spans: resolves
 * `undefined` when it is not installed, and nothing else is loaded or paid then. One attempt
 * per process; later calls get the same promise.
 */
export function loadOpenTelemetry(): Promise<OpenTelemetryApi | undefined> {
  loading ??= import('@opentelemetry/api').then(
    (module: OpenTelemetryApi) => {
      loaded = module;
      return module;
    },
    () => {
      loaded = null;
      return undefined;
    },
  );
  return loading;
}

/** Whether loading has ended (either way): a caller on a hot path then skips its `await`. */
export function openTelemetrySettled(): boolean {
  return loaded !== undefined;
}
