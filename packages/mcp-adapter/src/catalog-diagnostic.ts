/** Why a catalog entry or listing was refused or cut short. */
export type CatalogDiagnosticCode =
  | 'pagination_cursor_repeated'
  | 'pagination_page_cap'
  | 'listing_failed'
  | 'too_many_tools'
  | 'too_many_entries'
  | 'invalid_entry'
  | 'name_invalid'
  | 'name_too_long'
  | 'duplicate_name'
  | 'description_too_large'
  | 'schema_too_large'
  | 'schema_too_deep'
  | 'schema_rejected'
  /** A `type` in the input or output schema names no JSON Schema type (`"strnig"`); the tool is not registered. */
  | 'schema_type_unknown'
  | 'name_collision'
  /** `includeTools` or `excludeTools` names a tool the server does not offer (a typo, or a tool it dropped). */
  | 'filter_name_unknown';

/**
 * One problem found while listing a server's catalog. Diagnostics never stop the rest of
 * the catalog from being used: the entry named in `entry` is dropped, everything else stays.
 */
export interface CatalogDiagnostic {
  readonly server: string;
  /** `tools`, `resources`, `resourceTemplates`, `prompts` (or `tasks` for task listings). */
  readonly list: CatalogListKind;
  readonly code: CatalogDiagnosticCode;
  /** The entry concerned (a tool or prompt name, a resource URI), if the problem is about one. */
  readonly entry?: string;
  readonly message: string;
}

/** The four listings a server can offer. */
export type CatalogListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts' | 'tasks';
