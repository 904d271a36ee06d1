import type { ProviderTarget } from '@toolwright/contracts';
import type { ToolExecutor } from '@toolwright/executor';
import type { CallRunner } from './call-runner.js';
import { outputFromExecutedCall } from './result-output.js';
import type { ImageDelivery } from './tool-output.js';

/**
 * What the bridge needs of an executor: a `ToolExecutor` fits. Its lookup, deferred state,
 * permission policy, hooks, timeouts, retries and artifact sink all apply to every call.
 */
export type BridgeExecutor = Pick<ToolExecutor, 'executeBatch'>;

/**
 * Runs each call through the executor as a batch of one: the executor builds it again (hooks see
 * a fresh invocation and the permission policy judges it), and a refusal, a timeout or a tool's
 * failure comes back as an executed call, never as a rejection.
 */
export function executorRunner(
  executor: BridgeExecutor,
  target: ProviderTarget,
  images: ImageDelivery,
): CallRunner {
  return async (tool, input, options) => {
    const [executed] = await executor.executeBatch(
      [{ id: options.toolCallId, name: tool.name, arguments: input }],
      {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        nullAsAbsent: options.nullAsAbsent,
        // ToolSearch answers with declarations in the dialect the model is reading.
        providerTarget: target,
      },
    );
    if (executed === undefined)
      throw new Error(`The executor returned no result for call ${options.toolCallId}.`);
    return outputFromExecutedCall(executed, images);
  };
}
