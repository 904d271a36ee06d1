import type { JSONRPCRequest } from '@modelcontextprotocol/client';
import type { Attributes, Context, Span } from '@opentelemetry/api';
import { type TelemetryContentOptions, telemetryContent } from '@toolwright/utils';
import {
  EXECUTE_TOOL_OPERATION,
  type OpenTelemetryApi,
  recordDuration,
  SemanticAttribute,
  TelemetryMetric,
} from '@toolwright/utils/telemetry';
import { McpClientError, McpClientErrorCode } from '../errors.js';

/** The instrumentation scope of every span and metric of this package. */
export const INSTRUMENTATION_SCOPE = '@toolwright/mcp-client';

/** `mcp.client.operation.duration`, recorded once per request. */
const CLIENT_DURATION = {
  scope: INSTRUMENTATION_SCOPE,
  name: TelemetryMetric.mcpClientOperationDuration,
  description: 'Duration of MCP requests as the client sees them, from sending to the answer.',
};

let requestKey: symbol | undefined;

/** The context key under which a request's {@link TracedRequest} travels to the transport. */
export function tracedRequestKey(api: OpenTelemetryApi): symbol {
  requestKey ??= api.createContextKey('@toolwright/mcp-client request');
  return requestKey;
}

/** The traced request whose context `context` is, if any. */
export function tracedRequestIn(api: OpenTelemetryApi, context: Context): TracedRequest | undefined {
  const value = context.getValue(tracedRequestKey(api));
  return value instanceof TracedRequest ? value : undefined;
}

/**
 * One request of a connection as a CLIENT span, from the caller's `request()` to its outcome.
 * The span starts named after the caller's label (which begins with the method); the first
 * JSON-RPC request it puts on the wire names it exactly (`{method} {target}`) and gives it the
 * request id. The outcome sets `error.type`: the JSON-RPC error code, else the client's error
 * code (`timeout`, `aborted`, `connection_lost`, …), or `tool_error` for a result with `isError`.
 */
export class TracedRequest {
  readonly span: Span;
  readonly #api: OpenTelemetryApi;
  readonly #content: TelemetryContentOptions | undefined;
  readonly #metricAttributes: Attributes;
  readonly #startedAt = performance.now();
  #method: string;
  #tool: string | undefined;
  #described = false;

  constructor(
    api: OpenTelemetryApi,
    span: Span,
    method: string,
    metricAttributes: Attributes,
    content: TelemetryContentOptions | undefined,
  ) {
    this.#api = api;
    this.span = span;
    this.#method = method;
    this.#metricAttributes = metricAttributes;
    this.#content = content;
  }

  /** The first request on the wire names the span; a follow-up one (a refetch the SDK makes inside a call) does not. */
  describe(message: JSONRPCRequest): void {
    if (this.#described) return;
    this.#described = true;
    this.#method = message.method;
    const name = typeof message.params?.name === 'string' ? message.params.name : undefined;
    const isCall = message.method === 'tools/call';
    if (isCall) this.#tool = name;
    const span = this.span;
    if (!span.isRecording()) return;
    const target = isCall || message.method === 'prompts/get' ? name : undefined;
    span.updateName(target === undefined ? message.method : `${message.method} ${target}`);
    span.setAttribute(SemanticAttribute.mcpMethodName, message.method);
    span.setAttribute(SemanticAttribute.jsonRpcRequestId, String(message.id));
    if (isCall && name !== undefined) {
      span.setAttribute(SemanticAttribute.genAiToolName, name);
      span.setAttribute(SemanticAttribute.genAiOperationName, EXECUTE_TOOL_OPERATION);
    }
    if (this.#content === undefined) return;
    // Only with content recording on: a URI may carry a path or a grant, arguments anything.
    if (isCall) {
      span.setAttribute(
        SemanticAttribute.genAiToolCallArguments,
        telemetryContent(message.params?.arguments ?? {}, this.#content),
      );
    }
    const uri = message.params?.uri;
    if (typeof uri === 'string')
      span.setAttribute(SemanticAttribute.mcpResourceUri, telemetryContent(uri, this.#content));
  }

  /** Ends the span and records the duration: `value` on success, else `error`. */
  end(outcome: { readonly value: unknown } | { readonly error: unknown }): void {
    const api = this.#api;
    const span = this.span;
    const failure = 'error' in outcome ? failureOf(outcome.error) : toolErrorOf(outcome.value);
    if (span.isRecording()) {
      // The wire may never have been reached (a cache hit, a refusal before sending).
      if (!this.#described) span.setAttribute(SemanticAttribute.mcpMethodName, this.#method);
      if (failure !== undefined) {
        span.setAttribute(SemanticAttribute.errorType, failure.type);
        if (failure.rpcCode !== undefined)
          span.setAttribute(SemanticAttribute.rpcResponseStatusCode, failure.rpcCode);
        span.setStatus({
          code: api.SpanStatusCode.ERROR,
          ...(failure.message === undefined ? {} : { message: failure.message }),
        });
      }
      if (this.#content !== undefined && this.#tool !== undefined && 'value' in outcome) {
        span.setAttribute(
          SemanticAttribute.genAiToolCallResult,
          telemetryContent(outcome.value, this.#content),
        );
      }
    }
    span.end();
    recordDuration(api, CLIENT_DURATION, (performance.now() - this.#startedAt) / 1000, {
      ...this.#metricAttributes,
      [SemanticAttribute.mcpMethodName]: this.#method,
      ...(this.#tool === undefined ? {} : { [SemanticAttribute.genAiToolName]: this.#tool }),
      ...(failure === undefined ? {} : { [SemanticAttribute.errorType]: failure.type }),
    });
  }
}

interface Failure {
  readonly type: string;
  readonly rpcCode: string | undefined;
  readonly message: string | undefined;
}

/** A tool's own failure: a `tools/call` result with `isError`. */
function toolErrorOf(value: unknown): Failure | undefined {
  if (typeof value !== 'object' || value === null || (value as { isError?: unknown }).isError !== true) {
    return undefined;
  }
  return { type: 'tool_error', rpcCode: undefined, message: undefined };
}

function failureOf(error: unknown): Failure {
  const message = error instanceof Error ? error.message : undefined;
  const clientCode = McpClientError.isInstance(error) ? error.code : undefined;
  // A JSON-RPC error answer: the client's `server_error` keeps the SDK's ProtocolError as cause.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (
    (clientCode === undefined || clientCode === McpClientErrorCode.ServerError) &&
    typeof cause?.code === 'number' &&
    Number.isSafeInteger(cause.code)
  ) {
    const code = String(cause.code);
    return { type: code, rpcCode: code, message };
  }
  return { type: clientCode ?? '_OTHER', rpcCode: undefined, message };
}
