import type { CallOptions, ExecutedCall, ToolCallRequest } from '@toolwright/executor';

/**
 * Runs one call of the bridge to its {@link ExecutedCall}: a host's `ToolExecutor` (a batch of
 * one) or, without one, the executor's `ToolCallRunner`. Either way the lookup, the refusal of a
 * deferred tool that is not loaded, validation, the abort signal and every message the model
 * reads come from the executor; the bridge only translates the outcome into the SDK's output.
 * Never rejects for a tool's failure.
 */
export type CallRunner = (call: ToolCallRequest, options: CallOptions) => Promise<ExecutedCall>;
