import { didYouMean, previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** Unknown names one message spells out; the rest are counted. */
const MAX_LISTED_UNKNOWN_NAMES = 5;

/**
 * The tool names of an argument that takes "a name or a list of names". A string is ONE name:
 * iterated as an iterable it would be a list of one-character names, and `markLoaded('Read')`
 * would load nothing and say nothing. Anything else must be an iterable of strings; otherwise
 * this throws `invalid_option` naming what it got.
 */
export function toNameList(owner: string, names: unknown): string[] {
  if (typeof names === 'string') return [names];
  const iterable =
    typeof names === 'object' &&
    names !== null &&
    typeof (names as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
  if (!iterable) {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `${owner} expects a tool name or a list of tool names; got ${previewValue(names)}.`,
    );
  }
  const list: string[] = [];
  for (const name of names as Iterable<unknown>) {
    if (typeof name !== 'string') {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `${owner} expects a tool name or a list of tool names; item ${list.length} is ${previewValue(name)}.`,
      );
    }
    list.push(name);
  }
  return list;
}

/**
 * Throws `unknown_tool` when any of `names` is not known, naming each (with the closest known
 * name when one is a likely typo) and saying that nothing changed. Does nothing otherwise.
 */
export function refuseUnknownNames(
  owner: string,
  names: readonly string[],
  isKnown: (name: string) => boolean,
  known: () => Iterable<string>,
): void {
  const unknown = [...new Set(names.filter((name) => !isKnown(name)))];
  if (unknown.length === 0) return;
  const candidates = [...known()];
  const listed = unknown
    .slice(0, MAX_LISTED_UNKNOWN_NAMES)
    .map((name) => `${JSON.stringify(name)}${didYouMean(name, candidates)}`);
  const more =
    unknown.length > MAX_LISTED_UNKNOWN_NAMES ? ` and ${unknown.length - MAX_LISTED_UNKNOWN_NAMES} more` : '';
  throw new RegistryError(
    RegistryErrorCode.UnknownTool,
    `${owner}: no tool named ${listed.join(', ')}${more}; nothing was ${owner === 'unload' ? 'unloaded' : 'loaded'}. ` +
      'Only registered tools have a loaded state: check has(name) first to skip tools that left the catalog.',
    { toolName: unknown[0] as string },
  );
}
