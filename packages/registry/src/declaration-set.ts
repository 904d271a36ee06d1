import type { FunctionDeclaration } from '@toolwright/contracts';
import type { ToolMode } from '@toolwright/spec';
import type { ProviderLintIssue, ProviderTarget } from '@toolwright/validation';
import type { ProviderToolSearchTool } from './provider-tool-search.js';

export type { ToolMode };

/** A tool that was eligible for a request but left out to respect the provider's tool limit. */
export interface OmittedDeclaration {
  readonly name: string;
  readonly source: 'builtin' | 'mcp';
  readonly reason: 'provider_limit';
}

/**
 * What `getFunctionDeclarationsByMode` returns: the declarations to send, and what was left out.
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
   * `@toolwright/validation`, per tool and JSON pointer); empty when the lint found nothing.
   * Nothing is withheld because of it: see the registry README.
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
