import type { Tool } from '@toolwright/contracts';
import { BoundedQueue, type Drained } from '@toolwright/utils';
import type { ProviderTarget } from '@toolwright/validation';
import { checkBuiltin } from './builtin-checks.js';
import type { CatalogChange } from './catalog-change.js';
import { CatalogIndexes } from './catalog-indexes.js';
import { registrationWarnings } from './concurrency-lint.js';
import { DeclarationCache, limitForRequest } from './declaration-cache.js';
import type { DeclarationSet, ToolMode } from './declaration-set.js';
import { type DeferrableTool, DeferredToolManager } from './deferred-tool-manager.js';
import { type DeclarationOptions, resolveDeclarationOptions } from './provider-tool-search.js';
import { registerBatch } from './register-all.js';
import { RegistryError, RegistryErrorCode } from './registry-error.js';
import { RegistryEventEmitter, type RegistryEventName, type RegistryListener } from './registry-events.js';
import {
  checkRegisterAllOptions,
  checkRemovalReason,
  checkReplaceToolsOptions,
  checkSearchRequest,
  type RegisterAllOptions,
  type ReplaceToolsOptions,
  type ResolvedRegistryOptions,
  resolveRegistryOptions,
  type ToolRegistryOptions,
} from './registry-options.js';
import { RegistryTelemetry } from './registry-telemetry.js';
import { selectDeclarations } from './select-declarations.js';
import { applyDiff, catalogChangeOf, isEmptyDiff, planReplacement } from './source-catalog-apply.js';
import { BUILTIN_SOURCE_NAME, checkSourceName } from './source-name.js';
import { toToolList } from './tool-list.js';
import { searchCatalog, type ToolSearchOptions, type ToolSearchResult } from './tool-search.js';
import { createToolSearchTool } from './tool-search-tool.js';

/** Counts describing a registry. */
export interface RegistryStats {
  readonly total: number;
  /** Tools registered with `register()` (in no source group). */
  readonly builtin: number;
  /** Tools whose schema waits for ToolSearch (loaded or not). */
  readonly deferred: number;
  /** Deferred tools loaded so far. */
  readonly loaded: number;
  /** Tools per source group, groups sorted by code unit. */
  readonly bySource: Readonly<Record<string, number>>;
  readonly revision: number;
}

/**
 * The catalog of tools an agent offers a model, and the decision of which declarations reach it:
 * Plan mode, deferred loading through ToolSearch, provider limits, stable order. Built-ins are
 * registered one by one; tools the host receives in sets (a server's catalog, a plugin) form
 * source groups it replaces as a whole. Built-in names take precedence; every change of a group
 * is an event and waits in a bounded queue for the agent loop.
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry();
 * registry.registerAll([readTool, writeTool]);
 * registry.replaceTools('mcp:github', githubTools, { reason: 'connected' });
 * const { declarations } = registry.getFunctionDeclarationsByMode('default', 'anthropic');
 * const system = basePrompt + registry.getDeferredToolsListing();
 * ```
 */
export class ToolRegistry {
  /** Which tools are deferred and which of those ToolSearch loaded; owned by this registry alone. */
  readonly deferred: DeferredToolManager;

  #options: ResolvedRegistryOptions;
  readonly #catalog = new CatalogIndexes();
  readonly #events: RegistryEventEmitter;
  #telemetry: RegistryTelemetry;
  readonly #declarations = new DeclarationCache();
  #revision = 0;
  // While the registry applies its own change, deferred-state notifications are folded into the
  // single revision bump of that change.
  #applying = false;
  #toolSearch: Tool | undefined;
  /** Changes of the source groups waiting for `drainCatalogChanges`; each registry and clone has its own. */
  readonly #catalogChanges = new BoundedQueue<CatalogChange>('catalog-changes', 32);
  /** Clones that follow this registry's source groups; weak, so a dropped clone is collected. */
  readonly #followers = new Set<WeakRef<ToolRegistry>>();

  /** Creates a registry; with default options it already holds the ToolSearch built-in. */
  constructor(options: ToolRegistryOptions = {}) {
    this.#options = resolveRegistryOptions(options);
    this.#events = new RegistryEventEmitter(this.#options.onListenerError);
    this.#telemetry = new RegistryTelemetry(this.#options.telemetry);
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
   * source is not `builtin`, or a built-in of that name exists (names are already provider-portable:
   * `createTool` refuses any other). If a tool of a source group holds the name, the built-in wins:
   * that tool is removed, and that is announced as a `tool-shadowed` event and a catalog change
   * (also queued for `drainCatalogChanges`).
   */
  register(tool: Tool): void {
    checkBuiltin(tool, this.#catalog.builtins);
    const shadowed = this.#catalog.grouped.get(tool.name);
    this.#apply(() => {
      if (shadowed !== undefined) {
        this.#catalog.removeGrouped(shadowed.tool);
        this.deferred.unregister(shadowed.tool.name);
      }
      this.#catalog.addBuiltin(tool);
      this.deferred.register(this.#deferrable(tool));
    });
    this.#emitIfHeard('registered', () => ({
      name: tool.name,
      source: BUILTIN_SOURCE_NAME,
      revision: this.#revision,
      warnings: registrationWarnings(tool),
    }));
    if (shadowed !== undefined) {
      const { source } = shadowed;
      this.#emitIfHeard('unregistered', () => ({
        name: tool.name,
        source,
        reason: 'shadowed by a built-in of the same name',
        revision: this.#revision,
      }));
      this.#events.emit('tool-shadowed', { name: tool.name, source, revision: this.#revision });
      this.#announce({
        source,
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

  /** Removes a tool (built-in or of a source group) by name; returns false when no tool has that name. */
  unregister(name: string): boolean {
    const builtin = this.#catalog.builtins.get(name);
    if (builtin !== undefined) {
      this.#apply(() => {
        this.#catalog.removeBuiltin(builtin);
        this.deferred.unregister(name);
      });
      this.#emitIfHeard('unregistered', () => ({
        name,
        source: BUILTIN_SOURCE_NAME,
        reason: undefined,
        revision: this.#revision,
      }));
      return true;
    }
    const entry = this.#catalog.grouped.get(name);
    if (entry === undefined) return false;
    const { source } = entry;
    this.#apply(() => {
      this.#catalog.removeGrouped(entry.tool);
      this.deferred.unregister(name);
    });
    this.#emitIfHeard('unregistered', () => ({ name, source, reason: undefined, revision: this.#revision }));
    this.#announce({
      source,
      added: [],
      removed: [name],
      updated: [],
      reason: 'unregistered',
      revision: this.#revision,
    });
    return true;
  }

  // ---------------------------------------------------------------- source groups

  /**
   * Replaces the tools of one source group (a name the host chooses, e.g. `mcp:github`) with
   * `tools`, atomically. The whole batch is checked first; on a value that is no `Tool`, a name a
   * built-in holds, a name a tool of another group holds, or a duplicate within the batch, it
   * throws a {@link RegistryError} and changes nothing. The change is diffed by name, so only what
   * changed is touched: a tool whose definition changed is `updated` and loses its loaded state
   * (rug-pull guard); a tool that survives unchanged keeps it. A new object counts as unchanged
   * only when its source carries the same `fingerprint` (and the same other fields); without a
   * fingerprint only the same object does. A non-empty change is emitted as a `catalog-change`
   * event and queued for {@link ToolRegistry.drainCatalogChanges}.
   *
   * @throws RegistryError `invalid_source` for a group name that is empty, has surrounding
   * whitespace or is `builtin`.
   */
  replaceTools(source: string, tools: Iterable<Tool>, options: ReplaceToolsOptions = {}): CatalogChange {
    checkSourceName('replaceTools', source);
    const { reason } = checkReplaceToolsOptions(options);
    const list = toToolList('replaceTools', tools);
    const diff = planReplacement(this.#catalog, source, list);
    if (isEmptyDiff(diff)) {
      this.#catalog.rememberBatch(source, list);
      // Survivors may have been swapped for new objects of the same definition: clones too.
      if (diff.swapped.length > 0) this.#forwardToFollowers(source, list, options);
      return catalogChangeOf(diff, source, reason, this.#revision);
    }

    this.#apply(() =>
      applyDiff(
        this.#catalog,
        source,
        this.deferred,
        diff,
        this.#toolSearch === undefined ? (tool) => this.#deferrable(tool) : undefined,
      ),
    );
    this.#catalog.rememberBatch(source, list);

    const catalogChange = catalogChangeOf(diff, source, reason, this.#revision);
    if (this.#events.has('registered')) {
      for (const name of catalogChange.added) {
        this.#events.emit('registered', {
          name,
          source,
          revision: this.#revision,
          warnings: registrationWarnings(this.#catalog.grouped.get(name)?.tool),
        });
      }
    }
    if (this.#events.has('unregistered')) {
      for (const name of catalogChange.removed) {
        this.#events.emit('unregistered', { name, source, reason, revision: this.#revision });
      }
    }
    this.#announce(catalogChange);
    this.#forwardToFollowers(source, list, options);
    return catalogChange;
  }

  /** Removes every tool of a source group (e.g. its server disconnected); announced like a replace. */
  removeTools(source: string, reason = 'source removed'): CatalogChange {
    checkSourceName('removeTools', source);
    checkRemovalReason(reason);
    return this.replaceTools(source, [], { reason });
  }

  /**
   * Takes every catalog change queued since the last drain, oldest first (at most 32; `dropped`
   * counts the older ones that did not fit). Each registry and clone has its own queue. The same
   * changes are emitted as `catalog-change` events: a consumer takes them one way, not both.
   */
  drainCatalogChanges(): Drained<CatalogChange> {
    return this.#catalogChanges.drain();
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

  /** The tools of one source group, sorted by name (none for a group never filled). */
  getBySource(source: string): Tool[] {
    checkSourceName('getBySource', source);
    return this.#catalog.toolsNamed(this.#catalog.groupNames(source));
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
    return this.#telemetry.search(query, () =>
      searchCatalog(
        {
          get: (name) => catalog.get(name),
          names: () => catalog.names(),
          tools: () => catalog.tools(),
          index: catalog.search,
        },
        query,
        { ...options, exclude },
      ),
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

  /** Counts of tools: built-in, deferred and loaded, and per source group. */
  stats(): RegistryStats {
    return Object.freeze({
      total: this.#catalog.size,
      builtin: this.#catalog.builtins.size,
      deferred: this.deferred.getDeferredNames().length,
      loaded: this.deferred.getLoadedNames().length,
      bySource: Object.freeze(this.#catalog.sourceCounts()),
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
    const set = this.#telemetry.declarations(target, () => this.#buildDeclarations(mode, target, options));
    this.#declarations.set(key, set);
    if (set.omitted.length > 0) this.#events.emit('provider-limit', set);
    return set;
  }

  #buildDeclarations(
    mode: ToolMode,
    target: ProviderTarget,
    options: DeclarationOptions | undefined,
  ): DeclarationSet {
    const limit = limitForRequest(mode, target, this.#options.limits);
    const search = resolveDeclarationOptions(target, options);
    const visible = this.#catalog.toolsNamed(this.deferred.getVisibleNames(), false);
    return selectDeclarations({
      // ToolSearch finds deferred tools: with none to find it would only cost the request tokens.
      visible: this.deferred.hasDeferred() ? visible : visible.filter((tool) => tool !== this.#toolSearch),
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
  }

  /** The deferred-tools prompt fragment; see {@link DeferredToolManager.getDeferredToolsListing}. */
  getDeferredToolsListing(): string {
    return this.deferred.getDeferredToolsListing();
  }

  /**
   * This registry's ToolSearch while requests declare it, else `undefined`. It is declared from
   * the moment a tool is deferred until no deferred tool is left (loaded ones count, so it does
   * not come and go between requests as the model loads tools); with nothing deferred there is
   * nothing to search, and a request leaves it out. It stays registered either way, so a call
   * of it still runs. `undefined` as well for a registry made with `{ toolSearch: false }`.
   */
  getDeclaredToolSearch(): Tool | undefined {
    return this.deferred.hasDeferred() ? this.#toolSearch : undefined;
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
   * A clone follows this registry's source groups: every later `replaceTools` (a server's
   * `list_changed`, a reconnect, a server removed) is applied to the clone as well, diffed
   * against the clone's own catalog. So its loaded state is its own: a tool it loaded that
   * survives unchanged stays loaded, an updated one loses its loaded state, and one that
   * disappears is removed from its catalog and its loaded set; each is announced in the
   * clone's own `catalog-change` event and queue, so its agent loop can tell the model. A tool
   * that comes back later is deferred again until the clone's ToolSearch loads it. The clone's
   * own built-ins keep their names (grouped tools of the same name are left out for it). Built-in
   * changes and `unregister()` on this registry are not followed.
   */
  clone(): ToolRegistry {
    const { alwaysLoaded, onListenerError } = this.#options;
    // Without its own ToolSearch at first: the clone's is bound to the clone, created below.
    const copy = new ToolRegistry({ alwaysLoaded, onListenerError, toolSearch: false });
    copy.#options = this.#options;
    copy.#telemetry = this.#telemetry;
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
    for (const { tool, source } of this.#catalog.groupEntries()) {
      copy.#catalog.addGrouped(tool, source, false);
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
   * (its own grouped tools hold a name) keeps its catalog; the refusal goes to `onListenerError`,
   * never to the caller of this registry's replace.
   */
  #forwardToFollowers(source: string, tools: readonly Tool[], options: ReplaceToolsOptions): void {
    for (const reference of this.#followers) {
      const follower = reference.deref();
      if (follower === undefined) {
        this.#followers.delete(reference);
        continue;
      }
      const builtins = follower.#catalog.builtins;
      const own = tools.filter((tool) => !builtins.has(tool.name));
      try {
        follower.replaceTools(source, own, options);
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

  /** Emits a catalog change and queues a copy for `drainCatalogChanges`. */
  #announce(change: CatalogChange): void {
    this.#catalogChanges.enqueue(change);
    this.#events.emit('catalog-change', change);
  }
}
