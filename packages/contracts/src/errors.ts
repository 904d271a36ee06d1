import { ToolwrightError, type ToolwrightErrorOptions } from '@toolwright/validation';

/** The codes used by `@toolwright/contracts` (validation errors keep validation's codes). */
export const ContractsErrorCode = Object.freeze({
  /** `createTool` was given a config it cannot accept (see `problems`). */
  InvalidToolDefinition: 'invalid_tool_definition',
  /** `getFunctionDeclaration` or `toProviderToolFormat` was asked for an unknown target. */
  UnsupportedProviderTarget: 'unsupported_provider_target',
  /** `rebuildInvocation` was given an invocation of a different tool. */
  InvocationToolMismatch: 'invocation_tool_mismatch',
  /** `rebuildInvocation` was given a patch that is not a plain object. */
  InvalidInvocationPatch: 'invalid_invocation_patch',
  /** An invocation retired by `rebuildInvocation` was executed. */
  InvocationSuperseded: 'invocation_superseded',
  /** `execute` was called without a usable `ExecutionContext`. */
  InvalidExecutionContext: 'invalid_execution_context',
  /** A tool's `execute` resolved to something that is not a `ToolResult`. */
  InvalidToolResult: 'invalid_tool_result',
  /** A tool's `affectedPaths`, `extractSignatureContent`, ... callback threw or returned a wrong type. */
  InvocationCallbackFailed: 'invocation_callback_failed',
} as const);

/** One of the codes in {@link ContractsErrorCode}. */
export type ContractsErrorCode = (typeof ContractsErrorCode)[keyof typeof ContractsErrorCode];

const INVALID_DEFINITION_MARKER: unique symbol = Symbol.for(
  'toolwright.invalid_tool_definition_error',
) as never;
const INVOCATION_ERROR_MARKER: unique symbol = Symbol.for('toolwright.tool_invocation_error') as never;
const TARGET_ERROR_MARKER: unique symbol = Symbol.for(
  'toolwright.unsupported_provider_target_error',
) as never;

/**
 * Thrown by `createTool` when the config cannot make a valid tool. It lists every problem at
 * once (not just the first), each naming the field, the offending value and what is accepted.
 * Nothing is created when it is thrown.
 */
export class InvalidToolDefinitionError extends ToolwrightError {
  /** The tool's name when it was a string, so a failing batch can say which tool failed. */
  readonly toolName: string | undefined;
  /** One line per problem found. */
  readonly problems: readonly string[];
  /** Cross-install recognition marker for this subclass. */
  readonly [INVALID_DEFINITION_MARKER] = true;

  constructor(
    toolName: string | undefined,
    problems: readonly string[],
    options: ToolwrightErrorOptions = {},
  ) {
    const subject = toolName === undefined ? 'a tool' : `tool "${toolName}"`;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      ContractsErrorCode.InvalidToolDefinition,
      `Cannot create ${subject}: ${count} in its config:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
      options,
    );
    this.toolName = toolName;
    this.problems = Object.freeze([...problems]);
  }

  /** True for any `InvalidToolDefinitionError`, including one thrown by another installed copy. */
  static override isInstance(value: unknown): value is InvalidToolDefinitionError {
    return (
      ToolwrightError.isInstance(value) &&
      (value as { [INVALID_DEFINITION_MARKER]?: unknown })[INVALID_DEFINITION_MARKER] === true
    );
  }
}

/**
 * Thrown when an invocation is misused: rebuilt against another tool or with a non-object patch,
 * executed after it was superseded, executed without a context, or when one of the tool's
 * permission callbacks fails. `code` says which.
 */
export class ToolInvocationError extends ToolwrightError {
  /** The tool the invocation belongs to. */
  readonly toolName: string;
  /** Cross-install recognition marker for this subclass. */
  readonly [INVOCATION_ERROR_MARKER] = true;

  constructor(
    code: ContractsErrorCode,
    toolName: string,
    message: string,
    options: ToolwrightErrorOptions = {},
  ) {
    super(code, message, options);
    this.toolName = toolName;
  }

  /** True for any `ToolInvocationError`, including one thrown by another installed copy. */
  static override isInstance(value: unknown): value is ToolInvocationError {
    return (
      ToolwrightError.isInstance(value) &&
      (value as { [INVOCATION_ERROR_MARKER]?: unknown })[INVOCATION_ERROR_MARKER] === true
    );
  }
}

/** Thrown when a declaration is asked for a provider target toolwright does not know. */
export class UnsupportedProviderTargetError extends ToolwrightError {
  /** The target that was asked for, as given. */
  readonly target: unknown;
  /** Cross-install recognition marker for this subclass. */
  readonly [TARGET_ERROR_MARKER] = true;

  constructor(target: unknown, accepted: readonly string[]) {
    super(
      ContractsErrorCode.UnsupportedProviderTarget,
      `Unknown provider target ${formatValue(target)}; accepted targets: ${accepted.map((name) => `"${name}"`).join(', ')}.`,
    );
    this.target = target;
  }

  /** True for any `UnsupportedProviderTargetError`, including one from another installed copy. */
  static override isInstance(value: unknown): value is UnsupportedProviderTargetError {
    return (
      ToolwrightError.isInstance(value) &&
      (value as { [TARGET_ERROR_MARKER]?: unknown })[TARGET_ERROR_MARKER] === true
    );
  }
}

const PREVIEW_LIMIT = 60;

/**
 * A short, single-line rendering of an offending value for error messages: strings quoted,
 * everything capped so that a huge value cannot flood a message.
 */
export function formatValue(value: unknown): string {
  let text: string;
  if (typeof value === 'string') {
    text = JSON.stringify(value);
  } else if (typeof value === 'function') {
    text = 'a function';
  } else if (typeof value === 'symbol' || typeof value === 'bigint') {
    text = String(value);
  } else if (value === undefined) {
    text = 'undefined';
  } else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      // Cycles and other unserialisable values: name the type rather than fail the error.
      text = Object.prototype.toString.call(value);
    }
  }
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT - 1)}…` : text;
}
