import type { Tool } from '@toolwright/contracts';
import type { ToolRegistry } from '@toolwright/registry';
import { type AiSdkToolsOptions, resolveToolsOptions } from './ai-sdk-tools-options.js';
import { type BridgedTool, type BridgeSettings, bridgeTool } from './bridged-tool.js';
import { CallLane } from './call-lane.js';
import { directRunner } from './direct-runner.js';
import { executorRunner } from './executor-runner.js';
import { liveToolSet, type ToolCatalog } from './live-tool-set.js';
import type { ToolContextFields } from './tool-context.js';

/**
 * The `ToolSet` {@link toAiSdkTools} returns: AI SDK tools by name. `CONTEXT` is the type of each
 * tool's AI SDK 7 `toolsContext` entry (see {@link ToolContextSchema}).
 */
export type ToolwrightToolSet<CONTEXT extends ToolContextFields = ToolContextFields> = Readonly<
  Record<string, BridgedTool<CONTEXT>>
>;

/**
 * Turns a toolwright registry, or a list of tools, into an AI SDK `ToolSet` for `generateText`,
 * `streamText` or an `Agent`:
 *
 * - each tool's input schema is its toolwright projection for `target`, and validation is
 *   toolwright's `build()`: `"5"` is coerced to 5, and bad input reaches the model as a tool
 *   error carrying toolwright's repairable message;
 * - `execute` runs the call through the `executor` when there is one (permission policy, hooks,
 *   timeouts, retries, spill), else through the executor's `ToolCallRunner` without a policy;
 *   refusals and failures are tool errors the model reads, in the executor's words, and the run
 *   goes on;
 * - calls of one conversation keep the contract's order: shared calls side by side, exclusive
 *   calls one at a time, in the order the model wrote them;
 * - results map to the SDK's model output: text, images as `image-data` content, failures as
 *   `error-text`.
 *
 * With a registry the set holds every tool, deferred ones included, and the registry's
 * ToolSearch while some tool is deferred: pass `createPrepareStep` (or `activeToolNames`) as
 * well, so each step declares only what is loaded.
 *
 * With AI SDK 7, a call's `toolsContext` entry (an object) joins the execution context its tool
 * sees, over the executor's `contextFields`; give its type as `CONTEXT` to have the SDK's types
 * offer `toolsContext` (AI SDK 6 has no tool context and ignores it).
 *
 * @throws AiSdkBridgeError `invalid_option` or `duplicate_tool` when the options are wrong.
 */
export function toAiSdkTools<CONTEXT extends ToolContextFields = ToolContextFields>(
  options: AiSdkToolsOptions,
): ToolwrightToolSet<CONTEXT> {
  const resolved = resolveToolsOptions(options);
  const registry = 'registry' in resolved.source ? resolved.source.registry : undefined;
  const tools = 'tools' in resolved.source ? resolved.source.tools : [];
  const settings: BridgeSettings = {
    target: resolved.target,
    lane: new CallLane(),
    deferred: registry?.deferred,
    images: resolved.images,
    approval: resolved.approval,
    run:
      resolved.executor === undefined
        ? directRunner(resolved.context, lookupOf(registry, tools), registry?.deferred)
        : executorRunner(resolved.executor),
  };
  const bridge = (tool: Tool): BridgedTool<CONTEXT> => bridgeTool<CONTEXT>(tool, settings);
  if (registry !== undefined) return liveToolSet(declaredCatalog(registry), bridge);
  return Object.freeze(Object.fromEntries(tools.map((tool) => [tool.name, bridge(tool)])));
}

/**
 * The registry's catalog as the set lists it: every tool, deferred ones included, but its
 * ToolSearch only while the registry declares it (while some tool is deferred), so a set of two
 * eager tools holds two. A call of ToolSearch still finds it: a model that saw it in an earlier
 * step may call it after the last deferred tool is gone.
 */
function declaredCatalog(registry: ToolRegistry): ToolCatalog {
  let toolSearch: Tool | undefined;
  try {
    toolSearch = registry.getToolSearchTool();
  } catch {
    // A registry made with `toolSearch: false` has none to leave out.
    return registry;
  }
  return {
    get: (name) => registry.get(name),
    getAll: () =>
      registry.getDeclaredToolSearch() === undefined
        ? registry.getAll().filter((tool) => tool !== toolSearch)
        : registry.getAll(),
  };
}

/** Finds the tool a call names: in the registry as it is now, or in the fixed list. */
function lookupOf(
  registry: ToolRegistry | undefined,
  tools: readonly Tool[],
): (name: string) => Tool | undefined {
  if (registry !== undefined) return (name) => registry.get(name);
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return (name) => byName.get(name);
}
