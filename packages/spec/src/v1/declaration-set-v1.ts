import type { FunctionDeclaration } from './function-declaration.js';
import type { ProviderTarget } from './json-schema.js';
import type { ProviderLintIssue } from './provider-lint-issue.js';
import type { ToolMode } from './tool-mode.js';

/**
 * The search a provider runs over deferred tools: Anthropic's by regular expression (`regex`) or
 * by BM25 keywords (`bm25`), or OpenAI's hosted one (`hosted`: the Responses API's
 * `tool_search`, which OpenAI runs itself).
 */
export type ProviderToolSearchVariant = 'regex' | 'bm25' | 'hosted';

/**
 * The provider's own search tool, to add to the request's `tools`. Anthropic documents two, each
 * with a fixed name: `{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }`
 * (the model writes Python `re` patterns, at most 200 characters) and `{ type:
 * 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }` (the model writes
 * keywords); either returns 3 to 5 tools and loads them for the rest of the conversation. OpenAI's
 * Responses API takes `{ type: 'tool_search' }` (its `name` here is `tool_search` too, for
 * messages; the request carries the type only).
 */
export interface ProviderToolSearchTool {
  readonly variant: ProviderToolSearchVariant;
  readonly type: string;
  readonly name: string;
}

/**
 * A group of deferred tools the provider shows by its name and description only, until its search
 * loads them (OpenAI Responses' `namespace` tools): one per MCP server, or per category of
 * built-ins. The tools keep their full names, so a call is routed as any other.
 */
export interface DeferredNamespace {
  /** The MCP server's name, or the category (`^[A-Za-z0-9_-]+$`). */
  readonly name: string;
  /** What the model reads before loading any of it: whose tools they are, and their names. */
  readonly description: string;
  /** Names among `deferLoading`, sorted. */
  readonly tools: readonly string[];
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
  /**
   * For a provider that groups deferred tools (OpenAI Responses): every name of `deferLoading`
   * in exactly one namespace. Absent for other providers, and when nothing is deferred.
   */
  readonly deferredNamespaces?: readonly DeferredNamespace[];
}

/** The current version of the declaration set: {@link DeclarationSetV1}. */
export type DeclarationSet = DeclarationSetV1;
