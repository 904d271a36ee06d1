/** The deferred-tool state the bridge consults: a registry's `deferred` manager fits. */
export interface DeferredState {
  isDeferred(name: string): boolean;
  isLoaded(name: string): boolean;
}

/** True when `name` is deferred and ToolSearch has not loaded it: the model has not seen its schema. */
export function isHiddenFromModel(deferred: DeferredState | undefined, name: string): boolean {
  return deferred?.isDeferred(name) === true && !deferred.isLoaded(name);
}
