import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/** A regular expression that matches in time linear in its input. */
export interface LinearRegExp {
  test(text: string): boolean;
}

/** The flags of a {@link compileLinearRegExp} pattern, as JavaScript's `i`, `m` and `s`. */
export interface LinearRegExpFlags {
  readonly ignoreCase?: boolean;
  readonly multiline?: boolean;
  readonly dotAll?: boolean;
}

/** A pattern compiled for linear-time matching. */
interface LinearPattern extends LinearRegExp {
  /** Ajv de-duplicates compiled patterns by `toString()`: it must identify the pattern. */
  toString(): string;
}

let engine: typeof RE2JS | undefined;

/**
 * re2js, loaded on the first pattern compiled rather than with the package: it is a large module,
 * and most processes never compile a JSON Schema `pattern` or a regex search. The load is
 * synchronous (Ajv compiles synchronously), through `require`, so every package that matches with
 * RE2 (this one, the registry's regex search) shares its one CommonJS copy.
 */
function re2(): typeof RE2JS {
  if (engine === undefined) {
    // Resolved from this file: `__filename` in the CommonJS build, `import.meta.url` in the ES one.
    const load = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    engine = (load('re2js') as { RE2JS: typeof RE2JS }).RE2JS;
  }
  return engine;
}

/**
 * Compiles `pattern` with RE2 semantics (re2js): no backtracking, so a pattern from an untrusted
 * schema or a model, such as `^(a+)+$`, cannot freeze the process the way a backtracking `RegExp`
 * can. Throws re2js's own error for a pattern RE2 cannot express (lookaround, backreferences).
 */
export function compileLinearRegExp(pattern: string, flags: LinearRegExpFlags = {}): LinearRegExp {
  const RE2 = re2();
  const bits =
    (flags.ignoreCase ? RE2.CASE_INSENSITIVE : 0) |
    (flags.multiline ? RE2.MULTILINE : 0) |
    (flags.dotAll ? RE2.DOTALL : 0);
  const expression = RE2.compile(pattern, bits);
  return { test: (text: string) => expression.test(text) };
}

const compiled = new Map<string, LinearPattern>();
const MAX_CACHED_PATTERNS = 2000;

/**
 * Compiles a JSON Schema `pattern` with RE2 semantics (re2js): matching time is linear in the
 * input, so a pattern like `^(a+)+$` from an untrusted schema cannot freeze the process the way
 * a backtracking `RegExp` can. Patterns RE2 cannot express (lookaround, backreferences) throw.
 */
export function compileLinearPattern(pattern: string): LinearPattern {
  let found = compiled.get(pattern);
  if (found === undefined) {
    const expression = compileLinearRegExp(pattern);
    found = { test: (text: string) => expression.test(text), toString: () => `re2:${pattern}` };
    if (compiled.size >= MAX_CACHED_PATTERNS) compiled.clear();
    compiled.set(pattern, found);
  }
  return found;
}

/** Ajv's `code.regExp` engine backed by {@link compileLinearPattern}. */
export const linearRegExpEngine = Object.assign(
  (pattern: string, _flags: string) => compileLinearPattern(pattern),
  {
    // Ajv only uses `code` for standalone code generation, which toolwright never does.
    code: 'toolwright.linearRegExp',
  },
);
