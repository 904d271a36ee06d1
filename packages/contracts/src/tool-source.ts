import type { ToolSource } from '@toolwright/spec';

export type { ToolSource };

/** The source every tool gets when its config names none. */
export const BUILTIN_SOURCE: ToolSource = Object.freeze({ type: 'builtin' });

/**
 * The tool's own frozen copy of a checked source, made by one object literal per type: a copy
 * by spread freezes into a hidden class of its own per tool in V8 (the spread's map, generalised
 * once the fields held different strings, never gets a shared frozen transition), which cost a
 * catalog of 10,000 MCP tools about 300 bytes per tool.
 */
export function frozenSourceOf(source: ToolSource | undefined): ToolSource {
  if (source === undefined || source.type === 'builtin') return BUILTIN_SOURCE;
  // A frozen source of data properties (checked to be strings, with no other keys, before this)
  // cannot change: kept as given, as an MCP adapter passes one per listed tool.
  if (
    Object.isFrozen(source) &&
    Object.getPrototypeOf(source) === Object.prototype &&
    hasOnlyDataProperties(source)
  )
    return source;
  const { server, toolName, fingerprint } = source;
  return Object.freeze({ type: 'mcp', server, toolName, fingerprint });
}

function hasOnlyDataProperties(source: object): boolean {
  for (const key of Reflect.ownKeys(source)) {
    if (typeof key !== 'string' || !('value' in (Object.getOwnPropertyDescriptor(source, key) ?? {})))
      return false;
  }
  return true;
}
