import {
  type FunctionDeclaration,
  type ProviderTarget,
  type Tool,
  ToolValidationError,
} from '@toolwright/contracts';
import type { DeferredToolState } from '@toolwright/executor';
import { isNotLoaded } from '@toolwright/utils';
import type { CallLane } from './call-lane.js';
import type { CallRunner } from './call-runner.js';
import { type ToolModelOutput, toModelOutput } from './model-output.js';
import { PendingInvocations } from './pending-invocations.js';
import { repairableInputError } from './repairable-input-error.js';
import { outputFromExecutedCall } from './result-output.js';
import { withSdkTimeout } from './sdk-tool-timeout.js';
import type { PerToolApproval } from './tool-approval.js';
import {
  contextFieldsOf,
  type ToolContextFields,
  type ToolContextSchema,
  toolContextSchema,
} from './tool-context.js';
import { type InputValidation, type ToolInputSchema, toolInputSchema } from './tool-input-schema.js';
import type { ImageDelivery, ToolwrightToolOutput } from './tool-output.js';
import { type ToolOutputSchema, toolOutputSchema } from './tool-output-schema.js';

/** What the AI SDK passes a tool's `execute` (its `ToolExecutionOptions`), as far as the bridge reads it. */
export interface ToolCallOptions {
  readonly toolCallId: string;
  readonly abortSignal?: AbortSignal | undefined;
  /**
   * AI SDK 7: the tool's entry of `toolsContext`, checked by {@link BridgedTool.contextSchema};
   * its fields join the call's toolwright execution context. AI SDK 6 passes none.
   */
  readonly context?: unknown;
  /** The messages of the run (both majors); an approved call's approval is read from them. */
  readonly messages?: readonly unknown[];
}

/**
 * An AI SDK tool made from a toolwright tool: a `dynamic` tool (its types are known at run time,
 * like an MCP tool's) whose input toolwright validates and whose output is a
 * {@link ToolwrightToolOutput}. Declared here in the shape of the SDK's `Tool` rather than
 * imported from `ai`, so the published types need nothing of `ai`'s own; the SDK accepts it.
 */
export interface BridgedTool<CONTEXT extends ToolContextFields = ToolContextFields> {
  readonly type: 'dynamic';
  /** The tool's display name. */
  readonly title: string;
  /** The rendered description of the tool's declaration. */
  readonly description: string;
  /** Stated for OpenAI targets: always for `openai-responses`, when the tool is strict for `openai-chat`. */
  readonly strict?: boolean;
  readonly inputSchema: ToolInputSchema;
  /** Present when the tool declares an output schema (see {@link ToolOutputSchema}). */
  readonly outputSchema?: ToolOutputSchema;
  /**
   * AI SDK 7's tool context: an object of fields (`toolsContext: { [name]: { ... } }`) that join
   * the execution context the tool sees, over the executor's `contextFields`; or nothing. AI SDK 6
   * does not read it.
   */
  readonly contextSchema: ToolContextSchema<CONTEXT>;
  /**
   * Present with `toAiSdkTools({ approval })`: whether the permission policy asks about the call,
   * the SDK's per-tool approval (both majors).
   */
  readonly needsApproval?: (input: unknown, options: { readonly toolCallId: string }) => Promise<boolean>;
  /** Runs the call; resolves to its output whatever happened, never rejects for a tool's failure. */
  execute(input: unknown, options: ToolCallOptions): Promise<ToolwrightToolOutput>;
  /** The model's form of an output (see {@link toModelOutput}). */
  toModelOutput(options: { readonly output: ToolwrightToolOutput }): ToolModelOutput;
}

/** What every tool of one `ToolSet` shares. */
export interface BridgeSettings {
  readonly target: ProviderTarget;
  readonly lane: CallLane;
  readonly run: CallRunner;
  readonly deferred: DeferredToolState | undefined;
  readonly images: ImageDelivery;
  readonly approval: PerToolApproval | undefined;
}

/**
 * Makes the AI SDK tool for `tool`. It is a `dynamic` tool (its types are known at run time, like
 * an MCP tool's). The declaration is projected only when the SDK first reads the schema or the
 * description — the SDK reads them only for tools active in a step, so a catalog of thousands of
 * deferred tools projects nothing up front.
 */
export function bridgeTool<CONTEXT extends ToolContextFields>(
  tool: Tool,
  settings: BridgeSettings,
): BridgedTool<CONTEXT> {
  let declaration: FunctionDeclaration | undefined;
  const declared = (): FunctionDeclaration => {
    declaration ??= tool.getFunctionDeclaration(settings.target);
    return declaration;
  };
  const openAi = settings.target === 'openai-chat' || settings.target === 'openai-responses';
  // The same rule as the declaration: strict projection for OpenAI targets of a strict tool, where
  // optional properties become nullable and a null means "absent".
  const nullAsAbsent = openAi && tool.strict;
  // Validation builds the invocation; the runner reuses it (one parse), an executor builds anew.
  const pending = new PendingInvocations();
  const outputSchema = toolOutputSchema(tool);
  const { approval } = settings;

  const validate = (value: unknown): InputValidation => {
    // Refused in execute, before it is built: a validation error would show the unseen schema.
    if (isNotLoaded(settings.deferred, tool.name)) return { success: true, value };
    try {
      const invocation = tool.build(value, { nullAsAbsent });
      pending.remember(invocation);
      return { success: true, value: invocation.params as unknown };
    } catch (error) {
      if (!ToolValidationError.isInstance(error)) throw error;
      return { success: false, error: repairableInputError(value, error) };
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
    inputSchema: toolInputSchema(() => declared().parameters, validate),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    contextSchema: toolContextSchema<CONTEXT>(tool.name),
    ...(approval === undefined
      ? {}
      : { needsApproval: (input: unknown) => approval.needsApproval(tool.name, input) }),
    execute: (input, options) => {
      const invocation = pending.take(input);
      const call = { id: options.toolCallId, name: tool.name, arguments: input };
      const contextFields = contextFieldsOf(options.context);
      return settings.lane.run(tool.parallelism, async () => {
        const run = () =>
          settings.run(call, {
            ...(options.abortSignal === undefined ? {} : { signal: options.abortSignal }),
            ...(invocation === undefined ? {} : { invocation }),
            ...(contextFields === undefined ? {} : { contextFields }),
            nullAsAbsent,
            // ToolSearch answers with declarations in the dialect the model is reading.
            providerTarget: settings.target,
          });
        const executed =
          approval === undefined
            ? await run()
            : await approval.grantWhileRunning(options.toolCallId, options.messages ?? [], run);
        return outputFromExecutedCall(
          withSdkTimeout(executed, tool.name, options.abortSignal),
          settings.images,
        );
      });
    },
    toModelOutput: ({ output }) => toModelOutput(output),
  };
}
