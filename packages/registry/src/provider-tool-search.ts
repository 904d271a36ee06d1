import type { ProviderToolSearchTool, ProviderToolSearchVariant } from '@toolwright/spec';
import { checkOptions, type OptionTable } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { invalidOption } from './invalid-option.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';

export type { ProviderToolSearchTool, ProviderToolSearchVariant };

/** The variants {@link ProviderToolSearchVariant} accepts. */
export const PROVIDER_TOOL_SEARCH_VARIANTS: readonly ProviderToolSearchVariant[] = Object.freeze([
  'regex',
  'bm25',
]);

/** Per-request options of `getFunctionDeclarationsByMode`. */
export interface DeclarationOptions {
  /**
   * Send the deferred tools (not yet loaded) with the declarations, marked for deferred loading
   * (`DeclarationSet.deferLoading`), plus the provider's own search tool
   * (`DeclarationSet.providerToolSearch`), instead of listing them for the registry's ToolSearch,
   * which is then left out. Only for targets in {@link PROVIDER_TOOL_SEARCH_TARGETS}. Off by default.
   */
  readonly providerToolSearch?: ProviderToolSearchVariant;
}

interface TargetToolSearch {
  /** The most tools one request may carry in all, deferred ones included. */
  readonly catalogLimit: number;
  readonly tools: Readonly<Record<ProviderToolSearchVariant, ProviderToolSearchTool>>;
}

/**
 * The targets with a provider-side tool search. Anthropic: up to 10,000 tools per request with
 * deferred loading; at least one tool must not be deferred (the search tool itself is not).
 */
const TOOL_SEARCH_BY_TARGET: Readonly<Partial<Record<ProviderTarget, TargetToolSearch>>> = Object.freeze({
  anthropic: Object.freeze({
    catalogLimit: 10_000,
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
});

/** The targets whose requests can carry deferred tools and the provider's own search tool. */
export const PROVIDER_TOOL_SEARCH_TARGETS: readonly ProviderTarget[] = Object.freeze(
  Object.keys(TOOL_SEARCH_BY_TARGET) as ProviderTarget[],
);

/** What a request with provider-side search needs from the selection. */
export interface ResolvedProviderToolSearch {
  readonly tool: ProviderToolSearchTool;
  readonly catalogLimit: number;
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
  return { tool: search.tools[variant], catalogLimit: search.catalogLimit };
}
