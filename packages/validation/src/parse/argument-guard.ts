import { previewValue } from '@toolwright/utils';
import { createArgumentError, type ToolValidationError } from '../errors/tool-validation-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { formatValidationMessage } from '../messages/format-validation-message.js';
import type { MessageCatalog } from '../messages/message-catalog.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { ArgumentLimits } from '../schema/schema-validator.js';

/** Default caps on a tool call's arguments. */
export const DEFAULT_ARGUMENT_LIMITS: Readonly<Required<ArgumentLimits>> = Object.freeze({
  maxBytes: 1024 * 1024,
  maxDepth: 64,
});

/** Keys that could turn into a prototype change in code that copies arguments naively. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

type GuardFailure =
  | { kind: 'too-large' }
  | { kind: 'too-deep'; path: string }
  | { kind: 'forbidden-key'; path: string; key: string }
  | { kind: 'not-json'; path: string; received: string };

/** What the fast scan found: a failure's kind (located afterwards), or that only the exact size can tell. */
type ScanVerdict = GuardFailure['kind'] | 'exact' | undefined;

/**
 * What a value is, when it is something JSON cannot hold (`an instance of Point`, `a function`);
 * undefined for plain JSON values. `undefined` itself passes: JSON drops such keys, and an
 * optional field treats it as absent.
 */
function describeNonJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    case 'bigint':
      return 'a bigint';
    case 'object': {
      if (value === null || Array.isArray(value)) return undefined;
      const prototype = Object.getPrototypeOf(value);
      if (prototype === Object.prototype || prototype === null) return undefined;
      const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === 'string' && name !== ''
        ? `an instance of ${name}`
        : 'an object with a custom prototype';
    }
  }
  return undefined;
}

/** A plain object: what `JSON.parse` makes (or one with a null prototype). */
function hasPlainPrototype(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Upper bound of a string's size as JSON: 6 bytes per UTF-16 unit (a `\u0000` escape) plus quotes.
 * The lower bound is one byte per unit. Exact measurement is only needed between the two.
 */
const STRING_UPPER_FACTOR = 6;
/** `String(n)` of a finite double is at most 24 characters (`-1.2345678901234567e-300`). */
const NUMBER_UPPER_BYTES = 24;

/**
 * Reused between calls (the scan never calls out while it runs, so it cannot re-enter): the hot
 * path allocates nothing. Cleared after every scan so no argument outlives its call.
 */
const pendingValues: unknown[] = [];
const pendingDepths: number[] = [];

/** Drops the references still queued after an early return. */
function releasePending(count: number): void {
  // Stryker disable next-line all: only the garbage collector sees these references; no test can without --expose-gc.
  for (let index = 0; index < count; index++) pendingValues[index] = undefined;
}

/**
 * Walks `value` iteratively (no recursion, so no stack overflow on hostile nesting or cycles)
 * and reports the first reason to refuse it. Primitives are measured where they are met; only
 * objects and arrays are queued. The walk stops as soon as even the smallest possible JSON
 * encoding exceeds `maxBytes`, so it costs at most O(maxBytes) steps whatever it is given.
 *
 * The array branch and the object branch repeat the per-value step on purpose: this runs on
 * every tool call's arguments, and a shared per-value function would add a call (and a way to
 * report a verdict and two running sizes back) per value on that path. The two differ in
 * what they add per value (a key and its quotes, or a comma) — keep them in step when changing one.
 */
function scan(value: unknown, maxBytes: number, maxDepth: number, startDepth: number): ScanVerdict {
  // A primitive (a decoded string's content, never the arguments object) is measured exactly.
  if (typeof value !== 'object' || value === null) return 'exact';
  if (startDepth + 1 > maxDepth) return 'too-deep';
  let lowerBytes = 0;
  let upperBytes = 0;
  let pending = 1;
  pendingValues[0] = value;
  pendingDepths[0] = startDepth + 1;
  let failure: ScanVerdict;
  scanning: while (pending > 0) {
    pending--;
    const current = pendingValues[pending] as object;
    pendingValues[pending] = undefined;
    const childDepth = pendingDepths[pending]! + 1;
    lowerBytes += 2;
    upperBytes += 2;
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const item: unknown = current[index];
        if (typeof item === 'string') {
          lowerBytes += item.length + 3;
          upperBytes += item.length * STRING_UPPER_FACTOR + 3;
        } else if (typeof item === 'object' && item !== null) {
          if (childDepth > maxDepth) {
            failure = 'too-deep';
            break scanning;
          }
          pendingValues[pending] = item;
          pendingDepths[pending++] = childDepth;
        } else if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') {
          failure = 'not-json';
          break scanning;
        } else {
          lowerBytes += 2;
          upperBytes += NUMBER_UPPER_BYTES + 1;
        }
      }
    } else {
      if (!hasPlainPrototype(current)) {
        failure = 'not-json';
        break;
      }
      // for...in allocates no key array; JSON objects have no inherited enumerable keys.
      for (const key in current) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
          failure = 'forbidden-key';
          break scanning;
        }
        const item: unknown = (current as Record<string, unknown>)[key];
        lowerBytes += key.length + 4;
        upperBytes += key.length * STRING_UPPER_FACTOR + 4;
        if (typeof item === 'string') {
          lowerBytes += item.length + 2;
          upperBytes += item.length * STRING_UPPER_FACTOR + 2;
        } else if (typeof item === 'object' && item !== null) {
          if (childDepth > maxDepth) {
            failure = 'too-deep';
            break scanning;
          }
          pendingValues[pending] = item;
          pendingDepths[pending++] = childDepth;
        } else if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') {
          failure = 'not-json';
          break scanning;
        } else {
          lowerBytes += 1;
          upperBytes += NUMBER_UPPER_BYTES;
        }
      }
    }
    if (lowerBytes > maxBytes) {
      failure = 'too-large';
      break;
    }
  }
  if (failure !== undefined) {
    releasePending(pending);
    return failure;
  }
  return upperBytes > maxBytes ? 'exact' : undefined;
}

/** Exact size as JSON (UTF-8 bytes), iterative, stopping once past `maxBytes`. */
function exceedsExactSize(value: unknown, maxBytes: number): boolean {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') bytes += Buffer.byteLength(JSON.stringify(current)) + 1;
    else if (typeof current === 'number') bytes += String(current).length + 1;
    else if (typeof current === 'boolean') bytes += current ? 5 : 6;
    else if (typeof current === 'object' && current !== null) {
      bytes += 3;
      if (Array.isArray(current)) for (const item of current) stack.push(item);
      else
        for (const [key, item] of Object.entries(current)) {
          bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
          stack.push(item);
        }
    } else bytes += 5;
    if (bytes > maxBytes) return true;
  }
  return false;
}

/**
 * Second, slower walk run only after the scan found a failure of `kind`: finds the JSON pointer
 * of the offender. The scan and this walk apply the same limits, so the offender is always met
 * before the stack runs out (were it not, popping the empty stack throws: refused, not passed).
 */
function locate(
  value: unknown,
  kind: GuardFailure['kind'],
  maxDepth: number,
  startDepth: number,
  basePath: string,
): GuardFailure {
  if (kind === 'too-large') return { kind };
  const stack: Array<[unknown, number, string]> = [[value, startDepth, basePath]];
  for (;;) {
    const [current, depth, path] = stack.pop() as [unknown, number, string];
    if (kind === 'not-json') {
      const received = describeNonJson(current);
      if (received !== undefined) return { kind, path, received };
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maxDepth) return { kind: 'too-deep', path };
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push([current[index], depth + 1, appendPointer(path, String(index))]);
    } else {
      for (const key of Object.keys(current)) {
        if (FORBIDDEN_KEYS.has(key)) return { kind: 'forbidden-key', path: appendPointer(path, key), key };
        stack.push([(current as Record<string, unknown>)[key], depth + 1, appendPointer(path, key)]);
      }
    }
  }
}

/** Where a guarded value sits: used when a JSON string inside the arguments is decoded. */
export interface GuardPosition {
  /** JSON pointer of the value. */
  path: string;
  /** Nesting depth of the value's parent (0 for the arguments object itself). */
  depth: number;
}

/** The arguments object itself (a constant, so the hot path allocates no position). */
const ROOT_POSITION: GuardPosition = Object.freeze({ path: '', depth: 0 });

/**
 * Refuses arguments that are too large, too deep, carry prototype keys or hold something JSON
 * cannot (class instances, functions, ...), before anything recursive touches them. Throws
 * `ToolValidationError` with code `arguments_too_large`, `arguments_too_deep`,
 * `arguments_forbidden_key` or `arguments_not_json`.
 */
export function guardArguments(
  value: unknown,
  limits: Readonly<Required<ArgumentLimits>>,
  catalog: MessageCatalog,
  toolName: string | undefined,
  position: GuardPosition = ROOT_POSITION,
): void {
  const verdict = scan(value, limits.maxBytes, limits.maxDepth, position.depth);
  if (verdict === undefined) return;
  if (verdict === 'exact' && !exceedsExactSize(value, limits.maxBytes)) return;
  const failure = locate(
    value,
    verdict === 'exact' ? 'too-large' : verdict,
    limits.maxDepth,
    position.depth,
    position.path,
  );
  switch (failure.kind) {
    case 'too-large':
      throw guardError(ValidationErrorCode.ArgumentsTooLarge, catalog, toolName, {
        path: position.path,
        keyword: 'maxBytes',
        message: catalog.tooLarge(limits.maxBytes),
        expected: `at most ${limits.maxBytes} bytes as JSON`,
        received: 'more',
      });
    case 'too-deep':
      throw guardError(ValidationErrorCode.ArgumentsTooDeep, catalog, toolName, {
        path: failure.path,
        keyword: 'maxDepth',
        message: catalog.tooDeep(limits.maxDepth),
        expected: `at most ${limits.maxDepth} nested levels`,
        received: 'deeper nesting',
      });
    case 'forbidden-key':
      throw guardError(ValidationErrorCode.ArgumentsForbiddenKey, catalog, toolName, {
        path: failure.path,
        keyword: 'propertyNames',
        message: catalog.forbiddenKey(failure.key),
        expected: 'a key other than __proto__, constructor or prototype',
        received: previewValue(failure.key),
      });
    case 'not-json':
      throw guardError(ValidationErrorCode.ArgumentsNotJson, catalog, toolName, {
        path: failure.path,
        keyword: 'type',
        message: catalog.notJson(failure.received),
        expected: 'plain JSON: object, array, string, number, boolean or null',
        received: failure.received,
      });
  }
}

function guardError(
  code: string,
  catalog: MessageCatalog,
  toolName: string | undefined,
  issue: ToolValidationError['issues'][number],
): ToolValidationError {
  return createArgumentError(code, formatValidationMessage(catalog, toolName, [issue]), {
    toolName,
    issues: [issue],
  });
}

/** Throws `arguments_not_object` unless `value` is a plain JSON object. */
export function requireObjectArguments(
  value: unknown,
  catalog: MessageCatalog,
  toolName: string | undefined,
): void {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return;
  const issue = {
    path: '',
    keyword: 'type',
    message: catalog.notObject(previewValue(value)),
    expected: 'object',
    received: previewValue(value),
  };
  throw createArgumentError(
    ValidationErrorCode.ArgumentsNotObject,
    formatValidationMessage(catalog, toolName, [issue]),
    {
      toolName,
      issues: [issue],
    },
  );
}
