import { type Parallelism, ToolKind } from '@toolwright/spec';

export { type Parallelism, ToolKind };

/** Every accepted {@link ToolKind} value, in declaration order. */
export const TOOL_KINDS: readonly ToolKind[] = Object.freeze(Object.values(ToolKind));

/** True when `value` is one of the {@link ToolKind} values. */
export function isToolKind(value: unknown): value is ToolKind {
  return TOOL_KINDS.includes(value as ToolKind);
}

/** Every accepted {@link Parallelism} value. */
export const PARALLELISM_VALUES: readonly Parallelism[] = Object.freeze(['shared', 'exclusive']);
