import { didYouMean, previewValue } from '@toolwright/utils';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

/** Unknown names one message spells out; the rest are counted. */
const MAX_LISTED_UNKNOWN_NAMES = 5;

/**
 * The tool names of an argument that takes "a name or a list of names", as a list of its own. A
 * string is ONE name: iterated as an iterable it would be a list of one-character names, and
 * `markLoaded('Read')` would load nothing and say nothing. Anything else must be an iterable of
 * strings; otherwise this throws `invalid_option` naming what it got. An array is copied too: a
 * registry keeps its `alwaysLoaded` list for its clones, and the host may change its array later.
 */
export function toNameList(owner: string, names: unknown): readonly string[] {
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
    if (typeof name !== 'string') refuseNameItem(owner, list.length, name);
    list.push(name as string);
  }
  return list;
}

function refuseNameItem(owner: string, index: number, item: unknown): never {
  throw new RegistryError(
    RegistryErrorCode.InvalidOption,
    `${owner} expects a tool name or a list of tool names; item ${index} is ${previewValue(item)}.`,
  );
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
  // Nothing is allocated unless a name is unknown: ToolSearch calls this on every search.
  if (names.every(isKnown)) return;
  const unknown = [...new Set(names.filter((name) => !isKnown(name)))];
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
