import type { Attributes } from '@opentelemetry/api';
import {
  resolveTelemetryOptions,
  type TelemetryContentOptions,
  type TelemetryOptions,
} from '@toolwright/utils';
import {
  loadOpenTelemetry,
  openTelemetry,
  openTelemetryIdle,
  openTelemetrySettled,
  SemanticAttribute,
  ToolwrightAttribute,
} from '@toolwright/utils/telemetry';
import type { McpServerDefinition } from '../server-definition.js';
import { INSTRUMENTATION_SCOPE, TracedRequest, tracedRequestKey } from './traced-request.js';

/** What a connection knows at the moment a request starts. */
export interface ConnectionFacts {
  /** The 2025 session's id (Streamable HTTP), if there is one. */
  readonly sessionId: string | undefined;
  /** The negotiated protocol version, once connected. */
  readonly protocolVersion: string | undefined;
}

/**
 * The telemetry of one connection: each request it sends becomes a CLIENT span (see
 * {@link TracedRequest}) under the caller's active span, and a point of
 * `mcp.client.operation.duration`. The span is the active context while the request is sent,
 * which is how the transport finds it to carry its trace context in `_meta`.
 */
export class ConnectionTelemetry {
  readonly #enabled: boolean;
  readonly #content: TelemetryContentOptions | undefined;
  /** On every span and metric point: who the server is and how it is reached. */
  readonly #serverAttributes: Attributes;

  constructor(definition: McpServerDefinition, options: TelemetryOptions | undefined) {
    const resolved = resolveTelemetryOptions(options);
    this.#enabled = resolved.enabled;
    this.#content = resolved.content;
    this.#serverAttributes = serverAttributesOf(definition);
  }

  /**
   * Runs `send` as one traced request labelled `operation` (`tools/call "echo"`: the method
   * first). With telemetry off, `@opentelemetry/api` not installed, or nothing registered (no
   * tracer, meter or propagator), it is `send()` itself.
   */
  trace<T>(operation: string, facts: () => ConnectionFacts, send: () => Promise<T>): Promise<T> {
    if (!this.#enabled) return send();
    // The first request of the process waits for the API to load, so that it is traced too.
    if (!openTelemetrySettled()) return loadOpenTelemetry().then(() => this.#traced(operation, facts, send));
    return this.#traced(operation, facts, send);
  }

  #traced<T>(operation: string, facts: () => ConnectionFacts, send: () => Promise<T>): Promise<T> {
    const api = openTelemetry();
    // The API installed without an SDK (a dependency brought it): every span, context and point
    // would go to a no-op, so none is made; an SDK registered later is seen on the next request.
    if (api === undefined || openTelemetryIdle(api)) return send();
    const method = operation.split(' ', 1)[0] ?? operation;
    const parent = api.context.active();
    const span = api.trace
      .getTracer(INSTRUMENTATION_SCOPE)
      .startSpan(
        method,
        { kind: api.SpanKind.CLIENT, attributes: { [SemanticAttribute.mcpMethodName]: method } },
        parent,
      );
    if (span.isRecording()) {
      const { sessionId, protocolVersion } = facts();
      span.setAttributes(this.#serverAttributes);
      if (sessionId !== undefined) span.setAttribute(SemanticAttribute.mcpSessionId, sessionId);
      if (protocolVersion !== undefined)
        span.setAttribute(SemanticAttribute.mcpProtocolVersion, protocolVersion);
    }
    const request = new TracedRequest(
      api,
      span,
      method,
      { [ToolwrightAttribute.mcpServerName]: this.#serverAttributes[ToolwrightAttribute.mcpServerName] },
      this.#content,
    );
    const context = api.trace.setSpan(parent, span).setValue(tracedRequestKey(api), request);
    let pending: Promise<T>;
    try {
      pending = api.context.with(context, send);
    } catch (error) {
      request.end({ error });
      return Promise.reject(error);
    }
    return pending.then(
      (value) => {
        request.end({ value });
        return value;
      },
      (error: unknown) => {
        request.end({ error });
        throw error;
      },
    );
  }
}

/** The server's configured name, and for an HTTP server its address, port and `tcp`; `pipe` for stdio. */
function serverAttributesOf(definition: McpServerDefinition): Attributes {
  const attributes: Attributes = { [ToolwrightAttribute.mcpServerName]: definition.name };
  if (definition.transport === 'stdio') {
    attributes[SemanticAttribute.networkTransport] = 'pipe';
  } else if (definition.transport === 'streamable-http' || definition.transport === 'sse') {
    const url = definition.url;
    attributes[SemanticAttribute.networkTransport] = 'tcp';
    // IPv6 literals come bracketed from URL; the convention wants the bare address.
    attributes[SemanticAttribute.serverAddress] = url.hostname.replace(/^\[(.*)\]$/, '$1');
    attributes[SemanticAttribute.serverPort] = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  }
  return attributes;
}
