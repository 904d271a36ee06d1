// The telemetry bench's floor: what the executor records for one successful Read, made directly
// with the OpenTelemetry API around a bare build + execute, the cheapest way the API allows. What
// this costs over the bare call is the SDK's own share, which no instrumentation can cut.
import type { ExecutionContext, Tool } from '@toolwright/contracts';
import { SMALL_READ } from './read-tool.js';

/** What the floor records per call: what the executor records for the same call (its telemetry tests pin it). */
export const FLOOR_RECORDS = {
  spans: 1,
  attributes: 8,
  events: 1,
  metricRecords: 2,
} as const;

/**
 * `execute_tool Read` with its 8 attributes (set in two calls: the SDK copies each either way),
 * the permission event, the tool run in the span's context (so that spans it makes are its
 * children), a duration histogram point and a decision counter, then the span's end. Every
 * attribute object is made once: the floor builds none per call.
 */
export async function directSdkCall(read: Tool, context: ExecutionContext): Promise<() => Promise<unknown>> {
  const api = await import('@opentelemetry/api');
  const tracer = api.trace.getTracer('bench-floor');
  const meter = api.metrics.getMeter('bench-floor');
  const duration = meter.createHistogram('bench.floor.duration', { unit: 's' });
  const decisions = meter.createCounter('bench.floor.decisions');
  const startAttributes = Object.freeze({
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'Read',
    'gen_ai.tool.call.id': '1',
    'toolwright.call.pre_started': false,
    'gen_ai.tool.type': 'function',
    'toolwright.tool.kind': 'read-only',
  });
  const endAttributes = Object.freeze({
    'toolwright.call.outcome': 'success',
    'toolwright.call.attempts': 1,
  });
  const permission = Object.freeze({ 'toolwright.permission.outcome': 'allow' });
  const decision = Object.freeze({ 'gen_ai.tool.name': 'Read', 'toolwright.permission.outcome': 'allow' });
  const outcome = Object.freeze({ 'gen_ai.tool.name': 'Read', 'toolwright.call.outcome': 'success' });
  // Set after the start rather than passed to it: the tracer would copy them twice more.
  const options = Object.freeze({ kind: api.SpanKind.INTERNAL });
  const name = `execute_tool ${SMALL_READ.name}`;
  return async () => {
    const started = performance.now();
    const parent = api.context.active();
    const span = tracer.startSpan(name, options, parent);
    span.setAttributes(startAttributes);
    span.addEvent('toolwright.permission', permission);
    decisions.add(1, decision);
    const invocation = read.build(SMALL_READ.arguments);
    const result = await api.context.with(api.trace.setSpan(parent, span), () => invocation.execute(context));
    duration.record((performance.now() - started) / 1000, outcome);
    span.setAttributes(endAttributes);
    span.end();
    return result;
  };
}
