import { ToolwrightError } from '@toolwright/validation';
import { carriesMarker, markPrototype } from '../error-marker.js';

/** One conformance rule a tool broke, with what was found. */
export interface ConformanceFailure {
  /** The rule's id, e.g. `'name-portable'`; see the README for the list. */
  readonly rule: string;
  readonly message: string;
}

const CONFORMANCE_ERROR_MARKER: unique symbol = Symbol.for('toolwright.tool-conformance-error') as never;

/**
 * Thrown by `assertToolConformance` with every failed rule (not just the first), one a line in
 * the message and structured in `failures`. Code `'tool_not_conformant'`.
 */
export class ToolConformanceError extends ToolwrightError {
  /** The tool's name, when it had one. */
  readonly toolName: string | undefined;
  readonly failures: readonly ConformanceFailure[];
  /** Cross-install recognition marker for this subclass (set on the prototype). */
  declare readonly [CONFORMANCE_ERROR_MARKER]: true;

  static {
    markPrototype(ToolConformanceError.prototype, CONFORMANCE_ERROR_MARKER);
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

  /** True for any `ToolConformanceError`, including one thrown by another installed copy. */
  static override isInstance(value: unknown): value is ToolConformanceError {
    return carriesMarker(value, CONFORMANCE_ERROR_MARKER);
  }
}
