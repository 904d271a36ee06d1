import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { Tool } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import type { ToolExecutorOptions } from '../executor-options.js';
import { PermissionPolicy } from '../permission/permission-policy.js';
import { PathLock } from '../scheduling/path-lock.js';
import { ToolExecutor } from '../tool-executor.js';
import { lookupOf } from './tools.js';

/** An executor over `tools` in a fresh workspace, with a permission policy and a lock of its own. */
export function tracedExecutor(
  tools: readonly Tool[],
  overrides: Partial<ToolExecutorOptions> = {},
): ToolExecutor {
  const root = overrides.workspaceRoot ?? makeTempDir('executor-telemetry');
  return new ToolExecutor({
    lookup: lookupOf(tools),
    permissions: new PermissionPolicy({ workspaceRoot: root }),
    sessionId: 'traced',
    workspaceRoot: root,
    pathLock: new PathLock(),
    ...overrides,
  });
}

/** A span's events as `name {attributes}` pairs, in order: what a trace viewer lists. */
export function eventsOf(span: ReadableSpan): Array<[string, Record<string, unknown>]> {
  return span.events.map((event) => [event.name, { ...event.attributes }]);
}

/** A span's start and end in milliseconds, from its high-resolution times. */
export function millisOf(span: ReadableSpan): { start: number; end: number } {
  const toMillis = ([seconds, nanos]: readonly [number, number]): number => seconds * 1000 + nanos / 1e6;
  return { start: toMillis(span.startTime), end: toMillis(span.endTime) };
}
