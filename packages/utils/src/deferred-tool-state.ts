/** The deferred-tool state a runner consults (a registry's `deferred` manager fits). */
export interface DeferredToolState {
  /** True when the tool's schema reaches the model only after ToolSearch loaded it. */
  isDeferred(name: string): boolean;
  /** True when the tool's schema reaches the model (not deferred, or loaded). */
  isLoaded(name: string): boolean;
}

/**
 * True when `name` is deferred and ToolSearch has not loaded it: the model never saw its schema,
 * so a call of it is refused before it is built (not even a validation error may show the
 * schema). A host that validates arguments itself, before the call runs, asks this first.
 * Here rather than in `@toolwright/executor` (which exports it too) so that a bridge can ask it
 * without loading the executor.
 */
export function isNotLoaded(deferred: DeferredToolState | undefined, name: string): boolean {
  return deferred?.isDeferred(name) === true && !deferred.isLoaded(name);
}
