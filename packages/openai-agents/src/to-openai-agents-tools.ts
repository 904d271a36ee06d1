import type { Tool } from '@toolwright/contracts';
import { ToolCallRunner } from '@toolwright/executor';
import type { AgentsFunctionTool } from './agents-function-tool.js';
import { ApprovalGate } from './approval-gate.js';
import { type BridgeSettings, bridgeTool } from './bridged-tool.js';
import { CallJudgements } from './call-judgements.js';
import { declaredNames } from './declared-names.js';
import { type OpenAiAgentsToolsOptions, resolveToolsOptions } from './openai-agents-tools-options.js';

/**
 * Turns a toolwright registry, or a list of tools, into OpenAI Agents JS function tools for an
 * `Agent`'s `tools`:
 *
 * - each is made with Agents JS's `tool()` from the tool's Responses projection: strict when the
 *   tool is strict, with optional properties nullable and a `null` read as absent;
 * - every call runs through the executor's `ToolCallRunner`, built from `runner`: validation and
 *   coercion, pre-tool hooks, the permission policy, timeouts, retries, spill; a bad call, a
 *   refusal or a failure is the output the model reads, in the executor's words, and the run goes on;
 * - `needsApproval` is the policy's `ask`: Agents JS interrupts the run, and once the host approves
 *   (`result.state.approve(item)`, then `run(agent, result.state)`) the executor runs exactly that
 *   call with the approval granted; a rejected call never reaches it;
 * - with a registry, every tool it holds now is there, deferred ones included, each enabled while
 *   the registry declares it: ToolSearch while some tool is deferred, a deferred tool from the
 *   turn after ToolSearch loaded it, ReadOnly tools only in Plan mode;
 * - images are delivered as image content beside the text.
 *
 * MCP tools registered by `@toolwright/mcp-adapter` are ordinary registry tools here: the servers
 * stay connected through toolwright, and their calls go through the same policy and executor.
 *
 * @throws OpenAiAgentsBridgeError `invalid_option`, `duplicate_tool` or
 * `unsupported_specification_version` when the options are wrong; the executor's `ExecutorError`
 * when a `runner` option is.
 */
export function toOpenAiAgentsTools(options: OpenAiAgentsToolsOptions): AgentsFunctionTool[] {
  const resolved = resolveToolsOptions(options);
  const registry = 'registry' in resolved.source ? resolved.source.registry : undefined;
  const tools =
    registry === undefined ? (resolved.source as { tools: readonly Tool[] }).tools : registry.getAll();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const gate = new ApprovalGate();
  const mode = resolved.runner.mode ?? (() => 'default' as const);
  const settings: BridgeSettings = {
    runner: new ToolCallRunner({
      ...resolved.runner,
      // The registry as it is when a call runs: a tool it dropped since is not found.
      lookup: registry === undefined ? (name) => byName.get(name) : (name) => registry.get(name),
      ...(registry === undefined ? {} : { deferred: registry.deferred }),
      approve: gate.approve,
    }),
    gate,
    judgements: new CallJudgements(),
    images: resolved.images,
    isDeclared: registry === undefined ? undefined : declaredNames(registry, mode),
  };
  return tools.map((tool) => bridgeTool(tool, settings));
}
