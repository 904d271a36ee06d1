import type { ToolMessage } from '@langchain/core/messages';
import type { ToolCallRequest } from '@toolwright/executor';
import type { ResolvedBridgeOptions } from './bridge-options.js';
import { takeInterrupt } from './interrupt-approver.js';
import { toolMessageOf } from './tool-message.js';

/** How one call runs: its arguments as the model sent them, its id, and LangChain's abort signal. */
export interface BridgedCall {
  readonly request: ToolCallRequest;
  readonly nullAsAbsent: boolean;
  readonly signal: AbortSignal | undefined;
}

/**
 * Runs one call through the host's executor, as a batch of one: lookup, the refusal of a deferred
 * tool that is not loaded, validation (toolwright's `build()`), hooks, the permission policy and
 * its approvals, timeouts, retries and spill all apply, and every outcome comes back as a tool
 * message — an error one for a refusal, an invalid call or a failure — never a rejection. The
 * one exception is an approval the {@link InterruptApprover} asked through a LangGraph interrupt:
 * that interrupt is rethrown here, after the executor refused the call for now, so the agent
 * pauses with nothing run.
 */
export async function runBridgedCall(
  options: ResolvedBridgeOptions,
  call: BridgedCall,
): Promise<ToolMessage> {
  const [executed] = await options.executor.executeBatch([call.request], {
    ...(call.signal === undefined ? {} : { signal: call.signal }),
    nullAsAbsent: call.nullAsAbsent,
    // ToolSearch answers with declarations in the dialect the model is reading.
    providerTarget: options.target,
  });
  if (executed === undefined) throw new Error(`The executor returned no result for call ${call.request.id}.`);
  if (executed.pendingApproval !== undefined) {
    const interruption = takeInterrupt(options.approvals, executed.callId);
    if (interruption !== undefined) throw interruption;
  }
  return toolMessageOf(executed, call.request.name, options.images);
}
