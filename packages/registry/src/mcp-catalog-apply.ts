import type { Tool } from '@toolwright/contracts';
import type { CatalogChange } from './catalog-change.js';
import type { CatalogIndexes } from './catalog-indexes.js';
import { compareCodeUnits } from './code-unit-order.js';
import type { DeferrableTool, DynamicToolsChange } from './deferred-tool-manager.js';
import { diffMcpCatalog, type McpCatalogDiff, type McpEntry } from './mcp-catalog-diff.js';
import type { McpCatalogReplacement } from './registry-options.js';

/**
 * Checks a `replaceMcpTools` batch against the catalog and diffs it (see `diffMcpCatalog`); throws
 * before anything observable changes. Survivors that are new objects of an unchanged definition
 * are swapped in at once: they must be the objects executed, and they count as no change.
 */
export function planMcpReplacement(
  catalog: CatalogIndexes,
  tools: readonly Tool[],
  server: string | undefined,
): McpCatalogDiff {
  const diff = diffMcpCatalog(tools, {
    builtins: catalog.builtins,
    mcp: catalog.mcp,
    stamp: catalog.nextBatchStamp(),
    scopeSize: catalog.mcpCount(server),
    scopeNames: () => catalog.mcpNames(server),
    server,
  });
  for (const tool of diff.swapped) catalog.swapMcp(tool);
  return diff;
}

/** True when the diff adds, removes and updates nothing. */
export function isEmptyMcpDiff(diff: McpCatalogDiff): boolean {
  return diff.removed.length + diff.added.length + diff.updated.length === 0;
}

/**
 * Applies a planned diff to the indexes, then to the deferred state as one change: tools not
 * named keep their loaded state, updated ones lose it (the model must meet the new definition).
 * `deferrable`, when given, is how the deferred state sees each tool (the registry's policy).
 */
export function applyMcpDiff(
  catalog: CatalogIndexes,
  deferred: { syncDynamicTools(change: DynamicToolsChange): void },
  diff: McpCatalogDiff,
  deferrable?: (tool: Tool) => DeferrableTool,
): void {
  // The removed names were read from the catalog by the diff, which changed nothing since.
  for (const name of diff.removed) catalog.removeMcp((catalog.mcp.get(name) as McpEntry).tool);
  for (const tool of diff.updated) catalog.updateMcp(tool);
  for (const tool of diff.added) catalog.addMcp(tool);
  deferred.syncDynamicTools({
    added: deferrable === undefined ? diff.added : diff.added.map(deferrable),
    removed: diff.removed,
    updated: deferrable === undefined ? diff.updated : diff.updated.map(deferrable),
  });
}

/** The {@link CatalogChange} a diff amounts to, every list sorted by code unit. */
export function catalogChangeOf(
  diff: McpCatalogDiff,
  replacement: McpCatalogReplacement,
  revision: number,
): CatalogChange {
  const { server, reason } = replacement;
  return {
    ...(server === undefined ? {} : { server }),
    added: diff.added.map((tool) => tool.name).sort(compareCodeUnits),
    removed: [...diff.removed].sort(compareCodeUnits),
    updated: diff.updated.map((tool) => tool.name).sort(compareCodeUnits),
    ...(reason === undefined ? {} : { reason }),
    revision,
  };
}
