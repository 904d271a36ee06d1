import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { resolveTelemetryOptions, type TelemetryOptions } from '@toolwright/utils';
import {
  isNoopProvider,
  loadOpenTelemetry,
  type OpenTelemetryApi,
  openTelemetry,
  openTelemetrySettled,
  registeredTracerProvider,
} from '@toolwright/utils/telemetry';
import type { ToolCallRequest } from '../executed-call.js';
import { type CallInstruments, createCallInstruments } from './call-instruments.js';
import { CallTrace, type CallTraceScope } from './call-trace.js';
import { INSTRUMENTATION_SCOPE } from './executor-telemetry-names.js';
import { ToolAttributesCache } from './tool-attributes.js';
import type { ContentGuard } from './withheld-content.js';

/**
 * The telemetry of one executor (or runner): the call traces it starts, on the globally
 * registered providers. The tracer and the instruments are made once per provider, and made
 * again only when the host registers another one (the API's no-op meter never becomes a real
 * one, so a meter taken before the SDK was registered would record nothing forever).
 */
export class ExecutorTelemetry {
  readonly #content: CallTraceScope['content'];
  readonly #guard: ContentGuard;
  /** Kept across providers: the sets hold names only, nothing of a provider. */
  readonly #tools = new ToolAttributesCache();
  #tracerProvider: TracerProvider | undefined;
  #meterProvider: MeterProvider | undefined;
  #scope: CallTraceScope | undefined;
  /** Whether neither a tracer nor a meter provider is registered: calls then make no trace at all. */
  #idle = false;

  private constructor(content: CallTraceScope['content'], guard: ContentGuard) {
    this.#content = content;
    this.#guard = guard;
  }

  /** The telemetry `options` ask for, or `undefined` when they turn it off. */
  static of(options: TelemetryOptions | undefined, guard: ContentGuard): ExecutorTelemetry | undefined {
    const settings = resolveTelemetryOptions(options);
    return settings.enabled ? new ExecutorTelemetry(settings.content, guard) : undefined;
  }

  /**
   * Starts the trace of a call in the caller's active context; `undefined` without
   * `@opentelemetry/api`, or while it is still loading: a caller that can wait awaits
   * {@link ready} first, so that the very first call of the process is traced too.
   */
  startCall(call: ToolCallRequest, preStarted: boolean): CallTrace | undefined {
    const api = openTelemetry();
    if (api === undefined) return undefined;
    const scope = this.#scopeOf(api);
    // The API installed but no SDK registered (a library's usual case): every span and point
    // would go to a no-op, so none is made; a provider registered later is seen on the next call.
    if (this.#idle) return undefined;
    return new CallTrace(api, scope, call, preStarted, api.context.active());
  }

  /** `undefined` once `@opentelemetry/api` is loaded or known absent; else the loading to await. */
  ready(): Promise<unknown> | undefined {
    return openTelemetrySettled() ? undefined : loadOpenTelemetry();
  }

  #scopeOf(api: OpenTelemetryApi): CallTraceScope {
    // The registered provider, not the global proxy: the proxy stays the same object when a
    // host registers its SDK after the first call, and only its delegate tells.
    const tracerProvider = registeredTracerProvider(api);
    const meterProvider = api.metrics.getMeterProvider();
    let scope = this.#scope;
    if (
      scope === undefined ||
      tracerProvider !== this.#tracerProvider ||
      meterProvider !== this.#meterProvider
    ) {
      this.#tracerProvider = tracerProvider;
      this.#meterProvider = meterProvider;
      this.#idle = isNoopProvider(tracerProvider) && isNoopProvider(meterProvider);
      const instruments: CallInstruments = createCallInstruments(
        meterProvider.getMeter(INSTRUMENTATION_SCOPE),
      );
      scope = {
        tracer: tracerProvider.getTracer(INSTRUMENTATION_SCOPE),
        instruments,
        content: this.#content,
        guard: this.#guard,
        tools: this.#tools,
        internal: Object.freeze({ kind: api.SpanKind.INTERNAL }),
      };
      this.#scope = scope;
    }
    return scope;
  }
}
