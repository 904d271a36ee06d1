import { previewValue } from '@toolwright/utils';
import { AgentError, AgentErrorCode } from '../errors.js';
import {
  TRACE_SPAN_KINDS,
  type TraceAttributeValue,
  type TraceSpan,
  type TraceSpanEvent,
  type TraceSpanKind,
} from './trace-span.js';

// OTLP/HTTP JSON (opentelemetry-proto's ExportTraceServiceRequest in proto3's JSON mapping, with
// OTLP's exceptions): trace and span ids are hex strings, not base64; 64-bit integers (times,
// intValue) may come as decimal strings or numbers; enums are numbers. The official JS exporter
// (@opentelemetry/otlp-transformer's JSON_ENCODER) writes ids as hex and times as strings.

/** The service name of spans whose resource names none (the SDKs' own fallback is alike). */
const UNKNOWN_SERVICE = 'unknown_service';

type Json = Record<string, unknown>;

function invalid(where: string, what: string, value: unknown): never {
  throw new AgentError(
    AgentErrorCode.TraceExportInvalid,
    `${where} must be ${what} (an OTLP/HTTP JSON ExportTraceServiceRequest), got ${previewValue(value)}.`,
  );
}

function objectAt(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(where, 'an object', value);
  return value as Json;
}

function arrayAt(value: unknown, where: string): readonly unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) invalid(where, 'an array', value);
  return value;
}

const HEX_ID = { trace: /^[0-9a-f]{32}$/, span: /^[0-9a-f]{16}$/ };

function idAt(value: unknown, where: string, length: 'trace' | 'span'): string {
  const id = typeof value === 'string' ? value.toLowerCase() : value;
  if (typeof id !== 'string' || !HEX_ID[length].test(id))
    invalid(where, `${length === 'trace' ? 32 : 16} hex digits`, value);
  return id;
}

/** Nanoseconds since the epoch (a decimal string or a number) as fractional milliseconds. */
function timeAt(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value / 1e6;
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) {
    // Split, so the milliseconds keep their microseconds: a nanosecond count exceeds 2^53.
    const whole = value.length > 6 ? Number(value.slice(0, -6)) : 0;
    return whole + Number(value.slice(-6)) / 1e6;
  }
  return invalid(where, 'nanoseconds since the epoch', value);
}

/** An AnyValue: scalars and arrays of scalars; maps and bytes are shown as what they are. */
function anyValue(value: unknown): TraceAttributeValue | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const holder = value as Json;
  if (typeof holder.stringValue === 'string') return holder.stringValue;
  if (typeof holder.boolValue === 'boolean') return holder.boolValue;
  if (typeof holder.doubleValue === 'number') return holder.doubleValue;
  if (typeof holder.intValue === 'number') return holder.intValue;
  if (typeof holder.intValue === 'string' && /^-?\d+$/.test(holder.intValue)) return Number(holder.intValue);
  if (holder.arrayValue !== undefined) {
    const values = arrayAt((holder.arrayValue as Json | null)?.values, 'arrayValue.values');
    return values
      .map(anyValue)
      .filter((item): item is string | number | boolean => item !== undefined && !Array.isArray(item));
  }
  if (holder.kvlistValue !== undefined) return '[map]';
  if (holder.bytesValue !== undefined) return '[bytes]';
  return undefined;
}

function attributesAt(value: unknown, where: string): Record<string, TraceAttributeValue> {
  const attributes: Record<string, TraceAttributeValue> = {};
  for (const [index, entry] of arrayAt(value, where).entries()) {
    const keyValue = objectAt(entry, `${where}[${index}]`);
    if (typeof keyValue.key !== 'string') invalid(`${where}[${index}].key`, 'a string', keyValue.key);
    const decoded = anyValue(keyValue.value);
    if (decoded !== undefined) attributes[keyValue.key] = decoded;
  }
  return attributes;
}

function kindAt(value: unknown): TraceSpanKind {
  // 0 (unspecified) and unknown numbers read as internal, as the conventions default.
  return typeof value === 'number' ? (TRACE_SPAN_KINDS[value - 1] ?? 'internal') : 'internal';
}

function statusAt(value: unknown): Pick<TraceSpan, 'status' | 'statusMessage'> {
  const status = value === undefined ? {} : objectAt(value, 'status');
  const message = typeof status.message === 'string' && status.message !== '' ? status.message : undefined;
  return { status: status.code === 2 ? 'error' : status.code === 1 ? 'ok' : 'unset', statusMessage: message };
}

function eventAt(value: unknown, where: string): TraceSpanEvent {
  const event = objectAt(value, where);
  return {
    name: typeof event.name === 'string' ? event.name : '',
    timeMs: timeAt(event.timeUnixNano, `${where}.timeUnixNano`),
    attributes: attributesAt(event.attributes, `${where}.attributes`),
  };
}

function spanAt(value: unknown, where: string, service: string): TraceSpan {
  const span = objectAt(value, where);
  const parent = span.parentSpanId;
  return {
    traceId: idAt(span.traceId, `${where}.traceId`, 'trace'),
    spanId: idAt(span.spanId, `${where}.spanId`, 'span'),
    // proto3 JSON writes an empty id as "" (or leaves it out): both mean a root.
    parentSpanId:
      parent === undefined || parent === '' ? undefined : idAt(parent, `${where}.parentSpanId`, 'span'),
    name: typeof span.name === 'string' ? span.name : '',
    kind: kindAt(span.kind),
    startMs: timeAt(span.startTimeUnixNano, `${where}.startTimeUnixNano`),
    endMs: timeAt(span.endTimeUnixNano, `${where}.endTimeUnixNano`),
    ...statusAt(span.status),
    attributes: attributesAt(span.attributes, `${where}.attributes`),
    events: arrayAt(span.events, `${where}.events`).map((event, index) =>
      eventAt(event, `${where}.events[${index}]`),
    ),
    service,
  };
}

/**
 * The spans of one OTLP/HTTP JSON trace export (`POST /v1/traces`), each with the
 * `service.name` of its resource. Throws an `AgentError` (`trace_export_invalid`) naming the
 * first field that is not what OTLP says.
 */
export function decodeTraceExport(body: unknown): TraceSpan[] {
  const request = objectAt(body, 'the request body');
  const spans: TraceSpan[] = [];
  for (const [r, resourceSpans] of arrayAt(request.resourceSpans, 'resourceSpans').entries()) {
    const where = `resourceSpans[${r}]`;
    const entry = objectAt(resourceSpans, where);
    const resource = entry.resource === undefined ? {} : objectAt(entry.resource, `${where}.resource`);
    const serviceName = attributesAt(resource.attributes, `${where}.resource.attributes`)['service.name'];
    const service = typeof serviceName === 'string' ? serviceName : UNKNOWN_SERVICE;
    for (const [s, scopeSpans] of arrayAt(entry.scopeSpans, `${where}.scopeSpans`).entries()) {
      const scopeWhere = `${where}.scopeSpans[${s}]`;
      const scope = objectAt(scopeSpans, scopeWhere);
      for (const [index, span] of arrayAt(scope.spans, `${scopeWhere}.spans`).entries())
        spans.push(spanAt(span, `${scopeWhere}.spans[${index}]`, service));
    }
  }
  return spans;
}
