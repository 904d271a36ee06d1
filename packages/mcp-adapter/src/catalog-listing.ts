import { PaginatedResultSchema } from '@modelcontextprotocol/core';
import type { ServerConnection } from '@toolwright/mcp-client';
import type { CatalogDiagnostic, CatalogListKind } from './catalog-diagnostic.js';
import type { CatalogLimits } from './catalog-limits.js';
import {
  type McpCatalogEntry,
  type McpToolDefinition,
  screenContentList,
  screenToolCatalog,
} from './catalog-screen.js';
import { listAllPages } from './paginate.js';
import { toolFilterOf, unknownFilterNames } from './tool-filter.js';

const LIST_METHODS = {
  tools: { method: 'tools/list', field: 'tools', key: 'name' },
  resources: { method: 'resources/list', field: 'resources', key: 'uri' },
  resourceTemplates: { method: 'resources/templates/list', field: 'resourceTemplates', key: 'uriTemplate' },
  prompts: { method: 'prompts/list', field: 'prompts', key: 'name' },
} as const;

/** A screened listing: the entries kept, the diagnostics, and whether every page arrived. */
export interface ScreenedListing<T> {
  readonly entries: T[];
  readonly diagnostics: CatalogDiagnostic[];
  readonly complete: boolean;
}

/**
 * Reads every page of one listing as raw entries. The SDK's loose paginated-result schema is
 * used on purpose: a strict per-entry schema would reject a whole page for one bad entry,
 * while the screen drops that entry by name and keeps the rest. (The SDK's own `listTools`
 * would also compile every output schema on every page.)
 */
async function listRaw(connection: ServerConnection, list: keyof typeof LIST_METHODS, limits: CatalogLimits) {
  const { method, field, key } = LIST_METHODS[list];
  return listAllPages<unknown>(
    async (cursor) => {
      const page = await connection.request(`${method}`, (client, options) =>
        client.request(
          { method, params: cursor === undefined ? {} : { cursor } },
          PaginatedResultSchema,
          options,
        ),
      );
      const items = (page as Record<string, unknown>)[field];
      return { items: Array.isArray(items) ? items : [], nextCursor: page.nextCursor };
    },
    { server: connection.name, list, maxPages: limits.maxPages, keyOf: (entry) => identityOf(entry, key) },
  );
}

/** An entry's name, URI or URI template; undefined for a malformed entry (the screen names it). */
function identityOf(entry: unknown, key: string): string | undefined {
  const value =
    typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function listingFailed(server: string, list: CatalogListKind, error: unknown): CatalogDiagnostic {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    server,
    list,
    code: 'listing_failed',
    message: `MCP server "${server}": listing ${list} failed: ${reason}`,
  };
}

/** Lists and screens a server's tools. A failed listing gives a diagnostic and the error. */
export async function listTools(
  connection: ServerConnection,
  limits: CatalogLimits,
  accept?: Parameters<typeof screenToolCatalog>[3],
): Promise<ScreenedListing<McpToolDefinition> | { failure: CatalogDiagnostic; error: unknown }> {
  try {
    const listing = await listRaw(connection, 'tools', limits);
    // The config's includeTools/excludeTools, before the screen: a tool the user left out
    // takes no place under the per-server cap and draws no diagnostic.
    const keep = toolFilterOf(connection.definition);
    const items =
      keep === undefined
        ? listing.items
        : listing.items.filter((item) => {
            const name = (item as { name?: unknown } | null)?.name;
            return typeof name !== 'string' || keep(name);
          });
    const screened = screenToolCatalog(connection.name, items, limits, accept);
    return {
      entries: screened.entries,
      diagnostics: [
        ...listing.diagnostics,
        ...screened.diagnostics,
        ...(listing.complete ? filterDiagnostics(connection, listing.items) : []),
      ],
      complete: listing.complete,
    };
  } catch (error) {
    return { failure: listingFailed(connection.name, 'tools', error), error };
  }
}

/** A diagnostic per `includeTools` / `excludeTools` name the server's full listing lacks. */
function filterDiagnostics(connection: ServerConnection, items: readonly unknown[]): CatalogDiagnostic[] {
  const offered = new Set<string>();
  for (const item of items) {
    const name = (item as { name?: unknown } | null)?.name;
    if (typeof name === 'string') offered.add(name);
  }
  return unknownFilterNames(connection.definition, offered).map(({ name, message }) => ({
    server: connection.name,
    list: 'tools',
    code: 'filter_name_unknown',
    entry: name,
    message: `MCP server "${connection.name}": ${message}`,
  }));
}

/** Lists and screens a server's resources, resource templates or prompts. */
export async function listContent(
  connection: ServerConnection,
  list: Exclude<CatalogListKind, 'tools' | 'tasks'>,
  limits: CatalogLimits,
): Promise<ScreenedListing<McpCatalogEntry> | { failure: CatalogDiagnostic }> {
  try {
    const listing = await listRaw(connection, list, limits);
    const screened = screenContentList(connection.name, list, listing.items, limits);
    return {
      entries: screened.entries,
      diagnostics: [...listing.diagnostics, ...screened.diagnostics],
      complete: listing.complete,
    };
  } catch (error) {
    return { failure: listingFailed(connection.name, list, error) };
  }
}
