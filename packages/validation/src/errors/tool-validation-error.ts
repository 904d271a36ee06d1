import { brandErrorClass, type ErrorClassGuard } from '@toolwright/utils';
import { ToolwrightError, type ToolwrightErrorOptions } from './toolwright-error.js';

/** One problem found in a tool call's arguments, phrased so that a model can repair it. */
export interface ValidationIssue {
  /** JSON pointer to the offending value, `''` for the arguments object itself. */
  path: string;
  /** The rule that failed: `'type'`, `'required'`, `'additionalProperties'`, `'minimum'`, ... */
  keyword: string;
  /** One line from the locale catalog. */
  message: string;
  /** What would be accepted. */
  expected: string;
  /** A short preview of what was sent (capped). */
  received: string;
}

/**
 * Thrown when a tool call's arguments are rejected. `message` lists one issue a line (path,
 * expectation, preview of what was received) and is capped in length, so it can be handed back
 * to the model as is; `issues` carries the same content in structured form.
 */
export class ToolValidationError extends ToolwrightError {
  /** The tool whose arguments were rejected, when the caller named it. */
  readonly toolName: string | undefined;
  /** Every problem found, in schema order. */
  readonly issues: readonly ValidationIssue[];

  /** True for any `ToolValidationError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolValidationError>;

  static {
    brandErrorClass(ToolValidationError, 'toolwright.validation.ToolValidationError', {
      formerKeys: ['toolwright.tool-validation-error'],
    });
  }

  constructor(
    code: string,
    message: string,
    details: { toolName?: string | undefined; issues: readonly ValidationIssue[] },
    options: ToolwrightErrorOptions = {},
  ) {
    super(code, message, options);
    this.toolName = details.toolName;
    this.issues = adoptingIssues
      ? freezeEach(details.issues)
      : Object.freeze(
          details.issues.map(({ path, keyword, message, expected, received }) =>
            Object.freeze({ path, keyword, message, expected, received }),
          ),
        );
  }
}

/**
 * True only inside `createArgumentError`, whose issues were made for the error it creates (fresh
 * objects with the five fields, in order, and a fresh array): those are frozen as they are. A
 * caller's own issues are copied first, so that what it keeps a reference to is not frozen and
 * no extra field of its objects reaches the error.
 */
let adoptingIssues = false;

function freezeEach(issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  for (const issue of issues) Object.freeze(issue);
  return Object.freeze(issues);
}

/**
 * Creates the `ToolValidationError` for arguments a model sent. Such an error is data for the
 * model, not a bug: a stack trace into the validator would help no one, and capturing one is the
 * largest single cost of rejecting a call. So the trace is left out (the stack is the message).
 * `details.issues` must be made for this error alone: they are frozen, not copied.
 */
export function createArgumentError(
  code: string,
  message: string,
  details: { toolName?: string | undefined; issues: readonly ValidationIssue[] },
): ToolValidationError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  adoptingIssues = true;
  try {
    return new ToolValidationError(code, message, details);
  } finally {
    adoptingIssues = false;
    Error.stackTraceLimit = limit;
  }
}
