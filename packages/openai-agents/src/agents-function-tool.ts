/**
 * The shapes of Agents JS this package's public types name, written out here rather than imported
 * from `@openai/agents`, so the published declarations need nothing of its types (which pull in
 * `openai` and `zod` and do not all check with `skipLibCheck` off). Each is the part of the Agents
 * JS type the bridge reads or makes; Agents JS accepts the tools as its own `FunctionTool`s.
 */

/** What the bridge reads of Agents JS's `RunContext`. */
export interface AgentsRunContext {
  /** `true` once the host approved the call (`state.approve(item)`), `false` once it rejected it. */
  isToolApproved(approval: { toolName: string; callId: string }): boolean | undefined;
}

/** What the bridge reads of the details Agents JS passes a call (`ToolCallDetails`). */
export interface AgentsCallDetails {
  readonly toolCall?: { readonly callId: string };
  readonly signal?: AbortSignal;
}

/**
 * A tool's parameters as Agents JS declares them: toolwright's projection for the Responses API.
 * Mutable, as Agents JS's `JsonObjectSchema` is typed; the bridge's object is frozen.
 */
export interface AgentsToolParameters {
  type: 'object';
  properties: Record<string, unknown>;
  required: string[];
  /** `false` for a strict tool (every property required, optional ones nullable). */
  additionalProperties: boolean;
  [keyword: string]: unknown;
}

/**
 * A function tool as Agents JS's `tool()` makes it (its `FunctionTool`), holding a toolwright tool:
 * put it in an `Agent`'s `tools`. Methods, so that Agents JS's richer parameter types are accepted.
 */
export interface AgentsFunctionTool {
  readonly type: 'function';
  /** The toolwright tool's name, as the model calls it. */
  readonly name: string;
  /** The rendered description of the tool's declaration. */
  readonly description: string;
  readonly parameters: AgentsToolParameters;
  /** The toolwright tool's `strict`: its schema was projected for OpenAI strict mode. */
  readonly strict: boolean;
  /** Runs the call through the toolwright executor; resolves to what the model reads. */
  invoke(runContext: AgentsRunContext, input: string, details?: AgentsCallDetails): Promise<unknown>;
  /** True when the toolwright permission policy says `ask` for this call. */
  needsApproval(runContext: AgentsRunContext, input: unknown, callId?: string): Promise<boolean>;
  /** True while the registry declares the tool (always, for a fixed list). */
  isEnabled(runContext: AgentsRunContext, agent: unknown): Promise<boolean>;
}
