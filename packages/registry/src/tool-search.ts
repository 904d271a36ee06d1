import type { Tool } from '@toolwright/contracts';
import type { Bm25Index } from './bm25-index.js';
import { closestNames } from './closest-names.js';
import { compileRegexQuery, isRegexQuery } from './regex-query.js';
import { searchableDescription } from './search-document.js';

/** How many results a search returns when the caller does not say. */
export const DEFAULT_SEARCH_RESULTS = 5;
/** The most results one search returns (also the most names one `select:` loads). */
export const MAX_SEARCH_RESULTS = 20;
/** How many closest names a search that found nothing suggests. */
const SUGGESTION_COUNT = 5;

/** How a query was understood. */
export type ToolSearchKind = 'select' | 'keyword' | 'regex';

/** Options of a search. */
export interface ToolSearchOptions {
  /** Ranked results wanted (keyword and regex); default 5, at most 20. `select:` returns every name found. */
  maxResults?: number;
  /** Leave these names out (ToolSearch leaves itself out). */
  exclude?: ReadonlySet<string>;
}

/** What a search found. */
export interface ToolSearchResult {
  readonly kind: ToolSearchKind;
  /** Matches, best first (select: in the order named). */
  readonly matches: readonly Tool[];
  /** `select:` names that are not in the catalog. */
  readonly missing: readonly string[];
  /** `select:` names found but over the 20-tool cap: not returned, to be asked for again. */
  readonly overCap: readonly string[];
  /** Closest catalog names, when something was not found. */
  readonly suggestions: readonly string[];
}

/** The part of a registry a search reads. */
export interface SearchableCatalog {
  get(name: string): Tool | undefined;
  names(): Iterable<string>;
  tools(): Iterable<Tool>;
  readonly index: Bm25Index;
}

/** Clamps a requested result count to 1..{@link MAX_SEARCH_RESULTS}; non-numbers give the default. */
export function clampResultCount(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_SEARCH_RESULTS;
  return Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.floor(requested)));
}

/**
 * Runs a ToolSearch query against a catalog:
 *
 * - `select:A,B` returns exactly the named tools (deferred or not), up to 20, in the order named;
 * - `/pattern/flags` matches names and descriptions with a linear-time (RE2) engine, name
 *   matches first;
 * - anything else is a keyword query ranked by BM25 over name, description, tags and server.
 *
 * Throws a `RegistryError` (`invalid_search_query`) only for a regex that cannot be compiled.
 */
export function searchCatalog(
  catalog: SearchableCatalog,
  query: string,
  options: ToolSearchOptions = {},
): ToolSearchResult {
  const text = query.trim();
  const exclude = options.exclude ?? new Set<string>();
  const limit = clampResultCount(options.maxResults);
  const suggest = (about: string): string[] =>
    closestNames(about, filterNames(catalog.names(), exclude), SUGGESTION_COUNT);

  if (/^select:/i.test(text)) {
    const requested = [
      ...new Set(
        text
          .slice('select:'.length)
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== ''),
      ),
    ];
    const matches: Tool[] = [];
    const missing: string[] = [];
    const overCap: string[] = [];
    for (const name of requested) {
      const tool = exclude.has(name) ? undefined : catalog.get(name);
      if (tool === undefined) missing.push(name);
      else if (matches.length < MAX_SEARCH_RESULTS) matches.push(tool);
      else overCap.push(name);
    }
    const suggestions = [...new Set(missing.flatMap((name) => suggest(name)))].slice(0, SUGGESTION_COUNT);
    return freeze({ kind: 'select', matches, missing, overCap, suggestions });
  }

  if (isRegexQuery(text)) {
    const regex = compileRegexQuery(text);
    // Every tool is tested (no early exit) so the answer does not depend on registration order.
    const candidates = [...catalog.tools()].filter((tool) => !exclude.has(tool.name));
    const byName = candidates.filter((tool) => regex.test(tool.name)).sort(compareToolNames);
    const byDescription =
      byName.length >= limit
        ? []
        : candidates
            .filter((tool) => !regex.test(tool.name) && regex.test(searchableDescription(tool)))
            .sort(compareToolNames);
    const matches = [...byName, ...byDescription].slice(0, limit);
    return freeze({
      kind: 'regex',
      matches,
      missing: [],
      overCap: [],
      suggestions: matches.length === 0 ? suggest(text) : [],
    });
  }

  const hits = catalog.index.search(text, limit, (name) => !exclude.has(name));
  const matches = hits.map((hit) => catalog.get(hit.id)).filter((tool): tool is Tool => tool !== undefined);
  return freeze({
    kind: 'keyword',
    matches,
    missing: [],
    overCap: [],
    suggestions: matches.length === 0 ? suggest(text) : [],
  });
}

function* filterNames(names: Iterable<string>, exclude: ReadonlySet<string>): Iterable<string> {
  for (const name of names) if (!exclude.has(name)) yield name;
}

function compareToolNames(left: Tool, right: Tool): number {
  return left.name < right.name ? -1 : left.name > right.name ? 1 : 0;
}

function freeze(result: {
  kind: ToolSearchKind;
  matches: Tool[];
  missing: string[];
  overCap: string[];
  suggestions: string[];
}): ToolSearchResult {
  return Object.freeze({
    kind: result.kind,
    matches: Object.freeze(result.matches),
    missing: Object.freeze(result.missing),
    overCap: Object.freeze(result.overCap),
    suggestions: Object.freeze(result.suggestions),
  });
}
