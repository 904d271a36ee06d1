/**
 * What a tool may do to the world. The kind decides where a tool is allowed (Plan mode keeps
 * only `ReadOnly` tools); it says nothing about whether a call can be repeated safely.
 *
 * `ReadOnly` means "allowed in Plan mode", not idempotent: a tool that records a plan step or
 * creates a task changes persistent state and is still `ReadOnly`. Retrying is governed only
 * by the tool's own `isRetrySafe`, never by its kind.
 */
export const ToolKind = Object.freeze({
  /** Allowed in Plan mode. Not a promise of idempotence. */
  ReadOnly: 'read-only',
  /** Changes files or other user-visible state. */
  Write: 'write',
  /** Runs commands, calls remote services or does anything else with open-ended effects. */
  Execute: 'execute',
} as const);

/** One of the {@link ToolKind} values: `'read-only' | 'write' | 'execute'`. */
export type ToolKind = (typeof ToolKind)[keyof typeof ToolKind];

/**
 * How an executor may batch a tool's calls: `'shared'` calls may run side by side in one batch,
 * `'exclusive'` calls run alone. A `'shared'` tool that is not `isConcurrencySafe` still gets
 * same-path locking and is never pre-started while the model is streaming.
 */
export type Parallelism = 'shared' | 'exclusive';
