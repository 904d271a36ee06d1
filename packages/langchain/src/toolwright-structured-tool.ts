import { randomUUID } from 'node:crypto';
import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import type { ToolMessage } from '@langchain/core/messages';
import { StructuredTool, type ToolRunnableConfig } from '@langchain/core/tools';
import type { FunctionDeclaration, Tool } from '@toolwright/contracts';
import type { ResolvedBridgeOptions } from './bridge-options.js';
import { runBridgedCall } from './run-bridged-call.js';
import { type ToolInputSchema, toolInputSchema } from './tool-input-schema.js';
import type { ToolwrightToolMessage } from './tool-message-artifact.js';

/**
 * A toolwright tool as a LangChain structured tool. Its schema is the tool's toolwright projection
 * for the bridge's target (see {@link ToolInputSchema}); LangChain passes every input through, and
 * the executor validates it with toolwright's `build()`. Invoked with a tool call, it returns a
 * `ToolMessage` whatever happened: `status: 'error'` with toolwright's words for a call that was
 * invalid, refused, not loaded or failed, so the agent goes on and the model repairs the call.
 * Invoked with plain arguments, it returns the same message under an id of its own
 * (`langchain-<uuid>`): the executor needs an id for every call.
 */
export type ToolwrightStructuredTool = {
  /** The tool's name, as the model calls it. */
  readonly name: string;
  /** The rendered description of the tool's declaration. */
  readonly description: string;
  readonly schema: ToolInputSchema;
  /**
   * Runs a call: give a tool call (`{ name, args, id, type: 'tool_call' }`, what the agent does) or
   * the arguments alone; resolves to its tool message whatever happened.
   */
  invoke(input: Readonly<Record<string, unknown>>, config?: object): Promise<ToolwrightToolMessage>;
};

/** The class behind {@link ToolwrightStructuredTool}; made only by the bridge. */
export class BridgedStructuredTool extends StructuredTool<
  ToolInputSchema,
  Readonly<Record<string, unknown>>,
  Readonly<Record<string, unknown>>,
  ToolMessage
> {
  /** The tool's name, as the model calls it. */
  override name: string;
  override schema: ToolInputSchema;
  readonly #declared: () => FunctionDeclaration;
  readonly #options: ResolvedBridgeOptions;
  readonly #nullAsAbsent: boolean;

  constructor(tool: Tool, options: ResolvedBridgeOptions) {
    super();
    let declaration: FunctionDeclaration | undefined;
    this.#declared = () => {
      declaration ??= tool.getFunctionDeclaration(options.target);
      return declaration;
    };
    this.name = tool.name;
    this.schema = toolInputSchema(() => this.#declared().parameters);
    this.#options = options;
    // OpenAI targets of a strict tool declare optional properties as nullable: a null means absent.
    const openAi = options.target === 'openai-chat' || options.target === 'openai-responses';
    this.#nullAsAbsent = openAi && tool.strict;
  }

  /** The rendered description of the tool's declaration (projected on the first read). */
  override get description(): string {
    return this.#declared().description;
  }

  /** Runs the call through the executor; see the class. */
  protected override _call(
    arg: Readonly<Record<string, unknown>>,
    _runManager?: CallbackManagerForToolRun,
    parentConfig?: ToolRunnableConfig,
  ): Promise<ToolMessage> {
    return runBridgedCall(this.#options, {
      request: {
        id: parentConfig?.toolCall?.id ?? `langchain-${randomUUID()}`,
        name: this.name,
        arguments: arg,
      },
      nullAsAbsent: this.#nullAsAbsent,
      signal: parentConfig?.signal,
    });
  }
}
