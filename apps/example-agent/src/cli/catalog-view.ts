import { toProviderToolFormat } from '@toolwright/contracts';
import type { ToolMode, ToolRegistry } from '@toolwright/registry';
import { checkOptions } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { invalidOption } from './invalid-option.js';

/** One declaration as the `tools` command shows it. */
export interface CatalogEntry {
  readonly name: string;
  readonly kind: string;
  readonly source: 'builtin' | 'mcp';
  readonly parallelism: string;
  readonly isRetrySafe: boolean;
  readonly tokens: number;
}

/** What the model would see for one provider target and mode. */
export interface CatalogView {
  readonly target: ProviderTarget;
  readonly mode: ToolMode;
  readonly entries: readonly CatalogEntry[];
  readonly schemaTokens: number;
  /** Tools the model sees by name only, in `<available-deferred-tools>`. */
  readonly deferred: readonly string[];
  readonly deferredTokens: number;
  readonly omitted: readonly string[];
}

/**
 * A rough token estimate (4 characters a token): good enough to compare catalogs and providers,
 * which is all the `tools` command uses it for.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Builds the catalog view for `target` and `mode` from the registry's own projection. */
export function describeCatalog(registry: ToolRegistry, target: ProviderTarget, mode: ToolMode): CatalogView {
  const set = registry.getFunctionDeclarationsByMode(mode, target);
  const entries = set.declarations.map((declaration) => {
    const tool = registry.get(declaration.name);
    return {
      name: declaration.name,
      kind: tool?.kind ?? 'unknown',
      source: tool?.source.type ?? 'builtin',
      parallelism: tool?.parallelism ?? 'exclusive',
      isRetrySafe: tool?.isRetrySafe ?? false,
      tokens: estimateTokens(JSON.stringify(toProviderToolFormat(declaration))),
    } satisfies CatalogEntry;
  });
  const listing = registry.getDeferredToolsListing();
  const deferred = listing === '' ? [] : listing.split('\n').slice(1, -1);
  return {
    target,
    mode,
    entries,
    schemaTokens: entries.reduce((sum, entry) => sum + entry.tokens, 0),
    deferred,
    deferredTokens: estimateTokens(listing),
    omitted: set.omitted.map((item) => item.name),
  };
}

/** The catalog as readable lines; `listTools` adds one line per tool and the deferred names. */
export function formatCatalog(view: CatalogView, options: { listTools: boolean }): string[] {
  checkOptions('formatCatalog', options, { listTools: { kind: 'boolean' } }, invalidOption);
  const lines = [
    `${view.target} (${view.mode} mode): ${view.entries.length} schemas ~${view.schemaTokens} tokens; ${view.deferred.length} deferred by name only ~${view.deferredTokens} tokens${view.omitted.length > 0 ? `; ${view.omitted.length} omitted (provider limit)` : ''}`,
  ];
  if (options.listTools) {
    for (const entry of view.entries) {
      const flags = [
        entry.kind,
        entry.parallelism,
        entry.isRetrySafe ? 'retry-safe' : 'no-retry',
        entry.source,
      ];
      lines.push(`  ${entry.name.padEnd(36)} ${flags.join(', ').padEnd(44)} ~${entry.tokens} tokens`);
    }
    if (view.deferred.length > 0) lines.push(`  deferred: ${view.deferred.join(', ')}`);
  }
  return lines;
}
