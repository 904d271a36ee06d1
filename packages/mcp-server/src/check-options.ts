import { describeNumberProblem, describeOptionProblem, type NumberRange } from '@toolwright/utils';
import { McpServerError, McpServerErrorCode } from './mcp-server-error.js';

/**
 * Throws `invalid_option` unless `options` is an object whose keys are all in `known`. A typo
 * such as `allowedHost` must fail loudly: ignored, it would leave a security default in force
 * that the host believes it changed.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new McpServerError(McpServerErrorCode.InvalidOption, problem);
}

/** Throws `invalid_option` unless `value` is absent or a finite number in `range`. */
export function checkNumberOption(owner: string, name: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, name, value, range);
  if (problem !== undefined) throw new McpServerError(McpServerErrorCode.InvalidOption, problem);
}

/** Throws `invalid_option` naming the option, what it got and what it accepts. */
export function invalidOption(owner: string, name: string, accepted: string, got: unknown): McpServerError {
  const shown = typeof got === 'function' ? 'a function' : (JSON.stringify(got) ?? typeof got);
  return new McpServerError(
    McpServerErrorCode.InvalidOption,
    `${owner}: ${name} must be ${accepted}; got ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}.`,
  );
}

/** Throws `invalid_option` unless `value` is absent or a function. */
export function checkFunctionOption(owner: string, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function')
    throw invalidOption(owner, name, 'a function', value);
}
