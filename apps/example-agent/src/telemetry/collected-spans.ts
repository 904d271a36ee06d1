import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { hrTimeToMs, TRACE_SPAN_KINDS, type TraceAttributeValue, type TraceSpan } from './trace-span.js';

/** Spans kept at most for the waterfall: a long session must not grow memory without end. */
const MAX_COLLECTED_SPANS = 20_000;

function attributesOf(attributes: ReadableSpan['attributes']): Record<string, TraceAttributeValue> {
  const result: Record<string, TraceAttributeValue> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null) continue;
    result[key] = Array.isArray(value)
      ? value.filter((item): item is string | number | boolean => item !== undefined && item !== null)
      : (value as string | number | boolean);
  }
  return result;
}

/** An SDK span, ended, as the waterfall's record. */
export function traceSpanOf(span: ReadableSpan): TraceSpan {
  const context = span.spanContext();
  const service = span.resource.attributes['service.name'];
  return {
    traceId: context.traceId,
    spanId: context.spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: TRACE_SPAN_KINDS[span.kind] ?? 'internal',
    startMs: hrTimeToMs(span.startTime),
    endMs: hrTimeToMs(span.endTime),
    status: span.status.code === 2 ? 'error' : span.status.code === 1 ? 'ok' : 'unset',
    statusMessage: span.status.message,
    attributes: attributesOf(span.attributes),
    events: span.events.map((event) => ({
      name: event.name,
      timeMs: hrTimeToMs(event.time),
      attributes: attributesOf(event.attributes ?? {}),
    })),
    service: typeof service === 'string' ? service : 'unknown_service',
  };
}

/**
 * A span processor that keeps this process's ended spans for the `--trace` waterfall, converted
 * as they end (the SDK may reuse nothing, but the record is smaller and the same shape as the MCP
 * servers' spans the receiver decodes).
 */
export class CollectedSpans implements SpanProcessor {
  readonly #spans: TraceSpan[] = [];

  /** Every span ended so far, in the order they ended. */
  get spans(): readonly TraceSpan[] {
    return this.#spans;
  }

  onStart(): void {}

  onEnd(span: ReadableSpan): void {
    if (this.#spans.length < MAX_COLLECTED_SPANS) this.#spans.push(traceSpanOf(span));
  }

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
