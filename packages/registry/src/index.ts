export type { Drained } from '@toolwright/utils';
export type { Bm25Options, SearchDocument, SearchHit } from './bm25-index.js';
export type { CatalogChange } from './catalog-change.js';
export type {
  DeclarationSet,
  DeclarationSetV1,
  DeferredNamespace,
  OmittedDeclaration,
  ToolMode,
} from './declaration-set.js';
export {
  type DeferrableTool,
  DeferredToolManager,
  type DeferredToolManagerOptions,
  type DynamicToolsChange,
} from './deferred-tool-manager.js';
export { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
export {
  type DeclarationOptions,
  PROVIDER_TOOL_SEARCH_TARGETS,
  PROVIDER_TOOL_SEARCH_VARIANTS,
  type ProviderToolSearchTool,
  type ProviderToolSearchVariant,
  providerToolSearchVariants,
} from './provider-tool-search.js';
export { MAX_REGEX_PATTERN_LENGTH } from './regex-query.js';
export {
  RegisterAllError,
  type RegistrationFailure,
  RegistryError,
  RegistryErrorCode,
} from './registry-error.js';
export type { RegistryEventName, RegistryEvents, RegistryListener } from './registry-events.js';
export type { RegisterAllOptions, ReplaceToolsOptions, ToolRegistryOptions } from './registry-options.js';
export { type RegistryStats, ToolRegistry } from './tool-registry.js';
export {
  DEFAULT_SEARCH_RESULTS,
  MAX_SEARCH_RESULTS,
  type ToolSearchKind,
  type ToolSearchOptions,
  type ToolSearchResult,
} from './tool-search.js';
export {
  createToolSearchTool,
  TOOL_SEARCH_NAME,
  type ToolSearchHost,
  type ToolSearchToolOptions,
} from './tool-search-tool.js';
