import type { ProviderToolSearchTool, ProviderToolSearchVariant } from '@toolwright/spec';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { invalidOption } from './invalid-option.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

export type { ProviderToolSearchTool, ProviderToolSearchVariant };

/** The variants {@link ProviderToolSearchVariant} accepts, over every target (see {@link providerToolSearchVariants}). */
export const PROVIDER_TOOL_SEARCH_VARIANTS: readonly ProviderToolSearchVariant[] = Object.freeze([
  'regex',
  'bm25',
  'hosted',
]);

/** Per-request options of `getFunctionDeclarationsByMode`. */
export interface DeclarationOptions {
  /**
   * Send the deferred tools (not yet loaded) with the declarations, marked for deferred loading
   * (`DeclarationSet.deferLoading`), plus the provider's own search tool
   * (`DeclarationSet.providerToolSearch`), instead of listing them for the registry's ToolSearch,
   * which is then left out. Only for targets in {@link PROVIDER_TOOL_SEARCH_TARGETS}, each with
   * its own variants: `'regex'` or `'bm25'` for `anthropic`, `'hosted'` for `openai-responses`
   * (which also groups the deferred tools in `DeclarationSet.deferredNamespaces`). Off by default.
   */
  readonly providerToolSearch?: ProviderToolSearchVariant;
}

interface TargetToolSearch {
  /** The most tools one request may carry in all, deferred ones included. */
  readonly catalogLimit: number;
  /** Whether deferred tools go in namespaces, each one entry of the request's `tools`. */
  readonly namespaces: boolean;
  readonly tools: Readonly<Partial<Record<ProviderToolSearchVariant, ProviderToolSearchTool>>>;
}

/**
 * The targets with a provider-side tool search.
 *
 * - Anthropic: up to 10,000 tools per request with deferred loading; at least one tool must not be
 *   deferred (the search tool itself is not). The model searches by regex or BM25.
 * - OpenAI Responses: `{ type: 'tool_search' }`, run by OpenAI, over functions marked
 *   `defer_loading` inside namespaces (OpenAI recommends namespaces: its models were trained to
 *   search them, and the model reads only a namespace's name and description until it loads it).
 *   OpenAI documents no cap for deferred functions; toolwright holds them to the same 10,000 in
 *   all, and counts each namespace as one of the request's 128 tools.
 */
const TOOL_SEARCH_BY_TARGET: Readonly<Partial<Record<ProviderTarget, TargetToolSearch>>> = Object.freeze({
  anthropic: Object.freeze({
    catalogLimit: 10_000,
    namespaces: false,
    tools: Object.freeze({
      regex: Object.freeze({
        variant: 'regex',
        type: 'tool_search_tool_regex_20251119',
        name: 'tool_search_tool_regex',
      }),
      bm25: Object.freeze({
        variant: 'bm25',
        type: 'tool_search_tool_bm25_20251119',
        name: 'tool_search_tool_bm25',
      }),
    }),
  }),
  'openai-responses': Object.freeze({
    catalogLimit: 10_000,
    namespaces: true,
    tools: Object.freeze({
      hosted: Object.freeze({ variant: 'hosted', type: 'tool_search', name: 'tool_search' }),
    }),
  }),
});

/** The targets whose requests can carry deferred tools and the provider's own search tool. */
export const PROVIDER_TOOL_SEARCH_TARGETS: readonly ProviderTarget[] = Object.freeze(
  Object.keys(TOOL_SEARCH_BY_TARGET) as ProviderTarget[],
);

/** The variants `target`'s own search offers (none for a target without one). */
export function providerToolSearchVariants(target: ProviderTarget): readonly ProviderToolSearchVariant[] {
  return Object.keys(TOOL_SEARCH_BY_TARGET[target]?.tools ?? {}) as ProviderToolSearchVariant[];
}

/** What a request with provider-side search needs from the selection. */
export interface ResolvedProviderToolSearch {
  readonly tool: ProviderToolSearchTool;
  readonly catalogLimit: number;
  readonly namespaces: boolean;
}

const OWNER = 'getFunctionDeclarationsByMode';
const DECLARATION_OPTIONS: OptionTable<DeclarationOptions> = {
  providerToolSearch: { kind: 'oneOf', values: PROVIDER_TOOL_SEARCH_VARIANTS },
};

/**
 * Checks the options of one declaration request by name and value; returns the provider search
 * to use, or `undefined` without one. Throws `invalid_option` for an unknown option or variant,
 * or for a target with no provider-side search.
 */
export function resolveDeclarationOptions(
  target: ProviderTarget,
  options: DeclarationOptions | undefined,
): ResolvedProviderToolSearch | undefined {
  checkOptions(OWNER, options, DECLARATION_OPTIONS, invalidOption);
  const variant = options?.providerToolSearch;
  if (variant === undefined) return undefined;
  const search = TOOL_SEARCH_BY_TARGET[target];
  if (search === undefined) {
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `${OWNER}: providerToolSearch is supported for ${PROVIDER_TOOL_SEARCH_TARGETS.join(', ')} only; ` +
        `${JSON.stringify(target)} has no provider-side tool search (leave the option out to use ToolSearch).`,
    );
  }
  const tool = search.tools[variant];
  if (tool === undefined) {
    // A variant of another target's search (`hosted` for Anthropic): say whose it is.
    const owner = PROVIDER_TOOL_SEARCH_TARGETS.find((other) => TOOL_SEARCH_BY_TARGET[other]?.tools[variant]);
    const offered = providerToolSearchVariants(target).map((name) => JSON.stringify(name));
    throw new RegistryError(
      RegistryErrorCode.InvalidOption,
      `${OWNER}: the provider-side tool search of ${JSON.stringify(target)} is ${offered.join(' or ')}; ` +
        `got ${JSON.stringify(variant)}, which is ${JSON.stringify(owner)}'s.`,
    );
  }
  return { tool, catalogLimit: search.catalogLimit, namespaces: search.namespaces };
}
