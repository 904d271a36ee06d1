import type { JSONRPCMessage, JSONRPCRequest, Transport } from '@modelcontextprotocol/client';
import { openTelemetry } from '@toolwright/utils/telemetry';
import { tracedRequestIn } from './traced-request.js';

/**
 * Makes `transport` carry the W3C trace context of each traced request in the request's
 * `params._meta` (`traceparent`, `tracestate`, `baggage`: the SDK's `TRACEPARENT_META_KEY`,
 * `TRACESTATE_META_KEY` and `BAGGAGE_META_KEY`, as SEP-414 names them), written by the host's
 * global propagator with the request's CLIENT span as parent, so that the server's spans join
 * the caller's trace. It acts on the wire message, after the SDK added its own `_meta` (the
 * 2026-07-28 envelope, the progress token), so it works the same in both protocol eras; a key
 * the caller set is never overwritten. The transport finds the request's span in the active
 * context (see `ConnectionTelemetry`): this needs the host's context manager, as every
 * OpenTelemetry setup for Node registers one.
 */
export function carryTraceContext(transport: Transport): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(withTraceContext(message), options);
}

function withTraceContext(message: JSONRPCMessage): JSONRPCMessage {
  // Requests only: not notifications, not our answers to the server's own requests.
  if (!('method' in message) || !('id' in message)) return message;
  const api = openTelemetry();
  if (api === undefined) return message;
  const active = api.context.active();
  const request = tracedRequestIn(api, active);
  if (request === undefined) return message;
  request.describe(message);
  const meta: unknown = message.params?._meta ?? {};
  // A `_meta` that is not an object is the caller's to answer for: it is sent as it is.
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return message;
  const carrier: Record<string, string> = {};
  api.propagation.inject(active, carrier);
  const added = Object.entries(carrier).filter(([key]) => !(key in meta));
  if (added.length === 0) return message;
  const traced: JSONRPCRequest = {
    ...message,
    params: { ...message.params, _meta: { ...meta, ...Object.fromEntries(added) } },
  };
  return traced;
}
