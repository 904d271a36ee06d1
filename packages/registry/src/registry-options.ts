import { didYouMean, previewValue } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import {
  checkBooleanOption,
  checkFunctionOption,
  checkNumberOption,
  checkOptionNames,
  checkStringOption,
  refuseOptionValue,
} from './option-checks.js';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { type RegistryEventName, rethrowListenerErrorLater } from './registry-events.js';
import { toNameList } from './tool-names.js';
import type { ToolSearchOptions } from './tool-search.js';
import { checkToolSearchToolOptions, type ToolSearchToolOptions } from './tool-search-tool.js';

/** Options of a {@link ToolRegistry}; a clone gets the same options. */
export interface ToolRegistryOptions {
  /** Tool names never deferred, whatever the tool says (e.g. an MCP tool the agent always needs). */
  alwaysLoaded?: Iterable<string>;
  /** Per-target tool limits replacing {@link PROVIDER_TOOL_LIMITS} entries (positive integers or Infinity). */
  toolLimits?: Partial<Record<ProviderTarget, number>>;
  /** Register the ToolSearch built-in bound to this registry (default `true`), or configure it. */
  toolSearch?: boolean | ToolSearchToolOptions;
  /** Called when an event listener throws; default rethrows it on a microtask (loud, state intact). */
  onListenerError?: (error: unknown, event: RegistryEventName) => void;
}

/** Options of {@link ToolRegistry.registerAll}. */
export interface RegisterAllOptions {
  /** Validate the whole batch first and register all of it or none of it. Default `false`. */
  atomic?: boolean;
}

/** Describes a `replaceMcpTools` call. */
export interface McpCatalogReplacement {
  /** Replace only this server's tools (every tool must come from it); absent: the whole MCP catalog. */
  server?: string;
  /** Why, e.g. `list_changed` or `reconnect`; copied into the {@link CatalogChange}. */
  reason?: string;
}

/** {@link ToolRegistryOptions} checked, with every default filled in. */
export interface ResolvedRegistryOptions {
  /** Kept as an array: a clone reuses the options, and a one-shot iterable would arrive empty. */
  readonly alwaysLoaded: readonly string[];
  readonly limits: Readonly<Record<ProviderTarget, number>>;
  /** The ToolSearch built-in's options, or `undefined` when the registry has none. */
  readonly toolSearch: ToolSearchToolOptions | undefined;
  readonly onListenerError: (error: unknown, event: RegistryEventName) => void;
}

const REGISTRY_OPTION_NAMES: readonly (keyof ToolRegistryOptions)[] = [
  'alwaysLoaded',
  'toolLimits',
  'toolSearch',
  'onListenerError',
];
const PROVIDER_TARGET_NAMES = Object.keys(PROVIDER_TOOL_LIMITS);

/** The provider limits with the `toolLimits` overrides applied. */
function resolveLimits(toolLimits: unknown): Record<ProviderTarget, number> {
  const limits = { ...PROVIDER_TOOL_LIMITS };
  if (toolLimits === undefined) return limits;
  if (typeof toolLimits !== 'object' || toolLimits === null || Array.isArray(toolLimits)) {
    // The shared wording for "not an options object".
    checkOptionNames('ToolRegistry option toolLimits', toolLimits as object, []);
  }
  for (const [target, limit] of Object.entries(toolLimits as Record<string, unknown>)) {
    if (!Object.hasOwn(PROVIDER_TOOL_LIMITS, target)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `toolLimits names an unknown target "${target}"${didYouMean(target, PROVIDER_TARGET_NAMES)}; ` +
          `accepted: ${PROVIDER_TARGET_NAMES.join(', ')}.`,
      );
    }
    if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && (limit as number) > 0)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `toolLimits["${target}"] is ${typeof limit === 'number' ? String(limit) : previewValue(limit)}; ` +
          'a positive integer or Infinity is accepted.',
      );
    }
    limits[target as ProviderTarget] = limit as number;
  }
  return limits;
}

function resolveToolSearch(toolSearch: unknown): ToolSearchToolOptions | undefined {
  if (toolSearch === false) return undefined;
  if (toolSearch === undefined || toolSearch === true) return {};
  if (typeof toolSearch !== 'object' || toolSearch === null) {
    refuseOptionValue('ToolRegistry', 'toolSearch', 'true, false or { name }', toolSearch);
  }
  return checkToolSearchToolOptions('ToolRegistry option toolSearch', toolSearch as ToolSearchToolOptions);
}

/**
 * Checks the options of a registry by name and value and fills in the defaults; throws
 * `invalid_option` (or `invalid_tool_name` for a ToolSearch name no provider accepts).
 */
export function resolveRegistryOptions(options: ToolRegistryOptions): ResolvedRegistryOptions {
  const checked = checkOptionNames('ToolRegistry', options, REGISTRY_OPTION_NAMES);
  checkFunctionOption('ToolRegistry', 'onListenerError', checked.onListenerError);
  return {
    alwaysLoaded:
      checked.alwaysLoaded === undefined
        ? []
        : toNameList('ToolRegistry option alwaysLoaded', checked.alwaysLoaded),
    limits: resolveLimits(checked.toolLimits),
    toolSearch: resolveToolSearch(checked.toolSearch),
    onListenerError: checked.onListenerError ?? rethrowListenerErrorLater,
  };
}

/** Checks the options of `registerAll`. */
export function checkRegisterAllOptions(options: RegisterAllOptions): RegisterAllOptions {
  const checked = checkOptionNames('registerAll', options, ['atomic']);
  checkBooleanOption('registerAll', 'atomic', checked.atomic);
  return checked;
}

/** Checks the description of a `replaceMcpTools` call. */
export function checkMcpCatalogReplacement(change: McpCatalogReplacement): McpCatalogReplacement {
  const checked = checkOptionNames('replaceMcpTools', change, ['server', 'reason']);
  checkStringOption('replaceMcpTools', 'server', checked.server, true);
  checkStringOption('replaceMcpTools', 'reason', checked.reason);
  return checked;
}

/** Checks the arguments of `removeMcpTools`: without a server it would empty the whole MCP catalog. */
export function checkServerRemoval(server: unknown, reason: unknown): void {
  if (typeof server !== 'string' || server === '') {
    refuseOptionValue('removeMcpTools', 'server', 'a non-empty string', server);
  }
  checkStringOption('removeMcpTools', 'reason', reason);
}

/** Checks the query and options of `search`; returns the names to exclude. */
export function checkSearchRequest(query: unknown, options: ToolSearchOptions): Set<string> {
  if (typeof query !== 'string') {
    throw new RegistryError(
      RegistryErrorCode.InvalidSearchQuery,
      `search expects the query as a string; got ${previewValue(query)}.`,
    );
  }
  const checked = checkOptionNames('search', options, ['maxResults', 'exclude']);
  checkNumberOption('search', 'maxResults', checked.maxResults, { min: 1, integer: true });
  return new Set(checked.exclude === undefined ? [] : toNameList('search option exclude', checked.exclude));
}
