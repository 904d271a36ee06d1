import { PROTOCOL_VERSION_META_KEY, type Server, type ServerContext } from '@modelcontextprotocol/server';
import type { Context, TextMapGetter } from '@opentelemetry/api';
import { type ResolvedTelemetry, telemetryContent } from '@toolwright/utils';
import {
  EXECUTE_TOOL_OPERATION,
  loadOpenTelemetry,
  type OpenTelemetryApi,
  openTelemetry,
  openTelemetryIdle,
  openTelemetrySettled,
  recordDuration,
  SemanticAttribute,
  TelemetryMetric,
} from '@toolwright/utils/telemetry';

/** The instrumentation scope of every span and metric of this package. */
const INSTRUMENTATION_SCOPE = '@toolwright/mcp-server';

const SERVER_DURATION = {
  scope: INSTRUMENTATION_SCOPE,
  name: TelemetryMetric.mcpServerOperationDuration,
  description: 'Duration of MCP requests as the server handles them.',
};

/** What the SDK answers for a thrown error without a JSON-RPC code of its own. */
const INTERNAL_ERROR = -32603;

type Handler = (request: { params?: Record<string, unknown> }, ctx: ServerContext) => unknown;

/**
 * Makes every request handler registered on `server` from now on (tools, resources, prompts,
 * completion, logging; both a 2025 session's server and a stateless request's) run inside a
 * SERVER span, a child of the trace context the client sent in the request's `_meta`
 * (`traceparent`, `tracestate`, `baggage`), so that the executor's and the tool's own spans join
 * the caller's trace. A malformed or absent context is ignored: the span is a child of whatever
 * is active (a fresh root when nothing is). One implementation for every method, at the one place
 * each handler is registered.
 */
export function traceRequestHandlers(server: Server, telemetry: ResolvedTelemetry): void {
  if (!telemetry.enabled) return;
  const register = server.setRequestHandler.bind(server) as (method: string, ...rest: unknown[]) => void;
  const traced = (method: string, ...rest: unknown[]) => {
    const handler = rest.at(-1);
    if (typeof handler !== 'function') return register(method, ...rest);
    const inSpan: Handler = (request, ctx) => runTraced(server, telemetry, request, ctx, handler as Handler);
    return register(method, ...rest.slice(0, -1), inSpan);
  };
  (server as { setRequestHandler: unknown }).setRequestHandler = traced;
}

async function runTraced(
  server: Server,
  telemetry: ResolvedTelemetry,
  request: { params?: Record<string, unknown> },
  ctx: ServerContext,
  handler: Handler,
): Promise<unknown> {
  const api = openTelemetrySettled() ? openTelemetry() : await loadOpenTelemetry();
  // Without an SDK (the API installed, nothing registered) every span and point is a no-op.
  if (api === undefined || openTelemetryIdle(api)) return handler(request, ctx);
  const method = ctx.mcpReq.method;
  const name = typeof request.params?.name === 'string' ? request.params.name : undefined;
  const isCall = method === 'tools/call';
  const target = isCall || method === 'prompts/get' ? name : undefined;
  const parent = callerContext(api, ctx.mcpReq._meta);
  const span = api.trace
    .getTracer(INSTRUMENTATION_SCOPE)
    .startSpan(
      target === undefined ? method : `${method} ${target}`,
      { kind: api.SpanKind.SERVER, attributes: { [SemanticAttribute.mcpMethodName]: method } },
      parent,
    );
  if (span.isRecording()) {
    span.setAttribute(SemanticAttribute.jsonRpcRequestId, String(ctx.mcpReq.id));
    // 2025 sessions over HTTP have an id; stdio and stateless requests have none.
    if (ctx.sessionId !== undefined) span.setAttribute(SemanticAttribute.mcpSessionId, ctx.sessionId);
    const version = protocolVersionOf(server, ctx);
    if (version !== undefined) span.setAttribute(SemanticAttribute.mcpProtocolVersion, version);
    if (isCall && name !== undefined) {
      span.setAttribute(SemanticAttribute.genAiToolName, name);
      span.setAttribute(SemanticAttribute.genAiOperationName, EXECUTE_TOOL_OPERATION);
      if (telemetry.content !== undefined) {
        span.setAttribute(
          SemanticAttribute.genAiToolCallArguments,
          telemetryContent(request.params?.arguments ?? {}, telemetry.content),
        );
      }
    }
  }
  const startedAt = performance.now();
  let failure: { readonly type: string; readonly code: string | undefined } | undefined;
  try {
    const result = await api.context.with(api.trace.setSpan(parent, span), () => handler(request, ctx));
    if ((result as { isError?: unknown } | null)?.isError === true) {
      failure = { type: 'tool_error', code: undefined };
      span.setStatus({ code: api.SpanStatusCode.ERROR });
    }
    if (isCall && telemetry.content !== undefined && span.isRecording()) {
      span.setAttribute(SemanticAttribute.genAiToolCallResult, telemetryContent(result, telemetry.content));
    }
    return result;
  } catch (error) {
    // The code the SDK answers with: the error's own JSON-RPC code, else internal error.
    const thrown = (error as { code?: unknown } | null)?.code;
    const code = String(typeof thrown === 'number' && Number.isSafeInteger(thrown) ? thrown : INTERNAL_ERROR);
    failure = { type: code, code };
    span.setAttribute(SemanticAttribute.rpcResponseStatusCode, code);
    span.setStatus({
      code: api.SpanStatusCode.ERROR,
      ...(error instanceof Error ? { message: error.message } : {}),
    });
    throw error;
  } finally {
    if (failure !== undefined) span.setAttribute(SemanticAttribute.errorType, failure.type);
    span.end();
    recordDuration(api, SERVER_DURATION, (performance.now() - startedAt) / 1000, {
      [SemanticAttribute.mcpMethodName]: method,
      ...(isCall && name !== undefined ? { [SemanticAttribute.genAiToolName]: name } : {}),
      ...(failure === undefined ? {} : { [SemanticAttribute.errorType]: failure.type }),
    });
  }
}

/**
 * Reads only string values: `_meta` comes from the client, and a propagator handed a number or
 * an object where it expects a header may throw. A malformed value is the propagator's to
 * ignore; whatever else goes wrong, the request is served as a fresh root, never refused.
 */
const STRING_META: TextMapGetter<Record<string, unknown>> = {
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
  keys: (carrier) => Object.keys(carrier),
};

function callerContext(api: OpenTelemetryApi, meta: Record<string, unknown> | undefined): Context {
  const active = api.context.active();
  if (meta === undefined || typeof meta !== 'object' || meta === null) return active;
  try {
    return api.propagation.extract(active, meta, STRING_META);
  } catch {
    return active;
  }
}

/** The request's own revision (2026-07-28 envelope), else the version the 2025 session negotiated. */
function protocolVersionOf(server: Server, ctx: ServerContext): string | undefined {
  // The SDK types the envelope as `{}`; its schema has the version under the reserved key.
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const version = envelope?.[PROTOCOL_VERSION_META_KEY];
  // The accessor is deprecated only in favour of the envelope, which 2025 sessions do not send.
  return typeof version === 'string' ? version : server.getNegotiatedProtocolVersion();
}
