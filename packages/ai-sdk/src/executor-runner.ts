import type { ToolExecutor } from '@toolwright/executor';
import type { CallRunner } from './call-runner.js';

/**
 * What the bridge needs of an executor: a `ToolExecutor` fits. Its lookup, deferred state,
 * permission policy, hooks, timeouts, retries and artifact sink all apply to every call.
 */
export type BridgeExecutor = Pick<ToolExecutor, 'executeBatch'>;

/**
 * Runs each call through the executor as a batch of one. The executor builds it again, so hooks
 * see a fresh invocation and the permission policy judges it; a refusal, a timeout or a tool's
 * failure comes back as an executed call, never as a rejection.
 */
export function executorRunner(executor: BridgeExecutor): CallRunner {
  return async (call, options) => {
    const [executed] = await executor.executeBatch([call], {
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.nullAsAbsent === undefined ? {} : { nullAsAbsent: options.nullAsAbsent }),
      ...(options.providerTarget === undefined ? {} : { providerTarget: options.providerTarget }),
      ...(options.contextFields === undefined ? {} : { contextFields: options.contextFields }),
    });
    if (executed === undefined) throw new Error(`The executor returned no result for call ${call.id}.`);
    return executed;
  };
}
