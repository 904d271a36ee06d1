import type { Tool } from '@toolwright/contracts';
import type { CatalogChange } from './catalog-change.js';
import type { CatalogIndexes } from './catalog-indexes.js';
import { compareCodeUnits } from './code-unit-order.js';
import type { DeferrableTool, DynamicToolsChange } from './deferred-tool-manager.js';
import { diffSourceCatalog, type GroupEntry, type SourceCatalogDiff } from './source-catalog-diff.js';

/**
 * Checks a `replaceTools` batch against the catalog and diffs it (see `diffSourceCatalog`); throws
 * before anything observable changes. Survivors that are new objects of an unchanged definition
 * are swapped in at once: they must be the objects executed, and they count as no change.
 */
export function planReplacement(
  catalog: CatalogIndexes,
  source: string,
  tools: readonly Tool[],
): SourceCatalogDiff {
  const state = {
    builtins: catalog.builtins,
    grouped: catalog.grouped,
    stamp: catalog.nextBatchStamp(),
    scopeSize: catalog.groupSize(source),
    scopeNames: () => catalog.groupNames(source),
    source,
    previous: catalog.batchOf(source),
  };
  let diff: SourceCatalogDiff;
  try {
    diff = diffSourceCatalog(tools, state);
  } catch (error) {
    if (state.previous === undefined) throw error;
    // A refused batch is refused as a diff by name refuses it (the first problem in batch order,
    // not the first the positional diff met), with a stamp of its own: the first pass stamped
    // entries with the one above.
    diff = diffSourceCatalog(tools, { ...state, stamp: catalog.nextBatchStamp(), previous: undefined });
  }
  for (const tool of diff.swapped) catalog.swapGrouped(tool);
  return diff;
}

/** True when the diff adds, removes and updates nothing. */
export function isEmptyDiff(diff: SourceCatalogDiff): boolean {
  return diff.removed.length + diff.added.length + diff.updated.length === 0;
}

/**
 * Applies a planned diff to the indexes, then to the deferred state as one change: tools not
 * named keep their loaded state, updated ones lose it (the model must meet the new definition).
 * `deferrable`, when given, is how the deferred state sees each tool (the registry's policy).
 */
export function applyDiff(
  catalog: CatalogIndexes,
  source: string,
  deferred: { syncDynamicTools(change: DynamicToolsChange): void },
  diff: SourceCatalogDiff,
  deferrable?: (tool: Tool) => DeferrableTool,
): void {
  // The removed names were read from the catalog by the diff, which changed nothing since.
  for (const name of diff.removed)
    catalog.removeGrouped((catalog.grouped.get(name) as GroupEntry).tool, true);
  for (const tool of diff.updated) catalog.updateGrouped(tool);
  for (const tool of diff.added) catalog.addGrouped(tool, source);
  deferred.syncDynamicTools({
    added: deferrable === undefined ? diff.added : diff.added.map(deferrable),
    removed: diff.removed,
    updated: deferrable === undefined ? diff.updated : diff.updated.map(deferrable),
  });
}

/** The {@link CatalogChange} a diff amounts to, every list sorted by code unit. */
export function catalogChangeOf(
  diff: SourceCatalogDiff,
  source: string,
  reason: string | undefined,
  revision: number,
): CatalogChange {
  return {
    source,
    added: diff.added.map((tool) => tool.name).sort(compareCodeUnits),
    removed: [...diff.removed].sort(compareCodeUnits),
    updated: diff.updated.map((tool) => tool.name).sort(compareCodeUnits),
    ...(reason === undefined ? {} : { reason }),
    revision,
  };
}
