import type { Tool } from '@toolwright/contracts';
import type { ProviderTarget } from '@toolwright/validation';
import { checkBuiltin } from './builtin-checks.js';
import type { CatalogChange } from './catalog-change.js';
import { CatalogIndexes } from './catalog-indexes.js';
import { DeclarationCache, limitForRequest } from './declaration-cache.js';
import type { DeclarationSet, ToolMode } from './declaration-set.js';
import { type DeferrableTool, DeferredToolManager } from './deferred-tool-manager.js';
import { applyMcpDiff, catalogChangeOf, isEmptyMcpDiff, planMcpReplacement } from './mcp-catalog-apply.js';
import { mcpSourceOf } from './mcp-catalog-diff.js';
import { McpEventInbox } from './mcp-event-inbox.js';
import { type DeclarationOptions, resolveDeclarationOptions } from './provider-tool-search.js';
import { registerBatch } from './register-all.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { RegistryEventEmitter, type RegistryEventName, type RegistryListener } from './registry-events.js';
import {
  checkMcpCatalogReplacement,
  checkRegisterAllOptions,
  checkSearchRequest,
  checkServerRemoval,
  type McpCatalogReplacement,
  type RegisterAllOptions,
  type ResolvedRegistryOptions,
  resolveRegistryOptions,
  type ToolRegistryOptions,
} from './registry-options.js';
import { selectDeclarations } from './select-declarations.js';
import { toToolList } from './tool-list.js';
import { searchCatalog, type ToolSearchOptions, type ToolSearchResult } from './tool-search.js';
import { createToolSearchTool } from './tool-search-tool.js';

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

  #options: ResolvedRegistryOptions;
  readonly #catalog = new CatalogIndexes();
  readonly #events: RegistryEventEmitter;
  readonly #declarations = new DeclarationCache();
  #revision = 0;
  // While the registry applies its own change, deferred-state notifications are folded into the
  // single revision bump of that change.
  #applying = false;
  #toolSearch: Tool | undefined;
  /** Clones that follow this registry's MCP catalog; weak, so a dropped clone is collected. */
  readonly #followers = new Set<WeakRef<ToolRegistry>>();

  /** Creates a registry; with default options it already holds the ToolSearch built-in. */
  constructor(options: ToolRegistryOptions = {}) {
    super();
    this.#options = resolveRegistryOptions(options);
    this.#events = new RegistryEventEmitter(this.#options.onListenerError);
    this.deferred = new DeferredToolManager({
      alwaysLoaded: this.#options.alwaysLoaded,
      onChange: () => {
        if (!this.#applying) this.#revision += 1;
      },
    });
    if (this.#options.toolSearch !== undefined) {
      this.#toolSearch = createToolSearchTool(this, this.#options.toolSearch);
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
    checkBuiltin(tool, this.#catalog.builtins);
    const shadowed = this.#catalog.mcp.get(tool.name)?.tool;
    this.#apply(() => {
      if (shadowed !== undefined) {
        this.#catalog.removeMcp(shadowed);
        this.deferred.unregister(shadowed.name);
      }
      this.#catalog.addBuiltin(tool);
      this.deferred.register(this.#deferrable(tool));
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
    const { atomic } = checkRegisterAllOptions(options);
    registerBatch(toToolList('registerAll', tools), atomic === true, {
      check: (tool) => checkBuiltin(tool, this.#catalog.builtins),
      register: (tool) => this.register(tool),
    });
  }

  /** Removes a tool (built-in or MCP) by name; returns false when no tool has that name. */
  unregister(name: string): boolean {
    const builtin = this.#catalog.builtins.get(name);
    if (builtin !== undefined) {
      this.#apply(() => {
        this.#catalog.removeBuiltin(builtin);
        this.deferred.unregister(name);
      });
      this.#emitIfHeard('unregistered', () => ({
        name,
        source: 'builtin',
        reason: undefined,
        revision: this.#revision,
      }));
      return true;
    }
    const mcpTool = this.#catalog.mcp.get(name)?.tool;
    if (mcpTool === undefined) return false;
    this.#apply(() => {
      this.#catalog.removeMcp(mcpTool);
      this.deferred.unregister(name);
    });
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
  replaceMcpTools(tools: Iterable<Tool>, change: McpCatalogReplacement = {}): CatalogChange {
    checkMcpCatalogReplacement(change);
    const list = toToolList('replaceMcpTools', tools);
    const diff = planMcpReplacement(this.#catalog, list, change.server);
    if (isEmptyMcpDiff(diff)) {
      // Survivors may have been swapped for new objects of the same definition: clones too.
      if (diff.swapped.length > 0) this.#forwardToFollowers(list, change);
      return catalogChangeOf(diff, change, this.#revision);
    }

    this.#apply(() =>
      applyMcpDiff(
        this.#catalog,
        this.deferred,
        diff,
        this.#toolSearch === undefined ? (tool) => this.#deferrable(tool) : undefined,
      ),
    );

    const catalogChange = catalogChangeOf(diff, change, this.#revision);
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
    this.#forwardToFollowers(list, change);
    return catalogChange;
  }

  /** Removes every MCP tool of `server` (e.g. on disconnect); announced like a replace. */
  removeMcpTools(server: string, reason = 'server removed'): CatalogChange {
    checkServerRemoval(server, reason);
    return this.replaceMcpTools([], { server, reason });
  }

  // ---------------------------------------------------------------- queries

  /** The tool of that name (built-ins first), or `undefined`. */
  get(name: string): Tool | undefined {
    return this.#catalog.get(name);
  }

  /** True when a tool of that name is registered. */
  has(name: string): boolean {
    return this.#catalog.has(name);
  }

  /** Every tool, sorted by name. */
  getAll(): Tool[] {
    return this.#catalog.sortedTools();
  }

  /** Every built-in tool, sorted by name. */
  getBuiltins(): Tool[] {
    return this.#catalog.sortedBuiltins();
  }

  /** MCP tools, all or of one server, sorted by name. */
  getMcpTools(server?: string): Tool[] {
    return this.#catalog.toolsNamed(this.#catalog.mcpNames(server));
  }

  /** Tools of a category, sorted by name. */
  getByCategory(category: string): Tool[] {
    return this.#catalog.toolsNamed(this.#catalog.categoryNames(category));
  }

  /** Tools carrying a tag, sorted by name. */
  getByTag(tag: string): Tool[] {
    return this.#catalog.toolsNamed(this.#catalog.tagNames(tag));
  }

  /**
   * Searches the catalog the way ToolSearch does (`select:A,B`, `/regex/`, or BM25 keywords) without
   * loading anything. The registry's own ToolSearch tool is never a result.
   */
  search(query: string, options: ToolSearchOptions = {}): ToolSearchResult {
    const exclude = checkSearchRequest(query, options);
    if (this.#toolSearch !== undefined) exclude.add(this.#toolSearch.name);
    const catalog = this.#catalog;
    return searchCatalog(
      {
        get: (name) => catalog.get(name),
        names: () => catalog.names(),
        tools: () => catalog.tools(),
        index: catalog.search,
      },
      query,
      { ...options, exclude },
    );
  }

  /**
   * Loads deferred tools so their schemas reach the next request (what ToolSearch calls); emits a
   * `loaded` event. Takes one name (a string) or a list. Names of tools that are not deferred are
   * skipped; an unknown name throws `unknown_tool` and nothing is loaded. Returns the names newly
   * loaded, sorted by code unit.
   */
  markLoaded(names: string | Iterable<string>): string[] {
    const loaded = this.deferred.markLoaded(names);
    if (loaded.length > 0) this.#events.emit('loaded', { names: loaded, revision: this.#revision });
    return loaded;
  }

  /** Counts of tools by source, deferred and loaded state, and server. */
  stats(): RegistryStats {
    return Object.freeze({
      total: this.#catalog.size,
      builtin: this.#catalog.builtins.size,
      mcp: this.#catalog.mcp.size,
      deferred: this.deferred.getDeferredNames().length,
      loaded: this.deferred.getLoadedNames().length,
      servers: Object.freeze(this.#catalog.serverCounts()),
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
   *
   * With `{ providerToolSearch: 'regex' | 'bm25' }` (Anthropic only) the deferred tools not loaded
   * yet are declared too, named in `deferLoading`, with the provider's own search tool in
   * `providerToolSearch`, and this registry's ToolSearch is left out: the provider finds and loads
   * them itself. Throws `invalid_option` for an unknown option, variant, mode or target.
   */
  getFunctionDeclarationsByMode(
    mode: ToolMode,
    target: ProviderTarget,
    options?: DeclarationOptions,
  ): DeclarationSet {
    // The warm path comes first: an agent asks on every request, the answer rarely changes.
    const variant = options?.providerToolSearch;
    const key = variant === undefined ? target : `${target}+${String(variant)}`;
    const cached = this.#declarations.get(mode, key, this.#revision);
    if (cached !== undefined) return cached;
    const limit = limitForRequest(mode, target, this.#options.limits);
    const search = resolveDeclarationOptions(target, options);
    const set = selectDeclarations({
      visible: this.#catalog.toolsNamed(this.deferred.getVisibleNames(), false),
      mode,
      target,
      limit,
      revision: this.#revision,
      ...(search === undefined
        ? {}
        : {
            providerToolSearch: {
              search,
              deferred: this.#catalog.toolsNamed(
                this.deferred.getDeferredNames().filter((name) => !this.deferred.isLoaded(name)),
                false,
              ),
              toolSearchName: this.#toolSearch?.name,
            },
          }),
    });
    this.#declarations.set(key, set);
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
   *
   * A clone follows this registry's MCP catalog: every later `replaceMcpTools` (a server's
   * `list_changed`, a reconnect, a server removed) is applied to the clone as well, diffed
   * against the clone's own catalog. So its loaded state is its own: a tool it loaded that
   * survives unchanged stays loaded, an updated one loses its loaded state, and one that
   * disappears is removed from its catalog and its loaded set; each is announced in the
   * clone's own `catalog-change` event and queue, so its agent loop can tell the model. A tool
   * that comes back later is deferred again until the clone's ToolSearch loads it. The clone's
   * own built-ins keep their names (MCP tools of the same name are left out for it). Built-in
   * changes and `unregister()` on this registry are not followed.
   */
  clone(): ToolRegistry {
    const { alwaysLoaded, onListenerError } = this.#options;
    // Without its own ToolSearch at first: the clone's is bound to the clone, created below.
    const copy = new ToolRegistry({ alwaysLoaded, onListenerError, toolSearch: false });
    copy.#options = this.#options;
    copy.#applying = true;
    if (this.#toolSearch !== undefined && this.#options.toolSearch !== undefined) {
      copy.#toolSearch = createToolSearchTool(copy, this.#options.toolSearch);
    }
    const own = (tool: Tool): Tool => (tool === this.#toolSearch ? (copy.#toolSearch ?? tool) : tool);
    for (const tool of this.#catalog.builtins.values()) {
      // Our ToolSearch is bound to us; the clone registers its own in the same place.
      copy.#catalog.addBuiltin(own(tool), false);
      copy.deferred.register(copy.#deferrable(own(tool)));
    }
    for (const tool of this.#catalog.mcpTools()) {
      copy.#catalog.addMcp(tool, false);
      copy.deferred.register(copy.#deferrable(tool));
    }
    copy.#catalog.copySearchIndexOf(this.#catalog);
    copy.#applying = false;
    copy.#revision = 1;
    this.#followers.add(new WeakRef(copy));
    return copy;
  }

  /**
   * Applies a replacement this registry accepted to every live clone. A clone that refuses it
   * (its own MCP tools hold a name) keeps its catalog; the refusal goes to `onListenerError`,
   * never to the caller of this registry's replace.
   */
  #forwardToFollowers(tools: readonly Tool[], change: McpCatalogReplacement): void {
    for (const reference of this.#followers) {
      const follower = reference.deref();
      if (follower === undefined) {
        this.#followers.delete(reference);
        continue;
      }
      const builtins = follower.#catalog.builtins;
      const own = tools.filter((tool) => !builtins.has(tool.name));
      try {
        follower.replaceMcpTools(own, change);
      } catch (error) {
        this.#options.onListenerError(error, 'catalog-change');
      }
    }
  }

  // ---------------------------------------------------------------- events and queues

  /** Adds a listener for a typed event; returns the function that removes it. */
  on<E extends RegistryEventName>(event: E, listener: RegistryListener<E>): () => void {
    return this.#events.on(event, listener);
  }

  // ---------------------------------------------------------------- internals

  /**
   * How the deferred state sees a tool. Without a ToolSearch nothing could ever load a deferred
   * tool (the model would see names it cannot call), so such a registry defers nothing: every
   * tool is declared directly, still under the provider limit.
   */
  #deferrable(tool: Tool): DeferrableTool {
    return this.#toolSearch !== undefined || !tool.shouldDefer
      ? tool
      : { name: tool.name, shouldDefer: false };
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
}
