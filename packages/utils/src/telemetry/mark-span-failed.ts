import { SemanticAttribute } from './semantic-names.js';
import { telemetryErrorType } from './telemetry-error-type.js';

/** The little of a span that marking it failed needs (any OpenTelemetry `Span` has it). */
export interface FailableSpan {
  setAttribute(key: string, value: string): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
}

/** `SpanStatusCode.ERROR` of the API: fixed by the specification, so no API is needed to name it. */
const STATUS_ERROR = 2;

/**
 * Marks `span` failed as the conventions ask: `error.type` (a code or class name, never the
 * message, which may carry content) and status ERROR with the same words.
 */
export function markSpanFailed(span: FailableSpan, error: unknown): string {
  const type = telemetryErrorType(error);
  span.setAttribute(SemanticAttribute.errorType, type);
  span.setStatus({ code: STATUS_ERROR, message: type });
  return type;
}
