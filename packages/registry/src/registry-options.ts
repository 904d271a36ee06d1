import type { ProviderTarget } from '@toolwright/validation';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { type RegistryEventName, rethrowListenerErrorLater } from './registry-events.js';
import type { ToolSearchToolOptions } from './tool-search-tool.js';

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

/** The provider limits with the `toolLimits` overrides applied. */
function resolveLimits(
  toolLimits: Partial<Record<ProviderTarget, number>> | undefined,
): Record<ProviderTarget, number> {
  const limits = { ...PROVIDER_TOOL_LIMITS };
  for (const [target, limit] of Object.entries(toolLimits ?? {})) {
    if (!Object.hasOwn(PROVIDER_TOOL_LIMITS, target)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `toolLimits names an unknown target "${target}"; accepted: ${Object.keys(PROVIDER_TOOL_LIMITS).join(', ')}.`,
      );
    }
    if (limit !== Number.POSITIVE_INFINITY && !(Number.isInteger(limit) && limit > 0)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `toolLimits["${target}"] is ${String(limit)}; a positive integer or Infinity is accepted.`,
      );
    }
    limits[target as ProviderTarget] = limit;
  }
  return limits;
}

/** Checks the options of a registry and fills in the defaults; throws `invalid_option`. */
export function resolveRegistryOptions(options: ToolRegistryOptions): ResolvedRegistryOptions {
  const { toolSearch } = options;
  return {
    alwaysLoaded: [...(options.alwaysLoaded ?? [])],
    limits: resolveLimits(options.toolLimits),
    toolSearch: toolSearch === false ? undefined : toolSearch === true ? {} : (toolSearch ?? {}),
    onListenerError: options.onListenerError ?? rethrowListenerErrorLater,
  };
}
