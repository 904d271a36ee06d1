/** An attribute value as spans carry them (OTLP's scalar and array values). */
export type TraceAttributeValue = string | number | boolean | readonly (string | number | boolean)[];

/** A point in time inside a span (a retry, an exception), from the span's events. */
export interface TraceSpanEvent {
  readonly name: string;
  /** Milliseconds since the epoch, fractional. */
  readonly timeMs: number;
  readonly attributes: Readonly<Record<string, TraceAttributeValue>>;
}

/**
 * One finished span, as the waterfall draws it: the same record whether it was made in this
 * process (the SDK's ReadableSpan) or received from an MCP server over OTLP/HTTP JSON. Ids are
 * lowercase hex, as both give them.
 */
export interface TraceSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Absent for a trace's root. */
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: TraceSpanKind;
  /** Milliseconds since the epoch, fractional. */
  readonly startMs: number;
  readonly endMs: number;
  readonly status: 'unset' | 'ok' | 'error';
  readonly statusMessage: string | undefined;
  readonly attributes: Readonly<Record<string, TraceAttributeValue>>;
  readonly events: readonly TraceSpanEvent[];
  /** The `service.name` of the process that made it. */
  readonly service: string;
}

/** The API's span kinds by name (OTLP numbers them one higher, with 0 for unspecified). */
export type TraceSpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

/** `@opentelemetry/api`'s `SpanKind` values, in order. */
export const TRACE_SPAN_KINDS: readonly TraceSpanKind[] = [
  'internal',
  'server',
  'client',
  'producer',
  'consumer',
];

/** A trace's `[seconds, nanoseconds]` time as fractional milliseconds since the epoch. */
export function hrTimeToMs(time: readonly [number, number]): number {
  return time[0] * 1000 + time[1] / 1e6;
}
