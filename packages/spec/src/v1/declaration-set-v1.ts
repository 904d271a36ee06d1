import type { FunctionDeclaration } from './function-declaration.js';
import type { ProviderTarget } from './json-schema.js';
import type { ProviderLintIssue } from './provider-lint-issue.js';
import type { ToolMode } from './tool-mode.js';

/** The search a provider runs over deferred tools: by regular expression or by BM25 keywords. */
export type ProviderToolSearchVariant = 'regex' | 'bm25';

/**
 * The provider's own search tool, to add to the request's `tools` as it is. Anthropic documents
 * two, each with a fixed name: `{ type: 'tool_search_tool_regex_20251119', name:
 * 'tool_search_tool_regex' }` (the model writes Python `re` patterns, at most 200 characters)
 * and `{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }` (the model
 * writes keywords). Either returns 3 to 5 tools and loads them for the rest of the conversation.
 */
export interface ProviderToolSearchTool {
  readonly variant: ProviderToolSearchVariant;
  readonly type: string;
  readonly name: string;
}

/** A tool that was eligible for a request but left out to respect the provider's tool limit. */
export interface OmittedDeclaration {
  readonly name: string;
  readonly source: 'builtin' | 'mcp';
  readonly reason: 'provider_limit';
}

/**
 * What `ToolRegistry.getFunctionDeclarationsByMode` of `@toolwright/registry` returns: the declarations to send, and what was left out.
 * Version 1; `DeclarationSet` names the current version.
 */
export interface DeclarationSetV1 {
  readonly specificationVersion: 'v1';
  /** Sorted by name (code unit order), so equal catalogs give byte-equal requests. */
  readonly declarations: readonly FunctionDeclaration[];
  /** Eligible tools left out because of the provider limit (empty when everything fit). */
  readonly omitted: readonly OmittedDeclaration[];
  /** The registry revision this set was computed at. */
  readonly revision: number;
  readonly mode: ToolMode;
  readonly target: ProviderTarget;
  /** The tool limit applied for `target`. */
  readonly limit: number;
  /** A sentence naming what was left out and why; `undefined` when nothing was. */
  readonly diagnostic: string | undefined;
  /**
   * What `target` would reject or silently lose in the declarations sent (the provider lint of
   * `@toolwright/validation`, per tool and JSON pointer), then a warning (path `''`) for each
   * declared tool an executor must run alone (shared, not concurrency-safe, no `affectedPaths`);
   * empty when nothing was found. Nothing is withheld because of it: see the `@toolwright/registry` README.
   */
  readonly diagnostics: readonly ProviderLintIssue[];
  /**
   * Names of the declarations to send for deferred loading (Anthropic: `defer_loading: true`),
   * sorted; empty unless the request asked for `providerToolSearch` and deferred tools remain.
   */
  readonly deferLoading: readonly string[];
  /** The provider's search tool to add to the request when `deferLoading` is not empty; else `undefined`. */
  readonly providerToolSearch: ProviderToolSearchTool | undefined;
}

/** The current version of the declaration set: {@link DeclarationSetV1}. */
export type DeclarationSet = DeclarationSetV1;
