import type { OpenTelemetryApi } from '@toolwright/utils/telemetry';
import { SemanticAttribute } from '@toolwright/utils/telemetry';
import { ToolwrightError } from '@toolwright/validation';

/** The tracer and meter name of the agent's own spans and metrics. */
export const AGENT_INSTRUMENTATION_NAME = '@toolwright/example-agent';

/**
 * `error.type` of a failure: a toolwright error's stable code, else the error's class name, else
 * the conventions' `_OTHER`. Never the message: it may carry a path or an argument value.
 */
export function errorType(error: unknown): string {
  if (ToolwrightError.isInstance(error)) return error.code;
  if (error instanceof Error && error.name !== '') return error.name;
  return '_OTHER';
}

/** Marks `span` failed with `error`, as the conventions ask: `error.type` and status ERROR. */
export function markSpanFailed(
  api: OpenTelemetryApi,
  span: {
    setAttribute(key: string, value: string): unknown;
    setStatus(status: { code: number; message?: string }): unknown;
  },
  error: unknown,
): void {
  const type = errorType(error);
  span.setAttribute(SemanticAttribute.errorType, type);
  span.setStatus({ code: api.SpanStatusCode.ERROR, message: type });
}
