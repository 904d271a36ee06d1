import { isTool } from '@toolwright/contracts';
import { previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/**
 * The tools of an argument that takes a list of tools: an array as it is, any other iterable
 * copied. Anything else (a single tool, a string) throws `invalid_option`: read as an empty
 * list, it would make `replaceTools` empty the whole group.
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
