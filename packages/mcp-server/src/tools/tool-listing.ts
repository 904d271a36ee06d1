import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { Tool } from '@toolwright/contracts';
import { toolAnnotations } from './tool-annotations.js';

/**
 * A toolwright tool as an MCP `tools/list` entry: the rendered description (short, long, usage
 * notes, examples, important — the same text every provider sees), the neutral JSON Schema of
 * its input (the one `build()` validates against, `$schema` and `$defs` kept) and its honest
 * annotations.
 *
 * There is no `outputSchema`: a toolwright `Tool` declares no output schema (its results are
 * `ToolResult`s of text, image and artifact parts), so none is advertised and no
 * `structuredContent` is sent.
 */
export function toMcpTool(tool: Tool): McpTool {
  const declaration = tool.getFunctionDeclaration('json-schema');
  const annotations = toolAnnotations(tool);
  return {
    name: tool.name,
    ...(annotations.title === undefined ? {} : { title: annotations.title }),
    description: declaration.description,
    inputSchema: tool.getMetadata().inputSchema as McpTool['inputSchema'],
    annotations,
  };
}
