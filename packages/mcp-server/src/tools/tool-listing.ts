import type { Tool as McpTool } from '@modelcontextprotocol/server';
import type { Tool } from '@toolwright/contracts';
import { toolAnnotations } from './tool-annotations.js';

/**
 * A toolwright tool as an MCP `tools/list` entry: the rendered description (short, long, usage
 * notes, examples, important — the same text every provider sees), the neutral JSON Schema of
 * its input (the one `build()` validates against, `$schema` and `$defs` kept), the neutral JSON
 * Schema of its output when it declares an `outputSchema` (the one each successful result's
 * `structuredContent` was checked against before it is sent), and its honest annotations.
 */
export function toMcpTool(tool: Tool): McpTool {
  const declaration = tool.getFunctionDeclaration('json-schema');
  const annotations = toolAnnotations(tool);
  const { inputSchema, outputSchema } = tool.getMetadata();
  return {
    name: tool.name,
    ...(annotations.title === undefined ? {} : { title: annotations.title }),
    description: declaration.description,
    inputSchema: inputSchema as McpTool['inputSchema'],
    ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as McpTool['outputSchema'] }),
    annotations,
  };
}
