import { brandErrorClass, type ErrorClassGuard } from '@toolwright/utils';
import { ToolwrightError } from '@toolwright/validation';

/** One conformance rule a tool broke, with what was found. */
export interface ConformanceFailure {
  /** The rule's id, e.g. `'name-portable'`; see the README for the list. */
  readonly rule: string;
  readonly message: string;
}

/**
 * Thrown by `assertToolConformance` with every failed rule (not just the first), one a line in
 * the message and structured in `failures`. Code `'tool_not_conformant'`.
 */
export class ToolConformanceError extends ToolwrightError {
  /** The tool's name, when it had one. */
  readonly toolName: string | undefined;
  readonly failures: readonly ConformanceFailure[];

  /** True for any `ToolConformanceError`, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ToolConformanceError>;

  static {
    brandErrorClass(ToolConformanceError, 'toolwright.contracts.ToolConformanceError', {
      formerKeys: ['toolwright.tool-conformance-error'],
    });
  }

  constructor(toolName: string | undefined, failures: readonly ConformanceFailure[]) {
    const subject = toolName === undefined ? 'The value' : `Tool "${toolName}"`;
    const count = failures.length === 1 ? '1 conformance rule' : `${failures.length} conformance rules`;
    super(
      'tool_not_conformant',
      `${subject} breaks ${count}:\n${failures.map((failure) => `- [${failure.rule}] ${failure.message}`).join('\n')}`,
    );
    this.toolName = toolName;
    this.failures = Object.freeze(failures.map((failure) => Object.freeze({ ...failure })));
  }
}
