import type { FunctionDeclaration, Tool } from '@toolwright/contracts';
import type { DeferredNamespace } from '@toolwright/spec';
import type { ProviderTarget } from '@toolwright/validation';
import { compareCodeUnits } from './code-unit-order.js';
import { withConcurrencyIssues } from './concurrency-lint.js';
import { lintDeclarations } from './declaration-lint.js';
import type { DeclarationSet, OmittedDeclaration, ToolMode } from './declaration-set.js';
import { groupDeferredNamespaces } from './deferred-namespaces.js';
import type { ResolvedProviderToolSearch } from './provider-tool-search.js';

/** The most omitted names a diagnostic spells out; the rest are counted. */
const DIAGNOSTIC_NAME_LIMIT = 20;

/** What the selection needs from the registry. */
export interface DeclarationSelectionInput {
  /** The tools whose schema may reach the model (not deferred, or loaded), in any order. */
  readonly visible: Iterable<Tool>;
  readonly mode: ToolMode;
  readonly target: ProviderTarget;
  readonly limit: number;
  readonly revision: number;
  /**
   * With a provider-side search: the deferred tools not loaded yet, sent for deferred loading
   * beside the provider's search tool, and the registry's own ToolSearch (`toolSearchName`) left out.
   */
  readonly providerToolSearch?: {
    readonly search: ResolvedProviderToolSearch;
    readonly deferred: Iterable<Tool>;
    readonly toolSearchName: string | undefined;
  };
}

const byName = (left: Tool, right: Tool): number => compareCodeUnits(left.name, right.name);

const NO_NAMES: readonly string[] = Object.freeze([]);

/** Built-ins first, then MCP tools, each in name order, as many as `limit`; the rest are omitted. */
function keepWithin(tools: readonly Tool[], limit: number, omitted: OmittedDeclaration[]): Tool[] {
  const builtins = tools.filter((tool) => tool.source.type === 'builtin').sort(byName);
  const mcpTools = tools.filter((tool) => tool.source.type !== 'builtin').sort(byName);
  const keptBuiltins = builtins.slice(0, limit);
  const keptMcp = mcpTools.slice(0, Math.max(0, limit - keptBuiltins.length));
  for (const tool of builtins.slice(keptBuiltins.length)) omitted.push(omission(tool));
  for (const tool of mcpTools.slice(keptMcp.length)) omitted.push(omission(tool));
  return [...keptBuiltins, ...keptMcp];
}

/** The record of a tool left out to respect the provider's limit. */
function omission(tool: Tool): OmittedDeclaration {
  return Object.freeze({
    name: tool.name,
    source: tool.source.type === 'builtin' ? 'builtin' : 'mcp',
    reason: 'provider_limit',
  });
}

/**
 * Chooses the declarations for one request: Plan mode keeps ReadOnly tools; deferred tools appear
 * only once loaded (in every mode); when more tools are eligible than the provider accepts,
 * built-ins are kept first, then MCP tools in name order, and the rest are named in `omitted`
 * and `diagnostic`. What the target would reject in the declarations kept is in `diagnostics`,
 * followed by a warning for each tool kept that an executor must run alone (shared, not
 * concurrency-safe, no `affectedPaths`).
 * The result is sorted by name and frozen.
 *
 * With a provider-side search, the deferred tools not loaded yet are declared too, named in
 * `deferLoading`: the provider's search tool takes one place of the limit, the tools sent
 * directly the others, and the deferred ones fill the provider's catalog limit after them (in
 * name order, built-ins first). The registry's ToolSearch is left out. Provider lint covers every
 * declaration sent, deferred or not.
 */
export function selectDeclarations(input: DeclarationSelectionInput): DeclarationSet {
  const inMode = (tool: Tool): boolean => input.mode !== 'plan' || tool.kind === 'read-only';
  const withSearch = input.providerToolSearch;
  const direct = [...input.visible].filter(
    (tool) => inMode(tool) && (withSearch === undefined || tool.name !== withSearch.toolSearchName),
  );
  const deferred = withSearch === undefined ? [] : [...withSearch.deferred].filter(inMode);
  const useSearch = withSearch !== undefined && deferred.length > 0;

  const omitted: OmittedDeclaration[] = [];
  // The provider's search tool is a tool of the request: it takes one place.
  const directLimit = useSearch ? Math.max(0, input.limit - 1) : input.limit;
  const keptDirect = keepWithin(direct, directLimit, omitted);
  let keptDeferred: Tool[] = [];
  if (useSearch) {
    const room = Math.max(0, withSearch.search.catalogLimit - 1 - keptDirect.length);
    keptDeferred = keepWithin(deferred, room, omitted);
  }
  const namespaces =
    useSearch && withSearch.search.namespaces
      ? keepNamespacesWithin(groupDeferredNamespaces(keptDeferred), directLimit - keptDirect.length, (name) =>
          omitted.push(omission(keptDeferred.find((tool) => tool.name === name) as Tool)),
        )
      : undefined;
  if (namespaces !== undefined) {
    const grouped = new Set(namespaces.flatMap((namespace) => namespace.tools));
    keptDeferred = keptDeferred.filter((tool) => grouped.has(tool.name));
  }
  const kept = [...keptDirect, ...keptDeferred].sort(byName);

  const declarations: FunctionDeclaration[] = kept.map((tool) => tool.getFunctionDeclaration(input.target));
  return Object.freeze({
    specificationVersion: 'v1',
    declarations: Object.freeze(declarations),
    omitted: Object.freeze(omitted),
    revision: input.revision,
    mode: input.mode,
    target: input.target,
    limit: input.limit,
    diagnostic: omitted.length === 0 ? undefined : describeOmission(input, kept.length, omitted),
    diagnostics: withConcurrencyIssues(lintDeclarations(declarations), kept, input.target),
    deferLoading:
      keptDeferred.length === 0
        ? NO_NAMES
        : Object.freeze(keptDeferred.map((tool) => tool.name).sort(compareCodeUnits)),
    providerToolSearch: keptDeferred.length > 0 ? withSearch?.search.tool : undefined,
    ...(namespaces === undefined || namespaces.length === 0
      ? {}
      : { deferredNamespaces: Object.freeze(namespaces) }),
  });
}

/**
 * Each namespace is one entry of the request's `tools`, so the namespaces share the places the
 * direct tools left: the first `room` (in name order) are kept, the tools of the others omitted.
 */
function keepNamespacesWithin(
  namespaces: readonly DeferredNamespace[],
  room: number,
  omit: (name: string) => void,
): DeferredNamespace[] {
  const kept = namespaces.slice(0, Math.max(0, room));
  for (const namespace of namespaces.slice(kept.length)) for (const name of namespace.tools) omit(name);
  return kept;
}

function describeOmission(
  input: DeclarationSelectionInput,
  keptCount: number,
  omitted: readonly OmittedDeclaration[],
): string {
  const names = omitted.slice(0, DIAGNOSTIC_NAME_LIMIT).map((entry) => entry.name);
  const more = omitted.length > names.length ? ` and ${omitted.length - names.length} more` : '';
  return (
    `${input.target} accepts at most ${input.limit} tools per request; ${keptCount + omitted.length} were eligible ` +
    `in ${input.mode} mode, so ${omitted.length} were left out (built-ins are kept first): ${names.join(', ')}${more}. ` +
    (input.providerToolSearch === undefined
      ? ''
      : `With ${input.providerToolSearch.search.tool.name}, deferred tools fill up to ${input.providerToolSearch.search.catalogLimit} tools in all. `) +
    'Load fewer MCP tools, or raise the limit with the registry option toolLimits.'
  );
}
