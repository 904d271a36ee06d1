import { type LangChainToolsOptions, resolveToolsOptions } from './bridge-options.js';
import { BridgedTools } from './bridged-tools.js';
import type { ToolwrightStructuredTool } from './toolwright-structured-tool.js';

/**
 * Turns a list of toolwright tools, or the tools a registry declares now, into LangChain
 * structured tools, for `createAgent({ tools })`, `model.bindTools()` or a `ToolNode`:
 *
 * - each tool's schema is its toolwright projection for `target`; LangChain does not validate
 *   it again, toolwright's `build()` does (`"5"` is coerced to 5);
 * - every call runs through the `executor` (permission policy, approvals, hooks, timeouts,
 *   retries, spill) and returns a `ToolMessage`; a bad call, a refusal or a failure is an error
 *   tool message in toolwright's words, which the model reads and repairs from;
 * - images are standard image blocks (`inline`) or a line naming the stored artifact.
 *
 * With a `registry`, the list is what the registry declares at this moment. To have the agent's
 * tools follow ToolSearch as it loads deferred tools, use {@link toolwrightMiddleware} instead.
 *
 * @throws LangChainBridgeError `invalid_option`, `duplicate_tool` or
 *   `unsupported_specification_version` when the options are wrong.
 */
export function toLangChainTools(options: LangChainToolsOptions): ToolwrightStructuredTool[] {
  const { source, ...resolved } = resolveToolsOptions(options);
  const bridged = new BridgedTools(resolved);
  return 'registry' in source
    ? bridged.declared(source.registry)
    : source.tools.map((tool) => bridged.of(tool));
}
