import { checkOption, checkOptions, type OptionTable, POSITIVE_SAFE_INTEGER } from '@toolwright/utils';
import type { CatalogDiagnostic, CatalogListKind } from './catalog-diagnostic.js';
import { invalidOption } from './invalid-option.js';

/** One page as a listing method returns it. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | undefined;
}

/** Everything a paginated listing returned, and why it stopped early if it did. */
export interface PaginatedListing<T> {
  readonly items: T[];
  readonly pages: number;
  /** False when a guard stopped the listing; `items` then holds what arrived before. */
  readonly complete: boolean;
  readonly diagnostics: CatalogDiagnostic[];
}

/** Options of {@link listAllPages}. */
export interface PaginationOptions<T = unknown> {
  /** The server listed, for diagnostics. */
  readonly server: string;
  /** The listing, for diagnostics. */
  readonly list: CatalogListKind;
  /** Pages followed before the listing stops with `pagination_page_cap`. */
  readonly maxPages: number;
  /**
   * The identity of an entry (a tool's name, a resource's URI). When a guard stops the listing,
   * a server that repeated a page has sent the same entries again: only the first copy of each
   * is kept, so that the repeats do not turn every entry into a refused duplicate.
   */
  readonly keyOf?: (item: T) => string | undefined;
}

const OPTION_NAMES: OptionTable<PaginationOptions<unknown>> = {
  server: { kind: 'custom' },
  list: { kind: 'custom' },
  maxPages: { kind: 'custom' },
  keyOf: { kind: 'function' },
};

/**
 * Follows `nextCursor` until the server stops sending one. A cursor seen before (a server
 * that never advances, or loops) and more than `maxPages` pages both stop the listing with a
 * diagnostic instead of looping forever; the pages already received are kept.
 */
export async function listAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  options: PaginationOptions<T>,
): Promise<PaginatedListing<T>> {
  checkOptions('listAllPages', options, OPTION_NAMES, invalidOption);
  checkOption(
    'listAllPages',
    'maxPages',
    options.maxPages,
    { kind: 'custom', required: true, accepts: 'the page cap' },
    invalidOption,
  );
  checkOption('listAllPages', 'maxPages', options.maxPages, POSITIVE_SAFE_INTEGER, invalidOption);
  const items: T[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    if (pages >= options.maxPages) {
      const kept = firstCopies(items, options.keyOf);
      return {
        items: kept.items,
        pages,
        complete: false,
        diagnostics: [
          {
            server: options.server,
            list: options.list,
            code: 'pagination_page_cap',
            message: `MCP server "${options.server}": ${options.list} listing stopped after ${pages} pages (the page cap is ${options.maxPages}); ${kept.items.length} entries kept${kept.note}, the rest ignored`,
          },
        ],
      };
    }
    const page = await fetchPage(cursor);
    pages += 1;
    items.push(...page.items);
    if (page.nextCursor === undefined) return { items, pages, complete: true, diagnostics: [] };
    if (seenCursors.has(page.nextCursor) || page.nextCursor === cursor) {
      const kept = firstCopies(items, options.keyOf);
      return {
        items: kept.items,
        pages,
        complete: false,
        diagnostics: [
          {
            server: options.server,
            list: options.list,
            code: 'pagination_cursor_repeated',
            message: `MCP server "${options.server}": ${options.list} listing returned cursor ${JSON.stringify(page.nextCursor.slice(0, 80))} a second time (page ${pages}); stopped to avoid a loop, ${kept.items.length} entries kept${kept.note}`,
          },
        ],
      };
    }
    seenCursors.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

/** The items with every later copy of a key dropped, and words saying how many were dropped. */
function firstCopies<T>(
  items: readonly T[],
  keyOf: ((item: T) => string | undefined) | undefined,
): { items: T[]; note: string } {
  if (keyOf === undefined) return { items: [...items], note: '' };
  const seen = new Set<string>();
  const kept = items.filter((item) => {
    const key = keyOf(item);
    if (key === undefined) return true;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const dropped = items.length - kept.length;
  return {
    items: kept,
    note:
      dropped === 0
        ? ''
        : ` (${dropped} repeated ${dropped === 1 ? 'entry' : 'entries'} dropped, the first copy kept)`,
  };
}
