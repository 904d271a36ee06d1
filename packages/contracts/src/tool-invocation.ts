import { INVOCATION_MARKER, type ToolInvocation } from '@toolwright/spec';
import { describeSpecificationVersionProblem } from '@toolwright/utils';

export type { ToolInvocation, ToolInvocationV1 } from '@toolwright/spec';
export { INVOCATION_MARKER };

// Invocations a hook replaced. Module state, not a property: the invocation itself is frozen.
const retiredInvocations = new WeakSet<object>();

/** Marks `invocation` as replaced, so that executing it fails instead of running stale params. */
export function retireInvocation(invocation: object): void {
  retiredInvocations.add(invocation);
}

/** True once `rebuildInvocation` has replaced `invocation` (in this installed copy). */
export function isInvocationSuperseded(invocation: object): boolean {
  return retiredInvocations.has(invocation);
}

/** True when `value` is an invocation made by `Tool.build` of any installed copy. */
export function isToolInvocation(value: unknown): value is ToolInvocation {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { [INVOCATION_MARKER]?: unknown })[INVOCATION_MARKER] === true &&
    (value as { specificationVersion?: unknown }).specificationVersion === 'v1'
  );
}

/**
 * Why `value`, an invocation built by a tool of another version of this package, is refused for
 * its interface version (naming both versions), or `undefined` when it is no such invocation.
 */
export function describeInvocationVersionProblem(value: unknown, acceptedBy: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as { [INVOCATION_MARKER]?: unknown })[INVOCATION_MARKER] !== true) return undefined;
  return describeSpecificationVersionProblem('ToolInvocation', value, acceptedBy);
}
