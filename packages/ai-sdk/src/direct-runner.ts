import { createRequire } from 'node:module';
import type { Tool } from '@toolwright/contracts';
import type { DeferredToolState, ToolCallRunner } from '@toolwright/executor';
import type { CallRunner } from './call-runner.js';
import { warnNoExecutor } from './no-executor-warning.js';

/** The execution context of calls run without an executor. */
export interface DirectContext {
  readonly sessionId: string;
  readonly workspaceRoot: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

type ExecutorEntry = typeof import('@toolwright/executor');

let loading: Promise<ExecutorEntry> | undefined;

/**
 * `@toolwright/executor`, loaded with the first call run without a host's executor rather than
 * with the bridge: a host that gives its `ToolExecutor` loaded the executor itself, and the bridge
 * needs nothing else of it. Each build loads its own kind of the entry (the CommonJS build, which
 * has no `import.meta.url`, `require`s it; the ES one imports it).
 */
function loadExecutor(): Promise<ExecutorEntry> {
  loading ??=
    import.meta.url === undefined
      ? Promise.resolve(createRequire(__filename)('@toolwright/executor') as ExecutorEntry)
      : import('@toolwright/executor');
  return loading;
}

/**
 * Runs calls without a host's executor, through the executor's `ToolCallRunner` with no
 * permission policy, hooks or artifact sink: the same lookup, not-loaded refusal, validation
 * message, timeout and abort handling as with one. The first call of the process that gets as
 * far as its permission check emits a warning that nothing checks it. The runner is made with the
 * first call: every option it checks, `toAiSdkTools` checked already.
 */
export function directRunner(
  context: DirectContext,
  lookup: (name: string) => Tool | undefined,
  deferred: DeferredToolState | undefined,
): CallRunner {
  let runner: Promise<ToolCallRunner> | undefined;
  const made = () =>
    (runner ??= loadExecutor().then(
      ({ ToolCallRunner }) =>
        new ToolCallRunner({
          lookup,
          ...(deferred === undefined ? {} : { deferred }),
          sessionId: context.sessionId,
          workspaceRoot: context.workspaceRoot,
          contextFields: context.fields,
          // The permission event comes just before a call runs: refusals before it ran nothing.
          onEvent: (event) => {
            if (event.type === 'permission') warnNoExecutor(event.call.name);
          },
        }),
    ));
  return async (call, options) => (await made()).run(call, options);
}
