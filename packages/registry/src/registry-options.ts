import {
  checkOption,
  checkOptions,
  type OptionTable,
  previewValue,
  type ResolvedTelemetry,
  refusedOption,
  resolveTelemetryOptions,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
} from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { invalidOption } from './invalid-option.js';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { type RegistryEventName, rethrowListenerErrorLater } from './registry-events.js';
import { toNameList } from './tool-names.js';
import type { ToolSearchOptions } from './tool-search.js';
import { checkToolSearchToolOptions, type ToolSearchToolOptions } from './tool-search-tool.js';

/** Options of a {@link ToolRegistry}; a clone gets the same options. */
export interface ToolRegistryOptions {
  /** Tool names never deferred, whatever the tool says (e.g. a server's tool the agent always needs). */
  alwaysLoaded?: Iterable<string>;
  /** Per-target tool limits replacing {@link PROVIDER_TOOL_LIMITS} entries (positive integers or Infinity). */
  toolLimits?: Partial<Record<ProviderTarget, number>>;
  /** Register the ToolSearch built-in bound to this registry (default `true`), or configure it. */
  toolSearch?: boolean | ToolSearchToolOptions;
  /** Called when an event listener throws; default rethrows it on a microtask (loud, state intact). */
  onListenerError?: (error: unknown, event: RegistryEventName) => void;
  /**
   * The registry's spans (`tool_search`, `declarations {target}`) when `@opentelemetry/api` is
   * installed: on by default, without the search query unless `recordContent` is on.
   */
  telemetry?: TelemetryOptions;
}

/** Options of {@link ToolRegistry.registerAll}. */
export interface RegisterAllOptions {
  /** Validate the whole batch first and register all of it or none of it. Default `false`. */
  atomic?: boolean;
}

/** Options of {@link ToolRegistry.replaceTools}. */
export interface ReplaceToolsOptions {
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
  readonly telemetry: ResolvedTelemetry;
}

// Each target's limit is checked in resolveLimits: Infinity is accepted, which no number rule says.
const TOOL_LIMIT_OPTIONS: OptionTable<ToolRegistryOptions['toolLimits']> = Object.fromEntries(
  Object.keys(PROVIDER_TOOL_LIMITS).map((target) => [target, { kind: 'custom' }]),
) as OptionTable<Record<ProviderTarget, number>>;

/** Every option and what it accepts; `alwaysLoaded` and `toolSearch` are checked where they are resolved. */
const REGISTRY_OPTIONS: OptionTable<ToolRegistryOptions> = {
  alwaysLoaded: { kind: 'custom' },
  toolLimits: { kind: 'object', options: TOOL_LIMIT_OPTIONS },
  toolSearch: { kind: 'custom' },
  onListenerError: { kind: 'function' },
  telemetry: TELEMETRY_OPTION_RULE,
};
const REGISTER_ALL_OPTIONS: OptionTable<RegisterAllOptions> = { atomic: { kind: 'boolean' } };
const REPLACEMENT_OPTIONS: OptionTable<ReplaceToolsOptions> = {
  reason: { kind: 'string' },
};
const SEARCH_OPTIONS: OptionTable<ToolSearchOptions> = {
  maxResults: { kind: 'number', min: 1, integer: true },
  exclude: { kind: 'custom' },
};

/** The provider limits with the `toolLimits` overrides (their names checked by `REGISTRY_OPTIONS`) applied. */
function resolveLimits(toolLimits: ToolRegistryOptions['toolLimits']): Record<ProviderTarget, number> {
  const limits = { ...PROVIDER_TOOL_LIMITS };
  for (const [target, limit] of Object.entries(toolLimits ?? {})) {
    if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && limit > 0)) {
      throw invalidOption(
        refusedOption('ToolRegistry', `toolLimits.${target}`, 'a positive integer or Infinity', limit),
      );
    }
    limits[target as ProviderTarget] = limit;
  }
  return limits;
}

function resolveToolSearch(toolSearch: unknown): ToolSearchToolOptions | undefined {
  if (toolSearch === false) return undefined;
  if (toolSearch === undefined || toolSearch === true) return {};
  if (typeof toolSearch !== 'object' || toolSearch === null) {
    throw invalidOption(refusedOption('ToolRegistry', 'toolSearch', 'true, false or { name }', toolSearch));
  }
  return checkToolSearchToolOptions('ToolRegistry option toolSearch', toolSearch as ToolSearchToolOptions);
}

/**
 * Checks the options of a registry by name and value and fills in the defaults; throws
 * `invalid_option` (or `invalid_tool_name` for a ToolSearch name no provider accepts).
 */
export function resolveRegistryOptions(options: ToolRegistryOptions): ResolvedRegistryOptions {
  checkOptions('ToolRegistry', options, REGISTRY_OPTIONS, invalidOption);
  const checked = options ?? {};
  return {
    alwaysLoaded:
      checked.alwaysLoaded === undefined
        ? []
        : toNameList('ToolRegistry option alwaysLoaded', checked.alwaysLoaded),
    limits: resolveLimits(checked.toolLimits),
    toolSearch: resolveToolSearch(checked.toolSearch),
    onListenerError: checked.onListenerError ?? rethrowListenerErrorLater,
    telemetry: resolveTelemetryOptions(checked.telemetry),
  };
}

/** Checks the options of `registerAll`. */
export function checkRegisterAllOptions(options: RegisterAllOptions): RegisterAllOptions {
  checkOptions('registerAll', options, REGISTER_ALL_OPTIONS, invalidOption);
  return options ?? {};
}

/** Checks the options of a `replaceTools` call. */
export function checkReplaceToolsOptions(options: ReplaceToolsOptions): ReplaceToolsOptions {
  checkOptions('replaceTools', options, REPLACEMENT_OPTIONS, invalidOption);
  return options ?? {};
}

/** Checks the reason given to `removeTools`. */
export function checkRemovalReason(reason: unknown): void {
  checkOption('removeTools', 'reason', reason, { kind: 'string' }, invalidOption);
}

/** Checks the query and options of `search`; returns the names to exclude. */
export function checkSearchRequest(query: unknown, options: ToolSearchOptions): Set<string> {
  if (typeof query !== 'string') {
    throw new RegistryError(
      RegistryErrorCode.InvalidSearchQuery,
      `search expects the query as a string; got ${previewValue(query)}.`,
    );
  }
  checkOptions('search', options, SEARCH_OPTIONS, invalidOption);
  const checked = options ?? {};
  return new Set(checked.exclude === undefined ? [] : toNameList('search option exclude', checked.exclude));
}
