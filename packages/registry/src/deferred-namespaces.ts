import type { Tool } from '@toolwright/contracts';
import type { DeferredNamespace } from '@toolwright/spec';
import { compareCodeUnits } from './code-unit-order.js';

/** How many tool names a namespace's description spells out; the rest are counted. */
const DESCRIBED_NAMES = 12;
/** What a namespace name may hold (OpenAI's tool-name alphabet); anything else becomes `_`. */
const UNSAFE_NAME_CHARACTERS = /[^A-Za-z0-9_-]/g;
/** OpenAI's longest tool name, which a namespace name shares. */
const MAX_NAME_LENGTH = 64;

/**
 * Groups deferred tools into namespaces the model sees by name and description only, until the
 * provider's search loads them: one per MCP server, one per category of built-ins (`tools` for
 * those with none). The description names whose tools they are and which, because it is all the
 * model reads before it searches. Names are made safe and unique; namespaces are sorted by name.
 */
export function groupDeferredNamespaces(tools: readonly Tool[]): DeferredNamespace[] {
  const groups = new Map<
    string,
    { readonly owner: string; readonly names: string[]; readonly shortNames: string[] }
  >();
  for (const tool of tools) {
    const key =
      tool.source.type === 'mcp' ? `mcp:${tool.source.server}` : `builtin:${tool.category ?? 'tools'}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        owner:
          tool.source.type === 'mcp'
            ? `Tools of the MCP server "${tool.source.server}"`
            : `Built-in tools of the category "${tool.category ?? 'tools'}"`,
        names: [],
        shortNames: [],
      };
      groups.set(key, group);
    }
    group.names.push(tool.name);
    group.shortNames.push(tool.source.type === 'mcp' ? tool.source.toolName : tool.name);
  }
  const taken = new Set<string>();
  const namespaces: DeferredNamespace[] = [];
  for (const [key, group] of [...groups].sort(([left], [right]) => compareCodeUnits(left, right))) {
    const shortNames = [...group.shortNames].sort(compareCodeUnits);
    const listed = shortNames.slice(0, DESCRIBED_NAMES).join(', ');
    const more =
      shortNames.length > DESCRIBED_NAMES ? ` and ${shortNames.length - DESCRIBED_NAMES} more` : '';
    namespaces.push(
      Object.freeze({
        name: uniqueName(key.slice(key.indexOf(':') + 1), taken),
        description: `${group.owner}: ${listed}${more}.`,
        tools: Object.freeze([...group.names].sort(compareCodeUnits)),
      }),
    );
  }
  return namespaces.sort((left, right) => compareCodeUnits(left.name, right.name));
}

/** `wanted` with unsafe characters replaced, cut to length, and numbered when already taken. */
function uniqueName(wanted: string, taken: Set<string>): string {
  const safe = wanted.replace(UNSAFE_NAME_CHARACTERS, '_').slice(0, MAX_NAME_LENGTH) || 'tools';
  let name = safe;
  for (let suffix = 2; taken.has(name); suffix += 1) {
    const tail = `_${suffix}`;
    name = `${safe.slice(0, MAX_NAME_LENGTH - tail.length)}${tail}`;
  }
  taken.add(name);
  return name;
}
