import {
  type ProviderTarget,
  type ToolInvocation,
  ToolResults,
  ToolValidationError,
} from '@toolwright/contracts';
import type { CallRunner } from './call-runner.js';
import { type DeferredState, isHiddenFromModel } from './deferred-state.js';
import { warnNoExecutor } from './no-executor-warning.js';
import { outputFromResult } from './result-output.js';
import type { ImageDelivery } from './tool-output.js';

/** The execution context of calls run without an executor. */
export interface DirectContext {
  readonly sessionId: string;
  readonly workspaceRoot: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A signal for runs the host started without one; it never fires. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs calls without an executor: build (or the invocation validation already built), then
 * `invocation.execute`. No permission policy, approval, hooks, timeouts, retries or spill apply —
 * that is what the executor is for — and the first call of the process emits a warning saying so. A deferred tool that ToolSearch has not loaded is still refused, with the
 * executor's words, before it is built, so not even a validation error shows its schema.
 */
export function directRunner(
  context: DirectContext,
  deferred: DeferredState | undefined,
  target: ProviderTarget,
  images: ImageDelivery,
): CallRunner {
  // The context's fixed part, made once: each call adds only its signal.
  const fixed = {
    ...context.fields,
    // ToolSearch answers with declarations in the dialect the model is reading.
    providerTarget: target,
    sessionId: context.sessionId,
    workspaceRoot: context.workspaceRoot,
  };
  return async (tool, input, options) => {
    if (isHiddenFromModel(deferred, tool.name)) {
      return outputFromResult('not_loaded', ToolResults.notFound(notLoadedMessage(tool.name)), images);
    }
    let invocation: ToolInvocation;
    try {
      invocation = options.invocation ?? tool.build(input, { nullAsAbsent: options.nullAsAbsent });
    } catch (error) {
      if (!ToolValidationError.isInstance(error)) throw error;
      return outputFromResult('invalid', ToolResults.validationError(error), images);
    }
    const signal = options.signal ?? NEVER_ABORTED;
    if (signal.aborted) return outputFromResult('aborted', ToolResults.aborted(), images);
    warnNoExecutor(tool.name);
    try {
      const result = await invocation.execute({ ...fixed, signal });
      return outputFromResult(result.error === undefined ? 'success' : 'error', result, images);
    } catch (error) {
      if (signal.aborted) return outputFromResult('aborted', ToolResults.aborted(), images);
      return outputFromResult(
        'error',
        ToolResults.executionError(error instanceof Error ? error : String(error)),
        images,
      );
    }
  };
}

/** What the model is told when it calls a deferred tool it has not loaded: exactly what to do. */
export function notLoadedMessage(name: string): string {
  return `${name} is deferred: its schema has not been loaded. Call ToolSearch with query "select:${name}" first, then call it again.`;
}
