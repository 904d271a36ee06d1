import { isTool, type Tool } from '@toolwright/contracts';
import type { ProviderTarget } from '@toolwright/validation';
import { Bm25Index } from './bm25-index.js';
import type { CatalogChange } from './catalog-change.js';
import { compareCodeUnits } from './code-unit-order.js';
import type { DeclarationSet, ToolMode } from './declaration-set.js';
import { DeferredToolManager } from './deferred-tool-manager.js';
import { describeValue, diffMcpCatalog, type McpEntry, mcpSourceOf } from './mcp-catalog-diff.js';
import { McpEventInbox } from './mcp-event-inbox.js';
import { PROVIDER_TOOL_LIMITS } from './provider-limits.js';
import {
  RegisterAllError,
  type RegistrationFailure,
  RegistryError,
  RegistryErrorCode,
} from './registry-error.js';
import {
  RegistryEventEmitter,
  type RegistryEventName,
  type RegistryListener,
  rethrowListenerErrorLater,
} from './registry-events.js';
import { searchDocumentOf } from './search-document.js';
import { selectDeclarations } from './select-declarations.js';
import { searchCatalog, type ToolSearchOptions, type ToolSearchResult } from './tool-search.js';
import { createToolSearchTool, type ToolSearchToolOptions } from './tool-search-tool.js';

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

/** Counts describing a registry. */
export interface RegistryStats {
  readonly total: number;
  readonly builtin: number;
  readonly mcp: number;
  /** Tools whose schema waits for ToolSearch (loaded or not). */
  readonly deferred: number;
  /** Deferred tools loaded so far. */
  readonly loaded: number;
  /** MCP tools per server. */
  readonly servers: Readonly<Record<string, number>>;
  readonly revision: number;
}

const TOOL_MODES: readonly ToolMode[] = ['default', 'plan'];

function addToGroup(groups: Map<string, Set<string>>, key: string, name: string): void {
  let group = groups.get(key);
  if (group === undefined) {
    group = new Set();
    groups.set(key, group);
  }
  group.add(name);
}

function removeFromGroup(groups: Map<string, Set<string>>, key: string, name: string): void {
  const group = groups.get(key);
  if (group === undefined) return;
  group.delete(name);
  if (group.size === 0) groups.delete(key);
}

/**
 * The catalog of built-in and MCP tools an agent offers a model, and the decision of which
 * declarations reach it: Plan mode, deferred loading through ToolSearch, provider limits, stable
 * order. Built-in names take precedence over MCP names; every catalog change is an event; MCP
 * events wait in bounded queues for the agent loop.
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry();
 * registry.registerAll([readTool, writeTool]);
 * registry.replaceMcpTools(mcpTools, { server: 'github', reason: 'connected' });
 * const { declarations } = registry.getFunctionDeclarationsByMode('default', 'anthropic');
 * const system = basePrompt + registry.getDeferredToolsListing();
 * ```
 */
export class ToolRegistry extends McpEventInbox {
  /** Which tools are deferred and which of those ToolSearch loaded; owned by this registry alone. */
  readonly deferred: DeferredToolManager;

  #options: ToolRegistryOptions;
  readonly #builtins = new Map<string, Tool>();
  readonly #mcp = new Map<string, McpEntry>();
  // Stamps the entries a replace batch has visited, so duplicates are found without a second map.
  #batchStamp = 0;
  readonly #byServer = new Map<string, Set<string>>();
  readonly #byCategory = new Map<string, Set<string>>();
  readonly #byTag = new Map<string, Set<string>>();
  #index = new Bm25Index();
  readonly #events: RegistryEventEmitter;
  readonly #limits: Record<ProviderTarget, number>;
  readonly #declarationCache = new Map<ToolMode, Map<ProviderTarget, DeclarationSet>>();
  #cacheRevision = -1;
  #revision = 0;
  // While the registry applies its own change, deferred-state notifications are folded into the
  // single revision bump of that change.
  #applying = false;
  #toolSearch: Tool | undefined;

  /** Creates a registry; with default options it already holds the ToolSearch built-in. */
  constructor(options: ToolRegistryOptions = {}) {
    super();
    // Kept as an array: a clone reuses the options, and a one-shot iterable would arrive empty.
    this.#options = { ...options, alwaysLoaded: [...(options.alwaysLoaded ?? [])] };
    this.#limits = { ...PROVIDER_TOOL_LIMITS };
    for (const [target, limit] of Object.entries(options.toolLimits ?? {})) {
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
      this.#limits[target as ProviderTarget] = limit;
    }
    this.#events = new RegistryEventEmitter(options.onListenerError ?? rethrowListenerErrorLater);
    this.deferred = new DeferredToolManager({
      alwaysLoaded: this.#options.alwaysLoaded ?? [],
      onChange: () => {
        if (!this.#applying) this.#revision += 1;
      },
    });
    if (options.toolSearch !== false) {
      this.#toolSearch = createToolSearchTool(
        this,
        options.toolSearch === true ? {} : (options.toolSearch ?? {}),
      );
      this.register(this.#toolSearch);
    }
  }

  /** Increases with every change of what the model may see (catalog or loaded set). */
  get revision(): number {
    return this.#revision;
  }

  // ---------------------------------------------------------------- built-ins

  /**
   * Registers a built-in tool. Throws a {@link RegistryError} when the value is not a `Tool`, its
   * source is MCP, or a built-in of that name exists (names are already provider-portable:
   * `createTool` refuses any other). If an MCP
   * tool holds the name, the built-in wins: the MCP tool is removed, and that is announced as a
   * `mcp-tool-shadowed` event and a catalog change (also queued for the agent loop).
   */
  register(tool: Tool): void {
    this.#checkBuiltin(tool);
    const shadowed = this.#mcp.get(tool.name)?.tool;
    this.#apply(() => {
      if (shadowed !== undefined) this.#removeMcp(shadowed);
      this.#addBuiltin(tool);
    });
    this.#emitIfHeard('registered', () => ({ name: tool.name, source: 'builtin', revision: this.#revision }));
    const server = shadowed === undefined ? undefined : mcpSourceOf(shadowed)?.server;
    if (shadowed !== undefined && server !== undefined) {
      this.#emitIfHeard('unregistered', () => ({
        name: tool.name,
        source: 'mcp',
        reason: 'shadowed by a built-in of the same name',
        revision: this.#revision,
      }));
      this.#events.emit('mcp-tool-shadowed', { name: tool.name, server, revision: this.#revision });
      this.#announce({
        server,
        added: [],
        removed: [tool.name],
        updated: [],
        reason: `shadowed by built-in ${tool.name}`,
        revision: this.#revision,
      });
    }
  }

  /**
   * Registers built-ins. By default one by one: a failing tool does not stop the others, and after
   * the batch one {@link RegisterAllError} lists every failure — the tools that succeeded STAY
   * registered (no rollback; do not treat a failed batch as free of side effects). With
   * `{ atomic: true }` the whole batch is checked first and nothing is registered if any tool fails.
   */
  registerAll(tools: Iterable<Tool>, options: RegisterAllOptions = {}): void {
    const batch = [...tools];
    const failures: RegistrationFailure[] = [];
    if (options.atomic === true) {
      const seen = new Set<string>();
      for (const [position, tool] of batch.entries()) {
        try {
          this.#checkBuiltin(tool);
          if (seen.has(tool.name)) {
            throw new RegistryError(
              RegistryErrorCode.DuplicateInBatch,
              `Tool "${tool.name}" appears more than once in the batch; each name may be registered once.`,
              { toolName: tool.name },
            );
          }
          seen.add(tool.name);
        } catch (error) {
          failures.push({ name: nameForFailure(tool, position), error: asRegistryError(error) });
        }
      }
      if (failures.length > 0) throw new RegisterAllError(failures, [], { atomic: true, size: batch.length });
      for (const tool of batch) this.register(tool);
      return;
    }
    const registered: string[] = [];
    for (const [position, tool] of batch.entries()) {
      try {
        this.register(tool);
        registered.push(tool.name);
      } catch (error) {
        failures.push({ name: nameForFailure(tool, position), error: asRegistryError(error) });
      }
    }
    if (failures.length > 0)
      throw new RegisterAllError(failures, registered, { atomic: false, size: batch.length });
  }

  /** Removes a tool (built-in or MCP) by name; returns false when no tool has that name. */
  unregister(name: string): boolean {
    const builtin = this.#builtins.get(name);
    if (builtin !== undefined) {
      this.#apply(() => this.#removeBuiltin(builtin));
      this.#emitIfHeard('unregistered', () => ({
        name,
        source: 'builtin',
        reason: undefined,
        revision: this.#revision,
      }));
      return true;
    }
    const mcpTool = this.#mcp.get(name)?.tool;
    if (mcpTool === undefined) return false;
    this.#apply(() => this.#removeMcp(mcpTool));
    this.#emitIfHeard('unregistered', () => ({
      name,
      source: 'mcp',
      reason: undefined,
      revision: this.#revision,
    }));
    const server = mcpSourceOf(mcpTool)?.server;
    this.#announce({
      ...(server === undefined ? {} : { server }),
      added: [],
      removed: [name],
      updated: [],
      reason: 'unregistered',
      revision: this.#revision,
    });
    return true;
  }

  // ---------------------------------------------------------------- MCP catalog

  /**
   * Replaces the MCP catalog (or, with `change.server`, one server's part of it) atomically. The
   * whole batch is checked first; on a non-MCP tool, a server mismatch, a name a built-in holds, a
   * name another server's tool holds (server-scoped replace), or a duplicate within the batch, it
   * throws a {@link RegistryError} and changes nothing. An MCP tool of the same name from the
   * previous catalog is replaced. The change is diffed by name and fingerprint, so only what
   * changed is touched: a tool whose fingerprint changed is `updated` and loses its loaded state
   * (rug-pull guard); a tool that survives unchanged keeps it. A non-empty change is emitted as a
   * `catalog-change` event and queued for the agent loop (do not enqueue it again).
   */
  replaceMcpTools(tools: readonly Tool[], change: McpCatalogReplacement = {}): CatalogChange {
    const { server } = change;
    const { added, updated, swapped, removed } = diffMcpCatalog(tools, {
      builtins: this.#builtins,
      mcp: this.#mcp,
      stamp: ++this.#batchStamp,
      scopeSize: server === undefined ? this.#mcp.size : (this.#byServer.get(server)?.size ?? 0),
      scopeNames: () => (server === undefined ? this.#mcp.keys() : (this.#byServer.get(server) ?? [])),
      server,
    });

    // A surviving tool may be a new object (a reconnected client): it must be the one executed.
    for (const tool of swapped) {
      const entry = this.#mcp.get(tool.name);
      if (entry !== undefined) entry.tool = tool;
    }
    if (removed.length + added.length + updated.length === 0) {
      return {
        ...(server === undefined ? {} : { server }),
        added: [],
        removed: [],
        updated: [],
        ...(change.reason === undefined ? {} : { reason: change.reason }),
        revision: this.#revision,
      };
    }

    this.#apply(() => {
      for (const name of removed) {
        const previous = this.#mcp.get(name)?.tool;
        if (previous !== undefined) this.#removeMcp(previous, false);
      }
      for (const tool of updated) {
        const entry = this.#mcp.get(tool.name);
        if (entry !== undefined) {
          this.#unindex(entry.tool, false);
          entry.tool = tool;
        }
        this.#indexTool(tool, false);
      }
      for (const tool of added) this.#addMcp(tool, true, false);
      // Tools not named here keep their loaded state; updated ones lose it (the model must meet the new definition).
      this.deferred.syncDynamicTools({ added, removed, updated });
    });

    const catalogChange: CatalogChange = {
      ...(server === undefined ? {} : { server }),
      added: added.map((tool) => tool.name).sort(compareCodeUnits),
      removed: removed.sort(compareCodeUnits),
      updated: updated.map((tool) => tool.name).sort(compareCodeUnits),
      ...(change.reason === undefined ? {} : { reason: change.reason }),
      revision: this.#revision,
    };
    if (this.#events.has('registered')) {
      for (const name of catalogChange.added) {
        this.#events.emit('registered', { name, source: 'mcp', revision: this.#revision });
      }
    }
    if (this.#events.has('unregistered')) {
      for (const name of catalogChange.removed) {
        this.#events.emit('unregistered', {
          name,
          source: 'mcp',
          reason: change.reason,
          revision: this.#revision,
        });
      }
    }
    this.#announce(catalogChange);
    return catalogChange;
  }

  /** Removes every MCP tool of `server` (e.g. on disconnect); announced like a replace. */
  removeMcpTools(server: string, reason = 'server removed'): CatalogChange {
    return this.replaceMcpTools([], { server, reason });
  }

  // ---------------------------------------------------------------- queries

  /** The tool of that name (built-ins first), or `undefined`. */
  get(name: string): Tool | undefined {
    return this.#builtins.get(name) ?? this.#mcp.get(name)?.tool;
  }

  /** True when a tool of that name is registered. */
  has(name: string): boolean {
    return this.#builtins.has(name) || this.#mcp.has(name);
  }

  /** Every tool, sorted by name. */
  getAll(): Tool[] {
    return [...this.#builtins.values(), ...this.#mcpTools()].sort((left, right) =>
      compareCodeUnits(left.name, right.name),
    );
  }

  /** Every built-in tool, sorted by name. */
  getBuiltins(): Tool[] {
    return [...this.#builtins.values()].sort((left, right) => compareCodeUnits(left.name, right.name));
  }

  /** MCP tools, all or of one server, sorted by name. */
  getMcpTools(server?: string): Tool[] {
    const names = server === undefined ? this.#mcp.keys() : (this.#byServer.get(server) ?? []);
    return this.#toolsNamed(names);
  }

  /** Tools of a category, sorted by name. */
  getByCategory(category: string): Tool[] {
    return this.#toolsNamed(this.#byCategory.get(category) ?? []);
  }

  /** Tools carrying a tag, sorted by name. */
  getByTag(tag: string): Tool[] {
    return this.#toolsNamed(this.#byTag.get(tag) ?? []);
  }

  /**
   * Searches the catalog the way ToolSearch does (`select:A,B`, `/regex/`, or BM25 keywords) without
   * loading anything. The registry's own ToolSearch tool is never a result.
   */
  search(query: string, options: ToolSearchOptions = {}): ToolSearchResult {
    const exclude = new Set(options.exclude ?? []);
    if (this.#toolSearch !== undefined) exclude.add(this.#toolSearch.name);
    return searchCatalog(
      {
        get: (name) => this.get(name),
        names: () => [...this.#builtins.keys(), ...this.#mcp.keys()],
        tools: () => [...this.#builtins.values(), ...this.#mcpTools()],
        index: this.#index,
      },
      query,
      { ...options, exclude },
    );
  }

  /**
   * Loads deferred tools so their schemas reach the next request (what ToolSearch calls); emits a
   * `loaded` event. Unknown and non-deferred names are ignored. Returns the names newly loaded.
   */
  markLoaded(names: Iterable<string>): string[] {
    const loaded = this.deferred.markLoaded(names);
    if (loaded.length > 0) this.#events.emit('loaded', { names: loaded, revision: this.#revision });
    return loaded;
  }

  /** Counts of tools by source, deferred and loaded state, and server. */
  stats(): RegistryStats {
    const servers: Record<string, number> = {};
    for (const [server, names] of [...this.#byServer].sort(([left], [right]) =>
      compareCodeUnits(left, right),
    )) {
      servers[server] = names.size;
    }
    return Object.freeze({
      total: this.#builtins.size + this.#mcp.size,
      builtin: this.#builtins.size,
      mcp: this.#mcp.size,
      deferred: this.deferred.getDeferredNames().length,
      loaded: this.deferred.getLoadedNames().length,
      servers: Object.freeze(servers),
      revision: this.#revision,
    });
  }

  // ---------------------------------------------------------------- declarations

  /**
   * The declarations to send with the next request for `mode` and `target`: Plan mode keeps
   * ReadOnly tools; a deferred tool appears only after ToolSearch loaded it (in every mode); sorted
   * by name; at most the target's tool limit, built-ins first, with what was left out named in
   * `omitted` and `diagnostic` (and a `provider-limit` event). Cached per revision: until the
   * catalog or the loaded set changes, the same frozen object is returned.
   */
  getFunctionDeclarationsByMode(mode: ToolMode, target: ProviderTarget): DeclarationSet {
    // The warm path comes first: an agent asks on every request, the answer rarely changes.
    if (this.#cacheRevision === this.#revision) {
      const cached = this.#declarationCache.get(mode)?.get(target);
      if (cached !== undefined) return cached;
    } else {
      this.#declarationCache.clear();
      this.#cacheRevision = this.#revision;
    }
    if (!TOOL_MODES.includes(mode)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `Unknown mode ${JSON.stringify(mode)}; accepted: ${TOOL_MODES.join(', ')}.`,
      );
    }
    const limit = this.#limits[target];
    if (!Object.hasOwn(this.#limits, target) || limit === undefined) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        `Unknown provider target ${JSON.stringify(target)}; accepted: ${Object.keys(PROVIDER_TOOL_LIMITS).join(', ')}.`,
      );
    }
    const set = selectDeclarations({
      visible: this.#toolsNamed(this.deferred.getVisibleNames(), false),
      mode,
      target,
      limit,
      revision: this.#revision,
    });
    let byTarget = this.#declarationCache.get(mode);
    if (byTarget === undefined) {
      byTarget = new Map();
      this.#declarationCache.set(mode, byTarget);
    }
    byTarget.set(target, set);
    if (set.omitted.length > 0) this.#events.emit('provider-limit', set);
    return set;
  }

  /** The deferred-tools prompt fragment; see {@link DeferredToolManager.getDeferredToolsListing}. */
  getDeferredToolsListing(): string {
    return this.deferred.getDeferredToolsListing();
  }

  /** The ToolSearch tool bound to this registry (it loads into this registry only). */
  getToolSearchTool(): Tool {
    if (this.#toolSearch === undefined) {
      throw new RegistryError(
        RegistryErrorCode.InvalidOption,
        'This registry was created with { toolSearch: false }; create it with toolSearch enabled to get one.',
      );
    }
    return this.#toolSearch;
  }

  // ---------------------------------------------------------------- clone

  /**
   * A new registry with the same tools and options. `Tool` objects are shared; the index, deferred
   * state (nothing loaded), event queues (empty), listeners (none) and ToolSearch (bound to the
   * clone, so it loads only into the clone) are its own. Each executor's catalog goes through
   * ToolSearch and change projection on its own.
   */
  clone(): ToolRegistry {
    const copy = new ToolRegistry({ ...this.#options, toolSearch: false });
    copy.#options = this.#options;
    copy.#applying = true;
    if (this.#toolSearch !== undefined) {
      copy.#toolSearch = createToolSearchTool(copy, this.#toolSearchOptions());
    }
    for (const tool of this.#builtins.values()) {
      // Our ToolSearch is bound to us; the clone registers its own in the same place.
      const own = tool === this.#toolSearch ? copy.#toolSearch : tool;
      if (own !== undefined) copy.#addBuiltin(own, false);
    }
    for (const tool of this.#mcpTools()) copy.#addMcp(tool, false);
    // Copying the postings is cheaper than tokenising every tool again, and the copy is the clone's own.
    copy.#index = this.#index.clone();
    copy.#applying = false;
    copy.#revision = 1;
    return copy;
  }

  // ---------------------------------------------------------------- events and queues

  /** Adds a listener for a typed event; returns the function that removes it. */
  on<E extends RegistryEventName>(event: E, listener: RegistryListener<E>): () => void {
    return this.#events.on(event, listener);
  }

  // ---------------------------------------------------------------- internals

  #toolSearchOptions(): ToolSearchToolOptions {
    const configured = this.#options.toolSearch;
    return typeof configured === 'object' ? configured : {};
  }

  /** Runs a change of the catalog and bumps the revision once for all of it. */
  #apply(change: () => void): void {
    this.#applying = true;
    try {
      change();
    } finally {
      this.#applying = false;
    }
    this.#revision += 1;
  }

  #emitIfHeard<E extends 'registered' | 'unregistered'>(
    event: E,
    payload: () => Parameters<RegistryListener<E>>[0],
  ): void {
    if (this.#events.has(event)) this.#events.emit(event, payload());
  }

  /** Emits a catalog change and queues a copy for the agent loop. */
  #announce(change: CatalogChange): void {
    this.enqueueMcpCatalogChange(change);
    this.#events.emit('catalog-change', change);
  }

  #checkBuiltin(tool: Tool): void {
    if (!isTool(tool)) {
      throw new RegistryError(
        RegistryErrorCode.InvalidTool,
        `register expects a Tool made by createTool (@toolwright/contracts), received ${describeValue(tool)}.`,
      );
    }
    if (tool.source.type !== 'builtin') {
      throw new RegistryError(
        RegistryErrorCode.NotBuiltinTool,
        `Tool "${tool.name}" has source "${tool.source.type}"; register accepts built-ins only, ` +
          'MCP tools are added with replaceMcpTools.',
        { toolName: tool.name },
      );
    }
    if (this.#builtins.has(tool.name)) {
      throw new RegistryError(
        RegistryErrorCode.DuplicateTool,
        `A built-in tool named "${tool.name}" is already registered; unregister it first or choose another name.`,
        { toolName: tool.name },
      );
    }
  }

  // `search` false skips the search index (a clone copies it whole); `deferred` false leaves the
  // deferred state to the caller (replaceMcpTools applies it as one syncDynamicTools change).
  #addBuiltin(tool: Tool, search = true): void {
    this.#builtins.set(tool.name, tool);
    this.#indexTool(tool, true, search);
  }

  #removeBuiltin(tool: Tool): void {
    this.#builtins.delete(tool.name);
    this.#unindex(tool);
  }

  #addMcp(tool: Tool, search = true, deferred = true): void {
    this.#mcp.set(tool.name, { tool, stamp: 0 });
    this.#indexTool(tool, deferred, search);
  }

  #removeMcp(tool: Tool, deferred = true): void {
    this.#mcp.delete(tool.name);
    this.#unindex(tool, deferred);
  }

  #indexTool(tool: Tool, deferred = true, search = true): void {
    if (search) this.#index.add(tool.name, searchDocumentOf(tool));
    if (tool.category !== undefined) addToGroup(this.#byCategory, tool.category, tool.name);
    for (const tag of tool.tags) addToGroup(this.#byTag, tag, tool.name);
    const source = mcpSourceOf(tool);
    if (source !== undefined) addToGroup(this.#byServer, source.server, tool.name);
    if (deferred) this.deferred.register(tool);
  }

  #unindex(tool: Tool, deferred = true): void {
    this.#index.remove(tool.name);
    if (tool.category !== undefined) removeFromGroup(this.#byCategory, tool.category, tool.name);
    for (const tag of tool.tags) removeFromGroup(this.#byTag, tag, tool.name);
    const source = mcpSourceOf(tool);
    if (source !== undefined) removeFromGroup(this.#byServer, source.server, tool.name);
    if (deferred) this.deferred.unregister(tool.name);
  }

  *#mcpTools(): Iterable<Tool> {
    for (const entry of this.#mcp.values()) yield entry.tool;
  }

  #toolsNamed(names: Iterable<string>, sorted = true): Tool[] {
    const tools: Tool[] = [];
    for (const name of sorted ? [...names].sort(compareCodeUnits) : names) {
      const tool = this.get(name);
      if (tool !== undefined) tools.push(tool);
    }
    return tools;
  }
}

function nameForFailure(tool: unknown, position: number): string {
  const name = typeof tool === 'object' && tool !== null ? (tool as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? name : `#${position}`;
}

function asRegistryError(error: unknown): RegistryError {
  if (RegistryError.isInstance(error)) return error;
  return new RegistryError(
    RegistryErrorCode.InvalidTool,
    `Registration failed unexpectedly: ${error instanceof Error ? error.message : String(error)}.`,
    { cause: error },
  );
}
