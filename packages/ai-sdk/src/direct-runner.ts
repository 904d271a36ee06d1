import type { Tool } from '@toolwright/contracts';
import { type DeferredToolState, ToolCallRunner } from '@toolwright/executor';
import type { CallRunner } from './call-runner.js';
import { warnNoExecutor } from './no-executor-warning.js';

/** The execution context of calls run without an executor. */
export interface DirectContext {
  readonly sessionId: string;
  readonly workspaceRoot: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * Runs calls without a host's executor, through the executor's `ToolCallRunner` with no
 * permission policy, hooks or artifact sink: the same lookup, not-loaded refusal, validation
 * message, timeout and abort handling as with one. The first call of the process that gets as
 * far as its permission check emits a warning that nothing checks it.
 */
export function directRunner(
  context: DirectContext,
  lookup: (name: string) => Tool | undefined,
  deferred: DeferredToolState | undefined,
): CallRunner {
  const runner = new ToolCallRunner({
    lookup,
    ...(deferred === undefined ? {} : { deferred }),
    sessionId: context.sessionId,
    workspaceRoot: context.workspaceRoot,
    contextFields: context.fields,
    // The permission event comes just before a call runs: refusals before it ran nothing.
    onEvent: (event) => {
      if (event.type === 'permission') warnNoExecutor(event.call.name);
    },
  });
  return (call, options) => runner.run(call, options);
}
