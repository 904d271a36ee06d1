import { checkOptions, type OptionTable } from '@toolwright/utils';
import { InvalidOptionError, ToolwrightError } from '@toolwright/validation';
import { formatValue } from './format-value.js';
import { invalidOption } from './invalid-option.js';
import { checkToolResult } from './normalise-tool-result.js';
import type { ArtifactReference, LlmContentPart, ToolErrorType, ToolResult } from './tool-result.js';

/** The optional parts of a result that every constructor accepts. */
export interface ToolResultExtras {
  readonly display?: string;
  readonly artifacts?: readonly ArtifactReference[];
  readonly metadata?: Readonly<Record<string, unknown>>;
}

// Only the names: the values are checked with the whole result, by checkToolResult.
const EXTRAS_OPTIONS: OptionTable<ToolResultExtras> = {
  display: { kind: 'custom' },
  artifacts: { kind: 'custom' },
  metadata: { kind: 'custom' },
};

/**
 * Throws `InvalidOptionError` for an unknown key of `extras`: spread into the result, a key such
 * as `artifact` would reach the host as an unknown field and the artifacts would be lost, and
 * `llmContent` or `error` would overwrite what the constructor sets.
 */
function checkedExtras(extras: ToolResultExtras | undefined): ToolResultExtras | undefined {
  checkOptions('ToolResultExtras', extras, EXTRAS_OPTIONS, invalidOption);
  return extras;
}

/** The value as compact JSON, or an error naming why it is not a JSON object. */
function renderStructured(value: unknown): string {
  const problem = `value is ${formatValue(value)}`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError(
      'ToolResults.structured',
      `${problem}; expected a JSON object (an output schema describes an object, as MCP's structuredContent is one)`,
    );
  }
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new InvalidOptionError(
      'ToolResults.structured',
      `${problem}, which cannot be rendered as JSON (${(error as Error).message}); expected a JSON object`,
    );
  }
}

/** A failure's message: a string as is, an error by its message (and code when it has one). */
export type FailureReason = string | Error;

function describeReason(reason: FailureReason): string {
  if (typeof reason === 'string') {
    return reason;
  }
  // A toolwright error's code is part of what the model can act on ("validation_failed").
  return ToolwrightError.isInstance(reason) ? `${reason.message} (code: ${reason.code})` : reason.message;
}

function failure(
  type: ToolErrorType,
  reason: FailureReason,
  extras: ToolResultExtras | undefined,
): ToolResult {
  const message = describeReason(reason);
  return Object.freeze({
    ...checkedExtras(extras),
    llmContent: message,
    error: Object.freeze({ type, message }),
  });
}

/**
 * Constructors for {@link ToolResult}: one for success and one per error type, so every tool
 * reports failures the same way. Each returns a frozen result whose `llmContent` is the message.
 */
export const ToolResults = Object.freeze({
  /** A successful result: text or content parts for the model, plus optional extras. */
  success(llmContent: string | readonly LlmContentPart[], extras?: ToolResultExtras): ToolResult {
    return Object.freeze({ ...checkedExtras(extras), llmContent });
  },
  /**
   * A successful result with a structured value: `value` (a JSON object) becomes
   * `structuredContent`, and the model reads `text`, or when it is left out, `value` as compact
   * JSON. A tool with an `outputSchema` returns this; its value is checked when the call runs.
   * A tool without one may return it too: the value is passed on as it is, unchecked.
   */
  structured(value: Readonly<Record<string, unknown>>, text?: string, extras?: ToolResultExtras): ToolResult {
    const rendered = renderStructured(value);
    if (text !== undefined && typeof text !== 'string') {
      throw new InvalidOptionError(
        'ToolResults.structured',
        `text is ${formatValue(text)}; expected a string (or leave it out for a JSON rendering of the value)`,
      );
    }
    return Object.freeze({
      ...checkedExtras(extras),
      llmContent: text ?? rendered,
      structuredContent: value,
    });
  },
  /** The arguments were invalid (pass the `ToolValidationError` to keep its repair hints). */
  validationError(reason: FailureReason, extras?: ToolResultExtras): ToolResult {
    return failure('validation', reason, extras);
  },
  /** The user or a policy refused the call. */
  permissionDenied(reason: FailureReason, extras?: ToolResultExtras): ToolResult {
    return failure('permission_denied', reason, extras);
  },
  /** The tool ran and failed. */
  executionError(reason: FailureReason, extras?: ToolResultExtras): ToolResult {
    return failure('execution', reason, extras);
  },
  /** The call did not finish in time; `reason` may be the limit in milliseconds. */
  timeout(reason: FailureReason | number, extras?: ToolResultExtras): ToolResult {
    const message = typeof reason === 'number' ? `The tool call timed out after ${reason} ms.` : reason;
    return failure('timeout', message, extras);
  },
  /** The call was cancelled (its abort signal fired). */
  aborted(
    reason: FailureReason = 'The tool call was aborted before it finished.',
    extras?: ToolResultExtras,
  ) {
    return failure('aborted', reason, extras);
  },
  /** A quota or limit was reached (output size, artifact space, rate). */
  resourceExhausted(reason: FailureReason, extras?: ToolResultExtras): ToolResult {
    return failure('resource_exhausted', reason, extras);
  },
  /** What the call refers to does not exist (a file, a task, a resource). */
  notFound(reason: FailureReason, extras?: ToolResultExtras): ToolResult {
    return failure('not_found', reason, extras);
  },
});

/** True when `result` reports a failure (has an `error`). */
export function isErrorResult(
  result: ToolResult,
): result is ToolResult & { error: NonNullable<ToolResult['error']> } {
  return result.error !== undefined;
}

/**
 * True when `value` is a {@link ToolResult} as it stands: an object whose `llmContent` is a string
 * or an array of parts, with `error`, when present, naming a known error type with a string
 * message. A value that only {@link normaliseToolResult} can turn into a result is not one: a
 * `success: false` without an `error`, `success` beside an `error`, or blade-code's error types.
 */
export function isToolResult(value: unknown): value is ToolResult {
  const { result } = checkToolResult(value);
  return result !== undefined && result === value;
}
