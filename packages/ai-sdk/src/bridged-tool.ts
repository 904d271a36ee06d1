import {
  type FunctionDeclaration,
  type ProviderTarget,
  type Tool,
  ToolValidationError,
} from '@toolwright/contracts';
import { type Tool as AiSdkTool, type JSONSchema7, jsonSchema } from 'ai';
import type { CallLane } from './call-lane.js';
import type { CallRunner } from './call-runner.js';
import { type DeferredState, isHiddenFromModel } from './deferred-state.js';
import { toModelOutput } from './model-output.js';
import { PendingInvocations } from './pending-invocations.js';
import { repairableInputError } from './repairable-input-error.js';
import type { ToolwrightToolOutput } from './tool-output.js';

/** An AI SDK tool made from a toolwright tool: input validated by toolwright, output a {@link ToolwrightToolOutput}. */
export type BridgedTool = AiSdkTool<unknown, ToolwrightToolOutput>;

/** What every tool of one `ToolSet` shares. */
export interface BridgeSettings {
  readonly target: ProviderTarget;
  readonly lane: CallLane;
  readonly run: CallRunner;
  readonly deferred: DeferredState | undefined;
}

/**
 * Makes the AI SDK tool for `tool`. It is a `dynamic` tool (its types are known at run time, like
 * an MCP tool's). The declaration is projected only when the SDK first reads the schema or the
 * description — the SDK reads them only for tools active in a step, so a catalog of thousands of
 * deferred tools projects nothing up front.
 */
export function bridgeTool(tool: Tool, settings: BridgeSettings): BridgedTool {
  let declaration: FunctionDeclaration | undefined;
  const declared = (): FunctionDeclaration => {
    declaration ??= tool.getFunctionDeclaration(settings.target);
    return declaration;
  };
  const openAi = settings.target === 'openai-chat' || settings.target === 'openai-responses';
  // The same rule as the declaration: strict projection for OpenAI targets of a strict tool, where
  // optional properties become nullable and a null means "absent".
  const nullAsAbsent = openAi && tool.strict;
  // Validation builds the invocation; a call run without an executor reuses it (one parse).
  const pending = new PendingInvocations();

  const validate = (value: unknown) => {
    // Refused in execute, before it is built: a validation error would show the unseen schema.
    if (isHiddenFromModel(settings.deferred, tool.name)) return { success: true as const, value };
    try {
      const invocation = tool.build(value, { nullAsAbsent });
      pending.remember(invocation);
      return { success: true as const, value: invocation.params as unknown };
    } catch (error) {
      if (!ToolValidationError.isInstance(error)) throw error;
      return { success: false as const, error: repairableInputError(value, error) };
    }
  };

  return {
    type: 'dynamic',
    title: tool.displayName,
    get description(): string {
      return declared().description;
    },
    // The Responses API assumes strict when the flag is missing, so it is always stated there.
    ...(settings.target === 'openai-responses' || (openAi && tool.strict) ? { strict: tool.strict } : {}),
    inputSchema: jsonSchema<unknown>(() => declared().parameters as JSONSchema7, { validate }),
    execute: (input, options) => {
      const invocation = pending.take(input);
      return settings.lane.run(tool.parallelism, () =>
        settings.run(tool, input, {
          toolCallId: options.toolCallId,
          signal: options.abortSignal,
          nullAsAbsent,
          invocation,
        }),
      );
    },
    toModelOutput: ({ output }) => toModelOutput(output),
  };
}
