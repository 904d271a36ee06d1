import type { Tool } from '@toolwright/contracts';
import { type AiSdkToolsOptions, resolveToolsOptions } from './ai-sdk-tools-options.js';
import { type BridgedTool, type BridgeSettings, bridgeTool } from './bridged-tool.js';
import { CallLane } from './call-lane.js';
import { directRunner } from './direct-runner.js';
import { executorRunner } from './executor-runner.js';
import { liveToolSet } from './live-tool-set.js';

/** The `ToolSet` {@link toAiSdkTools} returns: AI SDK tools by name. */
export type ToolwrightToolSet = Readonly<Record<string, BridgedTool>>;

/**
 * Turns a toolwright registry, or a list of tools, into an AI SDK `ToolSet` for `generateText`,
 * `streamText` or an `Agent`:
 *
 * - each tool's input schema is its toolwright projection for `target`, and validation is
 *   toolwright's `build()`: `"5"` is coerced to 5, and bad input reaches the model as a tool
 *   error carrying toolwright's repairable message;
 * - `execute` runs the call through the `executor` when there is one (permission policy, hooks,
 *   timeouts, retries, spill); refusals and failures are tool errors the model reads, the run
 *   goes on;
 * - calls of one conversation keep the contract's order: shared calls side by side, exclusive
 *   calls one at a time, in the order the model wrote them;
 * - results map to the SDK's model output: text, images as `image-data` content, failures as
 *   `error-text`.
 *
 * With a registry the set holds every tool, deferred ones included: pass `createPrepareStep`
 * (or `activeToolNames`) as well, so each step declares only what is loaded.
 *
 * @throws AiSdkBridgeError `invalid_option` or `duplicate_tool` when the options are wrong.
 */
export function toAiSdkTools(options: AiSdkToolsOptions): ToolwrightToolSet {
  const resolved = resolveToolsOptions(options);
  const registry = 'registry' in resolved.source ? resolved.source.registry : undefined;
  const settings: BridgeSettings = {
    target: resolved.target,
    lane: new CallLane(),
    deferred: registry?.deferred,
    run:
      resolved.executor === undefined
        ? directRunner(resolved.context, registry?.deferred, resolved.target, resolved.images)
        : executorRunner(resolved.executor, resolved.target, resolved.images),
  };
  const bridge = (tool: Tool): BridgedTool => bridgeTool(tool, settings);
  if (registry !== undefined) return liveToolSet(registry, bridge);
  const tools = 'tools' in resolved.source ? resolved.source.tools : [];
  return Object.freeze(Object.fromEntries(tools.map((tool) => [tool.name, bridge(tool)])));
}
