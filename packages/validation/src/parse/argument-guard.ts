import { previewValue } from '@toolwright/utils';
import { createArgumentError, type ToolValidationError } from '../errors/tool-validation-error.js';
import { ValidationErrorCode } from '../errors/toolwright-error.js';
import { formatValidationMessage } from '../messages/format-validation-message.js';
import type { MessageCatalog } from '../messages/message-catalog.js';
import { appendPointer } from '../schema/json-pointer.js';
import type { ArgumentLimits } from '../schema/schema-validator.js';
import { type DeclaredKeys, UNSURE_KEYS, type UndeclaredVerdict } from './declared-keys.js';

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

/**
 * What the fast scan found: too large, a value to refuse that `locate` finds again with its path,
 * or that only the exact size can tell.
 */
type ScanVerdict = 'too-large' | 'locate' | 'exact' | undefined;

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

/**
 * Upper bound of a string's size as JSON: 6 bytes per UTF-16 unit (a `\u0000` escape) plus quotes.
 * The lower bound is one byte per unit. Exact measurement is only needed between the two.
 */
const STRING_UPPER_FACTOR = 6;
/**
 * A number, `true`, `false` or `null` as JSON: at least 1 byte, at most 25, the longest a finite
 * double writes (`-0.0000012345678901234567`; `-1.2345678901234567e-300` is 24).
 */
const NUMBER_UPPER_BYTES = 25;

/**
 * Reused between calls (the scan never calls out while it runs, so it cannot re-enter): the hot
 * path allocates nothing. Cleared after every scan so no argument outlives its call.
 */
// Stryker disable next-line ArrayDeclaration: a slot is written (pendingValues[pending] = ...) before it is read, so what the array starts with is never read.
const pendingValues: unknown[] = [];
// Stryker disable next-line ArrayDeclaration: likewise, pendingDepths[pending] is written before it is read.
const pendingDepths: number[] = [];
// Stryker disable next-line ArrayDeclaration: likewise, pendingKeys[pending] is written before it is read.
const pendingKeys: Array<DeclaredKeys | undefined> = [];
/** What the last scan found out about undeclared keys (read right after it, like the arrays above). */
let undeclared: UndeclaredVerdict = 'none';

/** Drops the references still queued after an early return (only refusals take this path). */
function releasePending(count: number): void {
  pendingValues.fill(undefined, 0, count);
}

/**
 * Walks `value` iteratively (no recursion, so no stack overflow on hostile nesting or cycles)
 * and reports the first reason to refuse it. Primitives are measured where they are met; only
 * objects and arrays are queued. The walk stops as soon as even the smallest possible JSON
 * encoding exceeds `maxBytes`, so it costs at most O(maxBytes) steps whatever it is given.
 *
 * Both bounds count the JSON text byte for byte (brackets, quotes, colons, commas; a member
 * whose value is `undefined` is left out, as JSON does): they differ only in what a string
 * (1 to 6 bytes per UTF-16 unit) and a number (1 to 25 bytes) can take.
 *
 * The array branch and the object branch repeat the per-value step on purpose: this runs on
 * every tool call's arguments, and a shared per-value function would add a call (and a way to
 * report a verdict and two running sizes back) per value on that path. The two differ in
 * what they add per value (a key, its quotes and colon) — keep them in step when changing one.
 * `locate` walks in this same order.
 *
 * Given the schema's key rules, the same loop also looks each key up among the declared ones
 * and leaves its finding in `undeclared`: the unknown-argument policy costs no walk of its own.
 */
function scan(
  value: unknown,
  maxBytes: number,
  maxDepth: number,
  startDepth: number,
  keys: DeclaredKeys | undefined,
): ScanVerdict {
  undeclared = keys === undefined ? 'unsure' : 'none';
  // A primitive (a decoded string's content, never the arguments object) is measured exactly.
  if (typeof value !== 'object' || value === null) return 'exact';
  if (startDepth + 1 > maxDepth) return 'locate';
  let lowerBytes = 0;
  let upperBytes = 0;
  let pending = 0;
  // The arguments object itself is walked first without a trip through the queue.
  let current = value as object;
  let childDepth = startDepth + 2;
  let rules = keys;
  let verdict: ScanVerdict;
  scanning: for (;;) {
    if (rules === UNSURE_KEYS) {
      if (undeclared === 'none') undeclared = 'unsure';
      rules = undefined;
    }
    if (Array.isArray(current)) {
      const itemRules = rules?.items;
      // The brackets, and a comma between two items.
      const frame = current.length === 0 ? 2 : current.length + 1;
      lowerBytes += frame;
      upperBytes += frame;
      for (let index = 0; index < current.length; index++) {
        const item: unknown = current[index];
        if (typeof item === 'string') {
          lowerBytes += item.length + 2;
          upperBytes += item.length * STRING_UPPER_FACTOR + 2;
        } else if (typeof item === 'object' && item !== null) {
          if (childDepth > maxDepth) {
            verdict = 'locate';
            break scanning;
          }
          pendingValues[pending] = item;
          pendingKeys[pending] = itemRules;
          pendingDepths[pending++] = childDepth;
        } else if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') {
          verdict = 'locate';
          break scanning;
        } else {
          // A number, a boolean or null (an undefined item is written as null).
          lowerBytes += 1;
          upperBytes += NUMBER_UPPER_BYTES;
        }
      }
    } else {
      // A plain object, what `JSON.parse` makes (or one with a null prototype). Written out here:
      // as a function, V8 left the call in place on this path (seen in a CPU profile).
      const prototype = Object.getPrototypeOf(current);
      if (prototype !== Object.prototype && prototype !== null) {
        verdict = 'locate';
        break;
      }
      lowerBytes += 2;
      upperBytes += 2;
      const names = rules?.names;
      const indexOfName = rules?.indexOfName;
      let comma = 0;
      // for...in allocates no key array; JSON objects have no inherited enumerable keys.
      for (const key in current) {
        if (key === '__proto__' || key === 'constructor' || key === 'prototype') {
          verdict = 'locate';
          break scanning;
        }
        // Before the undefined check: an undeclared key is one even when its value is undefined.
        let childRules: DeclaredKeys | undefined;
        if (names !== undefined) {
          let at = -1;
          if (indexOfName === undefined) {
            for (let index = 0; index < names.length; index++) {
              if (names[index] === key) {
                at = index;
                break;
              }
            }
          } else at = indexOfName.get(key) ?? -1;
          if (at >= 0) childRules = rules!.rules[at];
          else if (rules!.closed) undeclared = 'found';
        }
        const item: unknown = (current as Record<string, unknown>)[key];
        if (item === undefined) continue;
        // The key in quotes, its colon, and a comma before every member but the first.
        lowerBytes += key.length + 3 + comma;
        upperBytes += key.length * STRING_UPPER_FACTOR + 3 + comma;
        comma = 1;
        if (typeof item === 'string') {
          lowerBytes += item.length + 2;
          upperBytes += item.length * STRING_UPPER_FACTOR + 2;
        } else if (typeof item === 'object' && item !== null) {
          if (childDepth > maxDepth) {
            verdict = 'locate';
            break scanning;
          }
          pendingValues[pending] = item;
          pendingKeys[pending] = childRules;
          pendingDepths[pending++] = childDepth;
        } else if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') {
          verdict = 'locate';
          break scanning;
        } else {
          lowerBytes += 1;
          upperBytes += NUMBER_UPPER_BYTES;
        }
      }
    }
    if (lowerBytes > maxBytes) {
      verdict = 'too-large';
      break;
    }
    if (pending === 0) break;
    pending--;
    current = pendingValues[pending] as object;
    pendingValues[pending] = undefined;
    childDepth = pendingDepths[pending]! + 1;
    rules = pendingKeys[pending];
  }
  if (verdict !== undefined) {
    releasePending(pending);
    return verdict;
  }
  // Stryker disable next-line EqualityOperator,ConditionalExpression: `>=` or `true` only sends more values to the exact measure, which is at most upperBytes (an upper bound of the same JSON), so at most maxBytes: it passes them as this does. The `false` and `<=` ignored with them pass too much; the edge tests kill both (measured without this comment).
  return upperBytes > maxBytes ? 'exact' : undefined;
}

/**
 * Exact size as JSON (UTF-8 bytes of what `JSON.stringify` writes), iterative, stopping once
 * past `maxBytes`. Runs only on what the scan passed: plain JSON within the depth limit.
 */
function exceedsExactSize(value: unknown, maxBytes: number): boolean {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'string') bytes += Buffer.byteLength(JSON.stringify(current));
    // NaN and the infinities are written as null.
    else if (typeof current === 'number') bytes += JSON.stringify(current).length;
    else if (typeof current === 'boolean') bytes += current ? 4 : 5;
    else if (typeof current === 'object' && current !== null) {
      let members = 0;
      if (Array.isArray(current)) {
        for (const item of current) stack.push(item);
        members = current.length;
      } else
        for (const key in current) {
          const item: unknown = (current as Record<string, unknown>)[key];
          if (item === undefined) continue;
          bytes += Buffer.byteLength(JSON.stringify(key)) + 1;
          stack.push(item);
          members++;
        }
      // The brackets, and a comma between two members.
      bytes += members === 0 ? 2 : members + 1;
    }
    // null, or an undefined array item (written as null).
    else bytes += 4;
    if (bytes > maxBytes) return true;
  }
  return false;
}

/**
 * Second, slower walk run only after the scan met a value to refuse (too deep, a forbidden key,
 * not JSON): finds it again with its JSON pointer. It walks in the scan's order and checks the
 * same things, so it meets the same offender after the same steps (never more: a huge shared
 * structure the scan did not walk is not walked here either). Were it not met, popping the
 * empty stack throws: refused, not passed.
 */
function locate(value: object, maxDepth: number, startDepth: number, basePath: string): GuardFailure {
  if (startDepth + 1 > maxDepth) return { kind: 'too-deep', path: basePath };
  const stack: Array<[object, number, string]> = [[value, startDepth + 1, basePath]];
  for (;;) {
    const [current, depth, path] = stack.pop() as [object, number, string];
    if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) {
        const failure = locateIn(item, depth, appendPointer(path, String(index)), maxDepth, stack);
        if (failure !== undefined) return failure;
      }
    } else {
      const received = describeNonJson(current);
      if (received !== undefined) return { kind: 'not-json', path, received };
      for (const key in current) {
        if (FORBIDDEN_KEYS.has(key)) return { kind: 'forbidden-key', path: appendPointer(path, key), key };
        const failure = locateIn(
          (current as Record<string, unknown>)[key],
          depth,
          appendPointer(path, key),
          maxDepth,
          stack,
        );
        if (failure !== undefined) return failure;
      }
    }
  }
}

/** One item of `locate`'s walk: the failure it is, or undefined (a container is queued). */
function locateIn(
  item: unknown,
  parentDepth: number,
  path: string,
  maxDepth: number,
  stack: Array<[object, number, string]>,
): GuardFailure | undefined {
  if (typeof item === 'object' && item !== null) {
    if (parentDepth + 1 > maxDepth) return { kind: 'too-deep', path };
    stack.push([item, parentDepth + 1, path]);
    return undefined;
  }
  const received = describeNonJson(item);
  return received === undefined ? undefined : { kind: 'not-json', path, received };
}

const TOO_LARGE: GuardFailure = Object.freeze({ kind: 'too-large' });

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
 *
 * Given the schema's key rules (`keys`), it also says whether the value holds a key the schema
 * does not declare, found in the same walk; without them the answer is `'unsure'`.
 */
export function guardArguments(
  value: unknown,
  limits: Readonly<Required<ArgumentLimits>>,
  catalog: MessageCatalog,
  toolName: string | undefined,
  position: GuardPosition = ROOT_POSITION,
  keys?: DeclaredKeys,
): UndeclaredVerdict {
  const verdict = scan(value, limits.maxBytes, limits.maxDepth, position.depth, keys);
  if (verdict === undefined) return undeclared;
  if (verdict === 'exact' && !exceedsExactSize(value, limits.maxBytes)) return undeclared;
  const failure =
    verdict === 'locate'
      ? locate(value as object, limits.maxDepth, position.depth, position.path)
      : TOO_LARGE;
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
