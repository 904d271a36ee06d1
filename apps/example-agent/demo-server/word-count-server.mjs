// The demo's own MCP server: a toolwright registry served by the `toolwright-mcp-server` bin
// (`--config` this module). It is what the demo's waterfall follows across a process boundary:
// the agent's call, its MCP request, this server's handling of it and the tool's execution, in
// one trace, because the trace context travels in the request's `_meta`.
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';

const wordCount = createTool({
  name: 'word_count',
  kind: ToolKind.ReadOnly,
  isConcurrencySafe: true,
  description: 'Counts the words, lines and characters of a text.',
  schema: Type.Object({ text: Type.String({ description: 'The text to count.' }) }),
  execute: async ({ text }) => {
    const words = text.split(/\s+/).filter((word) => word !== '').length;
    const lines = text === '' ? 0 : text.split('\n').length;
    return ToolResults.success(`${words} words, ${lines} lines, ${text.length} characters.`);
  },
});

export default function createServer() {
  const registry = new ToolRegistry({ toolSearch: false });
  registry.register(wordCount);
  return { registry, instructions: 'Counts words in a text.' };
}
