import { isTool } from '@toolwright/contracts';
import {
  describeNumberProblem,
  describeOptionProblem,
  type NumberRange,
  previewValue,
} from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/**
 * `options` when every key is in `known` (`undefined` counts as no options); otherwise throws
 * `invalid_option` with the shared wording of `@toolwright/utils`, naming each unknown key and
 * the nearest known one. A misspelt option must fail loudly: ignored, it would leave the default
 * in force, and `{ sever: 'fs' }` would turn a server-scoped replace into a whole-catalog one.
 */
export function checkOptionNames<T extends object>(
  owner: string,
  options: T | undefined,
  known: readonly (keyof T & string)[],
): Partial<T> {
  if (options === undefined) return {};
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new RegistryError(RegistryErrorCode.InvalidOption, problem);
  return options;
}

/** Throws `invalid_option`: `<owner>: <name> must be <accepted>; got <value>.` */
export function refuseOptionValue(owner: string, name: string, accepted: string, value: unknown): never {
  throw new RegistryError(
    RegistryErrorCode.InvalidOption,
    `${owner}: ${name} must be ${accepted}; got ${previewValue(value)}.`,
  );
}

/** Refuses a value that is neither absent nor a boolean. */
export function checkBooleanOption(owner: string, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') refuseOptionValue(owner, name, 'a boolean', value);
}

/** Refuses a value that is neither absent nor a function. */
export function checkFunctionOption(owner: string, name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') refuseOptionValue(owner, name, 'a function', value);
}

/** Refuses a value that is neither absent nor a string (non-empty when `nonEmpty`). */
export function checkStringOption(owner: string, name: string, value: unknown, nonEmpty = false): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || (nonEmpty && value === '')) {
    refuseOptionValue(owner, name, nonEmpty ? 'a non-empty string' : 'a string', value);
  }
}

/** Refuses a number option out of `range` (absent is fine), with the shared wording. */
export function checkNumberOption(owner: string, name: string, value: unknown, range: NumberRange): void {
  const problem = describeNumberProblem(owner, name, value, range);
  if (problem !== undefined) throw new RegistryError(RegistryErrorCode.InvalidOption, problem);
}

/**
 * The tools of an argument that takes a list of tools: an array as it is, any other iterable
 * copied. Anything else (a single tool, a string) throws `invalid_option`: read as an empty
 * list, it would make `replaceMcpTools` remove the whole MCP catalog.
 */
export function toToolList<T>(owner: string, tools: Iterable<T>): readonly T[] {
  if (Array.isArray(tools)) return tools;
  const iterable =
    typeof tools === 'object' &&
    tools !== null &&
    typeof (tools as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
  if (!iterable) {
    const got = isTool(tools) ? `the single tool "${tools.name}" (wrap it in an array)` : previewValue(tools);
    throw new RegistryError(RegistryErrorCode.InvalidOption, `${owner} expects a list of tools; got ${got}.`);
  }
  return [...tools];
}
