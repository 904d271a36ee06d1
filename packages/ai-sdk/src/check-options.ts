import { describeOptionProblem } from '@toolwright/utils';
import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';

/**
 * Throws `invalid_option` unless `options` is an object whose keys are all in `known`; the
 * message names each unknown key with the nearest known name (the shared wording of
 * `@toolwright/utils`). A misspelt `exector` must fail loudly: ignored, it would silently run
 * every call without the permission policy.
 */
export function checkOptions(owner: string, options: unknown, known: readonly string[]): void {
  const problem = describeOptionProblem(owner, options, known);
  if (problem !== undefined) throw new AiSdkBridgeError(AiSdkBridgeErrorCode.InvalidOption, problem);
}

/** An `invalid_option` error saying what `name` must be and what it got (a short preview). */
export function invalidOption(
  owner: string,
  name: string,
  expected: string,
  value: unknown,
): AiSdkBridgeError {
  return new AiSdkBridgeError(
    AiSdkBridgeErrorCode.InvalidOption,
    `${owner}: ${name} must be ${expected}; got ${describeValue(value)}.`,
  );
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${value.constructor?.name ?? 'no prototype'})`;
  return JSON.stringify(value)?.slice(0, 80) ?? typeof value;
}
