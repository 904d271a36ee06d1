/**
 * One change of a source group of the tool catalog, as the agent loop and listeners see it.
 * Names are registry tool names; every list is sorted by code unit so two equal changes compare
 * equal.
 */
export interface CatalogChange {
  /** The source group that changed (the name given to `replaceTools`, e.g. `mcp:github`). */
  source: string;
  /** Tools that were not in the catalog before. */
  added: string[];
  /** Tools that left the catalog. */
  removed: string[];
  /** Tools whose definition changed (e.g. a different fingerprint): they lose their loaded state. */
  updated: string[];
  /** Why it happened, e.g. `list_changed`, `reconnect`, `shadowed by built-in Read`. */
  reason?: string;
  /** The registry revision after the change. */
  revision: number;
}

/** True when a change has nothing in it. */
export function isEmptyCatalogChange(change: CatalogChange): boolean {
  return change.added.length === 0 && change.removed.length === 0 && change.updated.length === 0;
}
