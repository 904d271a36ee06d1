/**
 * One frozen array for each list of tags that many tools carry: every MCP tool of a server has
 * the same few tags (`mcp`, `mcp-server:github`, `read-only`, ...), and a catalog of 10,000 tools
 * would otherwise hold 10,000 equal arrays. Lists are held weakly: when no tool carries one any
 * more, it goes (the map's entries of collected lists are swept as the map grows).
 */

const EMPTY: readonly string[] = Object.freeze([]);
const lists = new Map<string, WeakRef<readonly string[]>>();
let sweepAt = 256;

function sweepCollected(): void {
  for (const [key, reference] of lists) if (reference.deref() === undefined) lists.delete(key);
  sweepAt = Math.max(256, lists.size * 2);
}

/** A frozen array equal to `tags` (same strings, same order), shared with every tool that has an equal list. */
export function sharedTagList(tags: readonly string[] | undefined): readonly string[] {
  if (tags === undefined || tags.length === 0) return EMPTY;
  // JSON, not a join: no separator a tag could contain makes two lists one key.
  const key = JSON.stringify(tags);
  const held = lists.get(key)?.deref();
  if (held !== undefined) return held;
  const list = Object.freeze([...tags]);
  lists.set(key, new WeakRef(list));
  if (lists.size >= sweepAt) sweepCollected();
  return list;
}
