import type { Attributes, Context, Span, SpanOptions, Tracer } from '@opentelemetry/api';
import type { ArtifactReference, Tool, ToolInvocation } from '@toolwright/contracts';
import { type TelemetryContentOptions, telemetryContent, telemetryErrorType } from '@toolwright/utils';
import {
  EXECUTE_TOOL_OPERATION,
  type OpenTelemetryApi,
  SemanticAttribute,
  ToolwrightAttribute,
} from '@toolwright/utils/telemetry';
import type { ToolValidationError } from '@toolwright/validation';
import type { ExecutedCall, ToolCallRequest } from '../executed-call.js';
import type { JudgedPaths } from '../paths/judged-paths.js';
import type { PermissionDecision } from '../permission/permission-decision.js';
import type { CallInstruments } from './call-instruments.js';
import { ExecutorEventName, ExecutorSpanName } from './executor-telemetry-names.js';
import type { ToolAttributes, ToolAttributesCache } from './tool-attributes.js';
import { type ContentGuard, withheldContentReason } from './withheld-content.js';

/** What every call's trace shares: the executor's tracer, instruments and content settings. */
export interface CallTraceScope {
  readonly tracer: Tracer;
  readonly instruments: CallInstruments;
  /** Present only when the host turned content recording on. */
  readonly content: TelemetryContentOptions | undefined;
  readonly guard: ContentGuard;
  /** Each tool's span name and metric attribute sets, made on its first call. */
  readonly tools: ToolAttributesCache;
  /** `{ kind: INTERNAL }`, the options of every span here but a lock wait. */
  readonly internal: SpanOptions;
}

/** The permission event's attributes when the decision names no rule: one frozen set a behaviour. */
const PERMISSION_EVENT_ATTRIBUTES: Readonly<Record<PermissionDecision['behavior'], Attributes>> =
  Object.freeze({
    allow: Object.freeze({ [ToolwrightAttribute.permissionOutcome]: 'allow' }),
    ask: Object.freeze({ [ToolwrightAttribute.permissionOutcome]: 'ask' }),
    deny: Object.freeze({ [ToolwrightAttribute.permissionOutcome]: 'deny' }),
  });

/**
 * The telemetry of one call: its `execute_tool {name}` span (parented on the caller's active
 * context), the events and child spans of its steps, and its metrics. Attributes are built only
 * while the span records; metrics are recorded either way (a meter may be registered without a
 * tracer). Content (arguments, result) only with recording on, and never for a call that
 * touches a sensitive or protected path. A call runs this on every call, with an SDK recording:
 * what repeats from call to call (span name, metric attribute sets) is made once per tool.
 */
export class CallTrace {
  readonly #api: OpenTelemetryApi;
  readonly #scope: CallTraceScope;
  readonly #span: Span;
  readonly #parent: Context;
  readonly #recording: boolean;
  readonly #tool: ToolAttributes;
  /** The span's own context, made when a step first needs it. */
  #context: Context | undefined;
  /** The class of the failure seen while the call ran, before it became a result. */
  #errorType: string | undefined;

  constructor(
    api: OpenTelemetryApi,
    scope: CallTraceScope,
    call: ToolCallRequest,
    preStarted: boolean,
    parent: Context,
  ) {
    this.#api = api;
    this.#scope = scope;
    this.#parent = parent;
    this.#tool = scope.tools.of(call.name);
    const span = scope.tracer.startSpan(this.#tool.spanName, scope.internal, parent);
    this.#span = span;
    this.#recording = span.isRecording();
    if (this.#recording) {
      // One by one: `setAttributes` walks an object made for it, to make the same calls.
      span.setAttribute(SemanticAttribute.genAiOperationName, EXECUTE_TOOL_OPERATION);
      span.setAttribute(SemanticAttribute.genAiToolName, call.name);
      span.setAttribute(SemanticAttribute.genAiToolCallId, call.id);
      span.setAttribute(ToolwrightAttribute.callPreStarted, preStarted);
    }
  }

  /** The tool was found: its type (an MCP server's tool is an `extension`) and kind. */
  toolFound(tool: Tool): void {
    if (!this.#recording) return;
    const source = tool.source;
    this.#span.setAttribute(
      SemanticAttribute.genAiToolType,
      source.type === 'mcp' ? 'extension' : 'function',
    );
    this.#span.setAttribute(ToolwrightAttribute.toolKind, tool.kind);
    if (source.type === 'mcp') this.#span.setAttribute(ToolwrightAttribute.mcpServerName, source.server);
  }

  /**
   * The arguments passed validation: an event with the coercions made, by kind and place (never
   * the values). Arguments that passed as sent make none: the common case stays cheap.
   */
  validated(invocation: ToolInvocation): void {
    const coercions = invocation.coercions;
    if (!this.#recording || coercions.length === 0) return;
    this.#span.addEvent(ExecutorEventName.validation, {
      [ToolwrightAttribute.validationCoercions]: coercions.map(
        (coercion) => `${coercion.kind} at ${coercion.path || '/'}`,
      ),
    });
  }

  /** The arguments were refused: the error's code and where each issue is (never the value). */
  validationFailed(error: ToolValidationError): void {
    if (!this.#recording) return;
    this.#span.addEvent(ExecutorEventName.validation, {
      [SemanticAttribute.errorType]: error.code,
      [ToolwrightAttribute.validationIssues]: error.issues.map(
        (issue) => `${issue.keyword} at ${issue.path || '/'}`,
      ),
    });
  }

  /**
   * The policy decided: its rule and outcome (never its reason, which names paths and
   * arguments). `approval` says how an `ask` was settled when no approval handler ran.
   */
  permission(decision: PermissionDecision, approval?: 'unattended'): void {
    this.#scope.instruments.permissionDecisions.add(1, this.#tool.decision(decision.behavior));
    if (!this.#recording) return;
    if (decision.rule === undefined && approval === undefined) {
      this.#span.addEvent(ExecutorEventName.permission, PERMISSION_EVENT_ATTRIBUTES[decision.behavior]);
      return;
    }
    const attributes: Attributes = { [ToolwrightAttribute.permissionOutcome]: decision.behavior };
    if (decision.rule !== undefined) attributes[ToolwrightAttribute.permissionRule] = decision.rule;
    if (approval !== undefined) attributes[ToolwrightAttribute.approvalOutcome] = approval;
    this.#span.addEvent(ExecutorEventName.permission, attributes);
  }

  /**
   * Runs the host's approval handler inside a `toolwright.approval.wait` child span (so spans the
   * handler makes are its children), which ends with how the answer settled the `ask`.
   */
  async awaitApproval<T>(ask: () => Promise<T>, outcomeOf: (answer: T) => string): Promise<T> {
    const span = this.#scope.tracer.startSpan(
      ExecutorSpanName.approvalWait,
      this.#scope.internal,
      this.#ownContext(),
    );
    try {
      const answer = await this.#api.context.with(this.#api.trace.setSpan(this.#ownContext(), span), ask);
      if (span.isRecording()) span.setAttribute(ToolwrightAttribute.approvalOutcome, outcomeOf(answer));
      return answer;
    } catch (error) {
      span.setAttribute(SemanticAttribute.errorType, telemetryErrorType(error));
      span.setStatus({ code: this.#api.SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * The call waited from `since` (a `performance.now()` time) until now for the same-path lock:
   * a child span covering the wait. Called only when it did wait.
   */
  waitedForLock(since: number): void {
    if (!this.#recording) return;
    this.#scope.tracer
      .startSpan(
        ExecutorSpanName.pathLockWait,
        { kind: this.#api.SpanKind.INTERNAL, startTime: since },
        this.#ownContext(),
      )
      .end();
  }

  /** An attempt failed transiently; the next one runs after `delayMs`. */
  retry(attempt: number, delayMs: number, errorCode: string): void {
    if (!this.#recording) return;
    this.#span.addEvent(ExecutorEventName.retry, {
      [ToolwrightAttribute.retryAttempt]: attempt,
      [ToolwrightAttribute.retryDelay]: delayMs / 1000,
      [SemanticAttribute.errorType]: errorCode,
    });
  }

  /** Notes the class of what failed the call (a thrown error), for `error.type`. */
  failed(error: unknown): void {
    this.#errorType = telemetryErrorType(error);
  }

  /** Runs `work` in the span's context: spans the tool makes (an MCP request) are its children. */
  within<T>(work: () => T): T {
    return this.#api.context.with(this.#ownContext(), work);
  }

  /**
   * Ends the span with the call's outcome and records its metrics. `stored` are the artifacts
   * this call's output was stored as; `judged` the paths its permission decision resolved.
   */
  end(executed: ExecutedCall, stored: readonly ArtifactReference[], judged: JudgedPaths | undefined): void {
    const status = executed.status;
    const errorType =
      status === 'success'
        ? undefined
        : status === 'error'
          ? (this.#errorType ?? executed.result.error?.code ?? executed.result.error?.type ?? 'error')
          : status;
    const instruments = this.#scope.instruments;
    const tool = this.#tool;
    instruments.duration.record(executed.durationMs / 1000, tool.outcome(status));
    if (errorType !== undefined) instruments.errors.add(1, tool.errorType(errorType));
    let storedBytes = 0;
    for (const artifact of stored) storedBytes += artifact.byteLength;
    if (storedBytes > 0) instruments.artifactBytes.add(storedBytes, tool.tool);
    if (this.#recording) this.#describeEnd(executed, errorType, stored, judged);
    this.#span.end();
  }

  #describeEnd(
    executed: ExecutedCall,
    errorType: string | undefined,
    stored: readonly ArtifactReference[],
    judged: JudgedPaths | undefined,
  ): void {
    const span = this.#span;
    span.setAttribute(ToolwrightAttribute.callOutcome, executed.status);
    span.setAttribute(ToolwrightAttribute.callAttempts, executed.attempts);
    for (const artifact of stored) {
      span.addEvent(ExecutorEventName.artifactStored, {
        [ToolwrightAttribute.artifactId]: artifact.id,
        [ToolwrightAttribute.artifactBytes]: artifact.byteLength,
      });
    }
    const content = this.#scope.content;
    if (content !== undefined) {
      const withheld = withheldContentReason(executed.call, executed.invocation, judged, this.#scope.guard);
      if (withheld !== undefined) {
        span.setAttribute(ToolwrightAttribute.contentWithheld, withheld);
      } else {
        span.setAttribute(
          SemanticAttribute.genAiToolCallArguments,
          telemetryContent(executed.invocation?.params ?? executed.call.arguments, content),
        );
        span.setAttribute(SemanticAttribute.genAiToolCallResult, telemetryContent(executed.content, content));
      }
    }
    if (errorType !== undefined) {
      span.setAttribute(SemanticAttribute.errorType, errorType);
      span.setStatus({ code: this.#api.SpanStatusCode.ERROR });
    }
  }

  #ownContext(): Context {
    this.#context ??= this.#api.trace.setSpan(this.#parent, this.#span);
    return this.#context;
  }
}
