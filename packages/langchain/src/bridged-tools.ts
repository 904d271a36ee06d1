import type { Tool } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import type { ResolvedBridgeOptions } from './bridge-options.js';
import { BridgedStructuredTool } from './toolwright-structured-tool.js';

/**
 * The bridged tools of one bridge, made once per `Tool` object: LangChain's agent refuses a tool
 * that changes identity between model calls, and a tool whose definition changed (a new `Tool`
 * from its MCP server) is bridged afresh.
 */
export class BridgedTools {
  readonly #byTool = new WeakMap<Tool, BridgedStructuredTool>();
  readonly #options: ResolvedBridgeOptions;

  constructor(options: ResolvedBridgeOptions) {
    this.#options = options;
  }

  of(tool: Tool): BridgedStructuredTool {
    let bridged = this.#byTool.get(tool);
    if (bridged === undefined) {
      bridged = new BridgedStructuredTool(tool, this.#options);
      this.#byTool.set(tool, bridged);
    }
    return bridged;
  }

  /**
   * The registry's tools as it declares them now, in its order (sorted by name): loaded tools
   * only, ToolSearch while some tool is deferred, Plan mode's ReadOnly tools only, within the
   * provider's tool limit.
   */
  declared(registry: ToolRegistry): BridgedStructuredTool[] {
    const set = registry.getFunctionDeclarationsByMode(this.#options.mode(), this.#options.target);
    const tools: BridgedStructuredTool[] = [];
    for (const declaration of set.declarations) {
      const tool = registry.get(declaration.name);
      if (tool !== undefined) tools.push(this.of(tool));
    }
    return tools;
  }
}
