// What peers do, written plainly, to measure against: per-request filtering and schema
// conversion, and a linear substring scan for tool search.
import type { Tool } from '@toolwright/contracts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A per-request schema conversion like peers' zod/TypeBox-to-JSON-Schema step: a fresh copy
 * with runtime annotations dropped and `required`/`additionalProperties` filled in on objects.
 */
function convertSchema(node: unknown): Json {
  if (Array.isArray(node)) return node.map(convertSchema);
  if (node === null || typeof node !== 'object') return node as Json;
  const copy: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('~')) copy[key] = convertSchema(value);
  }
  if (copy.properties !== undefined) {
    copy.required ??= [];
    copy.additionalProperties ??= false;
  }
  return copy;
}

/** Filters the whole catalog and converts every visible tool, on every request. */
export function naiveDeclarations(
  tools: readonly Tool[],
  mode: 'default' | 'plan',
  visible: (tool: Tool) => boolean,
): { name: string; description: string; parameters: Json }[] {
  return tools
    .filter((tool) => (mode !== 'plan' || tool.kind === 'read-only') && visible(tool))
    .map((tool) => ({
      name: tool.name,
      description: [tool.description.short, tool.description.long, tool.description.usageNotes]
        .filter(Boolean)
        .join('\n\n'),
      parameters: convertSchema(tool.validator.toJsonSchema()),
    }))
    .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/**
 * The usual tool search: every tool's lower-cased text (prepared once, in its favour) checked
 * for each query word; tools ranked by how many words they contain.
 */
export function linearSubstringSearch(
  haystacks: readonly { name: string; text: string }[],
  query: string,
  limit: number,
): string[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const scored: { name: string; score: number }[] = [];
  for (const haystack of haystacks) {
    let score = 0;
    for (const word of words) if (haystack.text.includes(word)) score += 1;
    if (score > 0) scored.push({ name: haystack.name, score });
  }
  scored.sort((left, right) => right.score - left.score || (left.name < right.name ? -1 : 1));
  return scored.slice(0, limit).map((entry) => entry.name);
}
