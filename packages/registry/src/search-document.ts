import type { Tool } from '@toolwright/contracts';
import type { SearchDocument, SearchFields } from './bm25-index.js';

/** A tool's description parts that help find it, non-empty, in order (examples are left out: they repeat names). */
function descriptionParts(tool: Tool): string[] {
  const { short, long, usageNotes, important } = tool.description;
  const parts: string[] = [];
  addParts(parts, short);
  addParts(parts, long);
  addParts(parts, usageNotes);
  addParts(parts, important);
  return parts;
}

// usageNotes and important may be lists of points (as blade-code writes them): one line each.
// (Pushed one by one, not `[...].flat()`: this runs for every tool of a catalog on its first search.)
function addParts(parts: string[], part: string | readonly string[] | undefined): void {
  if (typeof part === 'string') {
    if (part !== '') parts.push(part);
  } else if (part !== undefined) {
    for (const point of part) if (point !== '') parts.push(point);
  }
}

/** The text of a tool's description parts that help find it, one line each. */
export function searchableDescription(tool: Tool): string {
  return descriptionParts(tool).join('\n');
}

/** What ToolSearch ranks a tool by (see {@link searchDocumentOf}), its description in parts. */
export function searchFieldsOf(tool: Tool): SearchFields {
  const { source } = tool;
  const isMcp = source.type === 'mcp';
  return {
    name: tool.name,
    alias: isMcp && source.toolName !== tool.name ? source.toolName : undefined,
    description: descriptionParts(tool),
    tags: tool.tags,
    category: tool.category,
    server: isMcp ? source.server : undefined,
  };
}

/**
 * What ToolSearch ranks a tool by: its registry name and, for an MCP tool, the name its server
 * uses; its description; its tags and category; its server.
 */
export function searchDocumentOf(tool: Tool): SearchDocument {
  const { name, alias, description, tags, category, server } = searchFieldsOf(tool);
  return {
    name: alias === undefined ? name : `${name} ${alias}`,
    description: description.join('\n'),
    tags: category === undefined ? tags : [...tags, category],
    server,
  };
}
