import type { Tool as McpTool } from '@modelcontextprotocol/server';
import type { Tool } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import { toMcpTool } from './tool-listing.js';

/**
 * Which registry tools a client sees, and their `tools/list` entries cached per registry revision.
 *
 * Every tool passes by default, deferred ones included, except the registry's own ToolSearch:
 * an MCP client receives the whole list in `tools/list` and chooses itself what reaches its
 * model (Claude's tool search, VS Code's tool picker). Deferred loading exists to keep schemas
 * out of a model's context inside a toolwright agent; over MCP it would make a call depend on
 * an earlier ToolSearch call of the same client, shared by every session of one registry, and
 * on the client refetching the list mid-conversation.
 */
export class ServedTools {
  readonly #registry: ToolRegistry;
  readonly #include: (tool: Tool) => boolean;
  #cache: { revision: number; tools: McpTool[] } | undefined;

  constructor(registry: ToolRegistry, include: ((tool: Tool) => boolean) | undefined) {
    this.#registry = registry;
    const toolSearch = toolSearchOf(registry);
    this.#include = include ?? ((tool) => tool !== toolSearch);
  }

  /** The tool a client may call by `name`, or `undefined` (unknown or not served). */
  find(name: string): Tool | undefined {
    const tool = this.#registry.get(name);
    return tool !== undefined && this.#include(tool) ? tool : undefined;
  }

  /** The names a client may call, sorted (for did-you-mean answers). */
  names(): string[] {
    return this.list().map((tool) => tool.name);
  }

  /** The `tools/list` entries, sorted by name; the same array while the registry is unchanged. */
  list(): McpTool[] {
    const revision = this.#registry.revision;
    if (this.#cache?.revision !== revision) {
      const tools = this.#registry
        .getAll()
        .filter((tool) => this.#include(tool))
        .map((tool) => toMcpTool(tool));
      this.#cache = { revision, tools };
    }
    return this.#cache.tools;
  }
}

function toolSearchOf(registry: ToolRegistry): Tool | undefined {
  try {
    return registry.getToolSearchTool();
  } catch {
    // A registry made with `toolSearch: false` has none.
    return undefined;
  }
}
