import { randomUUID } from 'node:crypto';
import { tool as agentsTool } from '@openai/agents';
import type { FunctionDeclaration, Tool } from '@toolwright/contracts';
import type { ToolCallRunner } from '@toolwright/executor';
import type {
  AgentsCallDetails,
  AgentsFunctionTool,
  AgentsRunContext,
  AgentsToolParameters,
} from './agents-function-tool.js';
import type { ApprovalGate } from './approval-gate.js';
import type { CallJudgements } from './call-judgements.js';
import { AGENTS_TARGET } from './declared-names.js';
import { needsApprovalByPolicy } from './policy-approval.js';
import { type ImageDelivery, outputOfExecutedCall } from './tool-output.js';

/** What every tool of one bridge shares. */
export interface BridgeSettings {
  readonly runner: ToolCallRunner;
  readonly gate: ApprovalGate;
  /** What the runner said of each call Agents JS asked about, until the call runs. */
  readonly judgements: CallJudgements;
  readonly images: ImageDelivery;
  /** Whether the registry declares a tool now; absent for a fixed list (always enabled). */
  readonly isDeclared: ((name: string) => boolean) | undefined;
}

/**
 * Makes the Agents JS function tool for `tool` with Agents JS's own `tool()`: its declaration is
 * toolwright's Responses projection (strict when the tool is, so optional properties arrive as
 * `null` and are read as absent), `needsApproval` is the permission policy's `ask`, and the call
 * runs through the executor's runner, whose words — a repairable validation message, a refusal,
 * a spilled preview — are the output the model reads.
 */
export function bridgeTool(tool: Tool, settings: BridgeSettings): AgentsFunctionTool {
  const declaration: FunctionDeclaration = tool.getFunctionDeclaration(AGENTS_TARGET);
  const nullAsAbsent = tool.strict;
  const { isDeclared } = settings;
  // ToolSearch answers with declarations in the dialect the model is reading.
  const callOptions = { nullAsAbsent, providerTarget: AGENTS_TARGET } as const;
  const made = agentsTool({
    name: tool.name,
    description: declaration.description,
    // Agents JS types a JSON Schema as an object schema of known properties; this one is toolwright's.
    parameters: declaration.parameters as never,
    strict: tool.strict as never,
    needsApproval: (context: unknown, input: unknown, callId?: string) =>
      needsApprovalByPolicy(
        settings.runner,
        settings.judgements,
        context,
        // Agents JS always names the call; without an id nothing is kept for the run to take.
        { id: callId ?? '', name: tool.name, arguments: input },
        callOptions,
      ),
    ...(isDeclared === undefined ? {} : { isEnabled: () => isDeclared(tool.name) }),
    // Not async: the runner's promise, mapped to the model's output, is the only one a call makes here.
    execute: (input: unknown, context?: unknown, details?: AgentsCallDetails) => {
      // Agents JS always passes the call; a call id of our own keeps the executor's identity whole otherwise.
      const callId = details?.toolCall?.callId ?? `call_${randomUUID()}`;
      // Read only if the executor's policy says `ask` for this call (see ApprovalGate).
      const isApproved = (): boolean =>
        (context as AgentsRunContext | undefined)?.isToolApproved({ toolName: tool.name, callId }) === true;
      const signal = details?.signal;
      const call = { id: callId, name: tool.name, arguments: input };
      // The policy's answer to needsApproval for this call is its permission check (see policy-approval.ts).
      const judgement = settings.judgements.take(context, callId);
      const options =
        signal === undefined && judgement === undefined
          ? callOptions
          : {
              ...callOptions,
              ...(signal === undefined ? {} : { signal }),
              ...(judgement === undefined ? {} : { judgement }),
            };
      return settings.gate.run(
        callId,
        isApproved,
        () => settings.runner.run(call, options),
        (executed) => outputOfExecutedCall(executed, settings.images),
      );
    },
  }) as unknown as AgentsFunctionTool & { parameters: AgentsToolParameters };
  // Agents JS rewrites a name to letters, digits and "_" ("mcp__my-server__x" would become
  // "mcp__my_server__x"), but the model calls the names ToolSearch lists, which are toolwright's:
  // the tool keeps its own name, which the Responses API accepts as it is.
  return made.name === tool.name ? made : { ...made, name: tool.name };
}
