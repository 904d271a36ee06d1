// The state and the check live in @toolwright/utils, so that a bridge can ask without loading
// the executor; the executor exports them as its own (the same function and type).
export { type DeferredToolState, isNotLoaded } from '@toolwright/utils';

/** What the model is told when it calls a deferred tool it has not loaded: exactly what to do. */
export function notLoadedMessage(name: string): string {
  return `${name} is deferred: its schema has not been loaded. Call ToolSearch with query "select:${name}" first, then call it again.`;
}
