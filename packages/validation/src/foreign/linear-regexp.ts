import { RE2JS } from 're2js';

/** A pattern compiled for linear-time matching. */
interface LinearPattern {
  test(text: string): boolean;
  /** Ajv de-duplicates compiled patterns by `toString()`: it must identify the pattern. */
  toString(): string;
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
    const expression = RE2JS.compile(pattern);
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
