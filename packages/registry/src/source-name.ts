import { previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** The source events name for tools registered with `register()`, so no group may take it. */
export const BUILTIN_SOURCE_NAME = 'builtin';

/**
 * Checks the name of a source group (the host's name for a set of tools it replaces as one, e.g.
 * `mcp:github`): a non-empty string without leading or trailing whitespace, and not `builtin`.
 * Names are compared exactly, so a stray space would make a second group that is never replaced.
 */
export function checkSourceName(method: string, source: unknown): asserts source is string {
  let problem: string | undefined;
  if (typeof source !== 'string') problem = `received ${previewValue(source)}`;
  else if (source === '') problem = 'received an empty string';
  else if (source.trim() !== source)
    problem = `received ${JSON.stringify(source)}, which has surrounding whitespace`;
  else if (source === BUILTIN_SOURCE_NAME) {
    problem = `"${BUILTIN_SOURCE_NAME}" names the tools registered with register() and cannot be a group`;
  }
  if (problem === undefined) return;
  throw new RegistryError(
    RegistryErrorCode.InvalidSource,
    `${method}: the source must be a non-empty string without leading or trailing whitespace, other than ` +
      `"${BUILTIN_SOURCE_NAME}" (e.g. "mcp:github"); ${problem}.`,
  );
}
