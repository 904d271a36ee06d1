import type { Tool } from '@toolwright/contracts';
import type { SearchDocument } from './bm25-index.js';

/** The text of a tool's description parts that help find it (examples are left out: they repeat names). */
export function searchableDescription(tool: Tool): string {
  const { short, long, usageNotes, important } = tool.description;
  // usageNotes and important may be lists of points (as blade-code writes them): one line each.
  return [short, long, usageNotes, important]
    .flat()
    .filter((part) => part !== undefined && part !== '')
    .join('\n');
}

/**
 * What ToolSearch ranks a tool by: its registry name and, for an MCP tool, the name its server
 * uses; its description; its tags and category; its server.
 */
export function searchDocumentOf(tool: Tool): SearchDocument {
  const isMcp = tool.source.type === 'mcp';
  const tags = tool.category === undefined ? tool.tags : [...tool.tags, tool.category];
  return {
    name: isMcp && tool.source.toolName !== tool.name ? `${tool.name} ${tool.source.toolName}` : tool.name,
    description: searchableDescription(tool),
    tags,
    server: isMcp ? tool.source.server : undefined,
  };
}
