import { compileLinearRegExp, type LinearRegExp } from '@toolwright/validation';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** The longest pattern ToolSearch accepts; tool names and descriptions never need more. */
export const MAX_REGEX_PATTERN_LENGTH = 256;

// Flags as JavaScript writes them. A trailing word that is not made of flags (`/tmp/file`) means the
// query is a path-like keyword, not a regex.
const REGEX_QUERY = /^\/(.+)\/([dgimsuvy]*)$/s;

/** A compiled `/pattern/flags` query that runs in time linear in its input, whatever the pattern. */
export interface RegexQuery {
  readonly source: string;
  test(text: string): boolean;
}

/** True when `query` has the `/pattern/flags` form. */
export function isRegexQuery(query: string): boolean {
  return REGEX_QUERY.test(query);
}

/**
 * Compiles a `/pattern/flags` query with RE2 semantics (re2js): no backtracking, so a pattern a
 * model writes, such as `/(a+)+$/`, cannot freeze the event loop. Flags `i`, `m` and `s` apply;
 * the other JavaScript flags are accepted and ignored. Throws a {@link RegistryError}
 * (`invalid_search_query`) naming the problem for a pattern over 256 characters or one RE2
 * cannot compile, including features RE2 leaves out (backreferences, lookaround).
 */
export function compileRegexQuery(query: string): RegexQuery {
  const match = REGEX_QUERY.exec(query);
  const pattern = match?.[1];
  const flags = match?.[2] ?? '';
  if (pattern === undefined) {
    throw new RegistryError(
      RegistryErrorCode.InvalidSearchQuery,
      `Not a regex query: ${JSON.stringify(query)}; write it as /pattern/ or /pattern/i.`,
    );
  }
  if (pattern.length > MAX_REGEX_PATTERN_LENGTH) {
    throw new RegistryError(
      RegistryErrorCode.InvalidSearchQuery,
      `Regex pattern is ${pattern.length} characters long; at most ${MAX_REGEX_PATTERN_LENGTH} are accepted.`,
    );
  }
  let compiled: LinearRegExp;
  try {
    // The other JavaScript flags (g, y, u, d, v) change nothing when asking whether a text matches.
    compiled = compileLinearRegExp(pattern, {
      ignoreCase: flags.includes('i'),
      multiline: flags.includes('m'),
      dotAll: flags.includes('s'),
    });
  } catch (error) {
    throw new RegistryError(
      RegistryErrorCode.InvalidSearchQuery,
      `Regex ${JSON.stringify(query)} is not valid RE2 syntax (${error instanceof Error ? error.message : String(error)}); ` +
        'backreferences and lookaround are not supported, plain alternation, classes and repetition are.',
      { cause: error },
    );
  }
  return { source: query, test: (text) => compiled.test(text) };
}
