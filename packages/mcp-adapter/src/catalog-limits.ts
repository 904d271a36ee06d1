import { checkOptions, type OptionTable, POSITIVE_SAFE_INTEGER } from '@toolwright/utils';
import { invalidOption } from './invalid-option.js';

/**
 * Bounds on what one server's catalog may contain. An entry over a bound is dropped by name
 * with a diagnostic; the rest of the catalog stays usable.
 */
export interface CatalogLimits {
  /** Tools kept per server (in the server's order); default 1,000. */
  readonly maxToolsPerServer: number;
  /** Resources, templates or prompts kept per server and listing; default 1,000. */
  readonly maxEntriesPerList: number;
  /** Longest tool or prompt name accepted, in characters; default 128 (the MCP spec's limit). */
  readonly maxNameLength: number;
  /** Largest description accepted, in UTF-8 bytes; default 16 KiB. */
  readonly maxDescriptionBytes: number;
  /** Largest input or output schema accepted, as JSON bytes; default 256 KiB. */
  readonly maxSchemaBytes: number;
  /** Deepest input or output schema accepted; default 64. */
  readonly maxSchemaDepth: number;
  /** Pages followed per listing before giving up; default 100. */
  readonly maxPages: number;
}

const LIMIT_OPTIONS: OptionTable<CatalogLimits> = {
  maxToolsPerServer: POSITIVE_SAFE_INTEGER,
  maxEntriesPerList: POSITIVE_SAFE_INTEGER,
  maxNameLength: POSITIVE_SAFE_INTEGER,
  maxDescriptionBytes: POSITIVE_SAFE_INTEGER,
  maxSchemaBytes: POSITIVE_SAFE_INTEGER,
  maxSchemaDepth: POSITIVE_SAFE_INTEGER,
  maxPages: POSITIVE_SAFE_INTEGER,
};

/**
 * `limits` (all of them, some or none) over {@link DEFAULT_CATALOG_LIMITS}, after checking each
 * by name and value. Throws `invalid_option` naming `owner` and the limit.
 */
export function resolveCatalogLimits(
  owner: string,
  limits: Partial<CatalogLimits> | undefined,
): CatalogLimits {
  if (limits === undefined) return DEFAULT_CATALOG_LIMITS;
  checkOptions(owner, limits, LIMIT_OPTIONS, invalidOption);
  return { ...DEFAULT_CATALOG_LIMITS, ...limits };
}

/** The defaults of {@link CatalogLimits}. */
export const DEFAULT_CATALOG_LIMITS: CatalogLimits = Object.freeze({
  maxToolsPerServer: 1000,
  maxEntriesPerList: 1000,
  maxNameLength: 128,
  maxDescriptionBytes: 16 * 1024,
  maxSchemaBytes: 256 * 1024,
  maxSchemaDepth: 64,
  maxPages: 100,
});
