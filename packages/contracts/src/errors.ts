import { brandErrorClass, type ErrorClassGuard } from '@toolwright/utils';
import { ToolwrightError, type ToolwrightErrorOptions, type ValidationIssue } from '@toolwright/validation';
import { formatValue } from './format-value.js';

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
  /**
   * A successful result of a tool with an output schema carried no `structuredContent`, or
   * one that does not match the schema (see `ToolOutputValidationError`).
   */
  InvalidStructuredOutput: 'invalid_structured_output',
  /** A tool's `affectedPaths`, `extractSignatureContent`, ... callback threw or returned a wrong type. */
  InvocationCallbackFailed: 'invocation_callback_failed',
  /** A tool, invocation or schema validator of an interface version this copy does not speak. */
  UnsupportedSpecificationVersion: 'unsupported_specification_version',
} as const);

/** One of the codes in {@link ContractsErrorCode}. */
export type ContractsErrorCode = (typeof ContractsErrorCode)[keyof typeof ContractsErrorCode];

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

  /** True for any `InvalidToolDefinitionError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<InvalidToolDefinitionError>;

  static {
    brandErrorClass(InvalidToolDefinitionError, 'toolwright.contracts.InvalidToolDefinitionError', {
      formerKeys: ['toolwright.invalid-tool-definition-error'],
    });
  }

  constructor(
    toolName: string | undefined,
    problems: readonly string[],
    options: ToolwrightErrorOptions & {
      /** `unsupported_specification_version` when the schema is a validator of another interface version. */
      readonly code?: 'invalid_tool_definition' | 'unsupported_specification_version';
    } = {},
  ) {
    const subject = toolName === undefined ? 'a tool' : `tool "${toolName}"`;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      options.code ?? ContractsErrorCode.InvalidToolDefinition,
      `Cannot create ${subject}: ${count} in its config:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
      options,
    );
    this.toolName = toolName;
    this.problems = Object.freeze([...problems]);
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

  /** True for any `ToolInvocationError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolInvocationError>;

  static {
    brandErrorClass(ToolInvocationError, 'toolwright.contracts.ToolInvocationError', {
      formerKeys: ['toolwright.tool-invocation-error'],
    });
  }

  constructor(
    code: ContractsErrorCode,
    toolName: string,
    message: string,
    options: ToolwrightErrorOptions = {},
  ) {
    super(code, message, options);
    this.toolName = toolName;
  }
}

/** Thrown when a declaration is asked for a provider target toolwright does not know. */
export class UnsupportedProviderTargetError extends ToolwrightError {
  /** The target that was asked for, as given. */
  readonly target: unknown;

  /** True for any `UnsupportedProviderTargetError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<UnsupportedProviderTargetError>;

  static {
    brandErrorClass(UnsupportedProviderTargetError, 'toolwright.contracts.UnsupportedProviderTargetError', {
      formerKeys: ['toolwright.unsupported-provider-target-error'],
    });
  }

  constructor(target: unknown, accepted: readonly string[]) {
    super(
      ContractsErrorCode.UnsupportedProviderTarget,
      `Unknown provider target ${formatValue(target)}; accepted targets: ${accepted.map((name) => `"${name}"`).join(', ')}.`,
    );
    this.target = target;
  }
}

/**
 * Thrown by an invocation's `execute` when the tool declares an `outputSchema` and a successful
 * result breaks it: no `structuredContent`, or a value that does not match. The tool is at
 * fault, not the model, so it is thrown to the host like any tool bug (an executor reports it
 * as an execution error) rather than returned as if the call had produced that output.
 * `message` lists one issue a line, in the form of argument validation errors.
 */
export class ToolOutputValidationError extends ToolwrightError {
  /** The tool whose result was refused. */
  readonly toolName: string;
  /** Every mismatch found, path and expectation included (empty when the value was missing). */
  readonly issues: readonly ValidationIssue[];

  /** True for any `ToolOutputValidationError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolOutputValidationError>;

  static {
    brandErrorClass(ToolOutputValidationError, 'toolwright.contracts.ToolOutputValidationError');
  }

  constructor(
    toolName: string,
    message: string,
    issues: readonly ValidationIssue[],
    options: ToolwrightErrorOptions = {},
  ) {
    super(ContractsErrorCode.InvalidStructuredOutput, message, options);
    this.toolName = toolName;
    this.issues = Object.freeze([...issues]);
  }
}
