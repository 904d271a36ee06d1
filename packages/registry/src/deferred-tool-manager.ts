import { checkOptions, type OptionTable } from '@toolwright/utils';
import { compareCodeUnits } from './code-unit-order.js';
import { invalidOption } from './invalid-option.js';
import { refuseUnknownNames, toNameList } from './tool-names.js';

/** What the manager needs to know about a tool: its name and whether it asks to be deferred. */
export interface DeferrableTool {
  readonly name: string;
  readonly shouldDefer: boolean;
}

/** A catalog change as the deferred state sees it; tools not mentioned keep their state. */
export interface DynamicToolsChange {
  /** New tools: deferred ones start unloaded. */
  added?: readonly DeferrableTool[];
  /** Tools that left the catalog. */
  removed?: readonly string[];
  /** Tools whose definition changed: they lose their loaded state (the model must meet the new one). */
  updated?: readonly DeferrableTool[];
}

/** Options of a {@link DeferredToolManager}. */
export interface DeferredToolManagerOptions {
  /** Names that are never deferred, whatever their tool says (registry-level policy). */
  alwaysLoaded?: Iterable<string>;
  /** Called after every change of which schemas reach the model. */
  onChange?: () => void;
}

const MANAGER_OPTIONS: OptionTable<DeferredToolManagerOptions> = {
  alwaysLoaded: { kind: 'custom' },
  onChange: { kind: 'function' },
};

const LISTING_OPEN = '<available-deferred-tools>';
const LISTING_CLOSE = '</available-deferred-tools>';

/**
 * Keeps which tools are deferred (the model sees only their name until ToolSearch loads them) and
 * which deferred tools are loaded. A tool is deferred when it asks to be (`shouldDefer`, the
 * default for MCP tools) and is not in the always-loaded set.
 */
export class DeferredToolManager {
  readonly #deferred = new Set<string>();
  readonly #loaded = new Set<string>();
  // Registered and not deferred: with #loaded, exactly the tools whose schema reaches the model,
  // kept apart so that listing them never walks a catalog of thousands of deferred tools. A tool
  // is registered when it is in #deferred or #eager: no third set holds every name again (one
  // more entry per tool of a catalog of thousands).
  readonly #eager = new Set<string>();
  readonly #alwaysLoaded: Set<string>;
  readonly #onChange: (() => void) | undefined;
  #listing: string | undefined;
  #version = 0;

  /** Creates an empty manager. */
  constructor(options: DeferredToolManagerOptions = {}) {
    checkOptions('DeferredToolManager', options, MANAGER_OPTIONS, invalidOption);
    const checked = options ?? {};
    this.#alwaysLoaded = new Set(
      checked.alwaysLoaded === undefined
        ? []
        : toNameList('DeferredToolManager option alwaysLoaded', checked.alwaysLoaded),
    );
    this.#onChange = checked.onChange;
  }

  /** Increases whenever the set of tools whose schema reaches the model changes. */
  get version(): number {
    return this.#version;
  }

  /** The always-loaded names this manager was configured with. */
  get alwaysLoaded(): ReadonlySet<string> {
    return this.#alwaysLoaded;
  }

  /** Adds a tool, or re-evaluates it when already known (its loaded state is kept). */
  register(tool: DeferrableTool): void {
    if (this.#apply(tool)) this.#changed();
  }

  /** Forgets a tool and its loaded state; returns false when it was unknown. */
  unregister(name: string): boolean {
    if (!this.#forget(name)) return false;
    this.#changed();
    return true;
  }

  /**
   * Applies a catalog change: added tools start unloaded, removed ones are forgotten, updated ones
   * lose their loaded state. Every tool the change does not mention keeps its loaded state.
   */
  syncDynamicTools(change: DynamicToolsChange): void {
    let changed = false;
    for (const name of change.removed ?? []) changed = this.#forget(name) || changed;
    for (const tool of change.updated ?? []) {
      changed = this.#loaded.delete(tool.name) || changed;
      changed = this.#apply(tool) || changed;
    }
    for (const tool of change.added ?? []) changed = this.#apply(tool) || changed;
    if (changed) this.#changed();
  }

  /**
   * Marks deferred tools loaded so their full schema goes into the next provider request (called
   * after a successful ToolSearch). Takes one name (a string) or a list of names. A known tool that
   * is not deferred is already visible and is skipped. An unknown name throws `unknown_tool` (a
   * typo would otherwise load nothing and say nothing) and then nothing is loaded. Returns the
   * names that became loaded, sorted by code unit.
   */
  markLoaded(names: string | Iterable<string>): string[] {
    const requested = toNameList('markLoaded', names);
    refuseUnknownNames(
      'markLoaded',
      requested,
      (name) => this.has(name),
      () => this.#registeredNames(),
    );
    const newlyLoaded: string[] = [];
    for (const name of requested) {
      if (this.#deferred.has(name) && !this.#loaded.has(name)) {
        this.#loaded.add(name);
        newlyLoaded.push(name);
      }
    }
    if (newlyLoaded.length > 0) this.#changed();
    return newlyLoaded.sort(compareCodeUnits);
  }

  /**
   * Puts loaded deferred tools back to name-only; takes one name or a list, refuses unknown names
   * like {@link markLoaded}. Returns the names that were unloaded.
   */
  unload(names: string | Iterable<string>): string[] {
    const requested = toNameList('unload', names);
    refuseUnknownNames(
      'unload',
      requested,
      (name) => this.has(name),
      () => this.#registeredNames(),
    );
    const unloaded: string[] = [];
    for (const name of requested) if (this.#loaded.delete(name)) unloaded.push(name);
    if (unloaded.length > 0) this.#changed();
    return unloaded.sort(compareCodeUnits);
  }

  /** True when the tool is known to the manager. */
  has(name: string): boolean {
    return this.#deferred.has(name) || this.#eager.has(name);
  }

  /** True when the tool is deferred (whether or not it has been loaded since). */
  isDeferred(name: string): boolean {
    return this.#deferred.has(name);
  }

  /** True when the tool's schema reaches the model: it is known and either not deferred or loaded. */
  isLoaded(name: string): boolean {
    return this.#deferred.has(name) ? this.#loaded.has(name) : this.#eager.has(name);
  }

  /** Keeps the declarations whose schema may reach the model (see {@link isLoaded}). */
  filterDeclarations<D extends { readonly name: string }>(declarations: readonly D[]): D[] {
    return declarations.filter((declaration) => this.isLoaded(declaration.name));
  }

  /** Names whose schema reaches the model (not deferred, or loaded), in no particular order. */
  getVisibleNames(): string[] {
    return [...this.#eager, ...this.#loaded];
  }

  /** True when at least one registered tool is deferred (loaded or not). */
  hasDeferred(): boolean {
    return this.#deferred.size > 0;
  }

  /** Deferred tool names, sorted by code unit. */
  getDeferredNames(): string[] {
    return [...this.#deferred].sort(compareCodeUnits);
  }

  /** Deferred tools that have been loaded, sorted by code unit. */
  getLoadedNames(): string[] {
    return [...this.#loaded].sort(compareCodeUnits);
  }

  /**
   * The prompt fragment naming every deferred tool: `''` when none is deferred, else exactly
   * `<available-deferred-tools>\nA\nB\n</available-deferred-tools>` with names sorted by code unit.
   * Loaded tools stay listed, so loading a tool does not change the prompt prefix (and its cache).
   */
  getDeferredToolsListing(): string {
    if (this.#listing === undefined) {
      const names = this.getDeferredNames();
      this.#listing = names.length === 0 ? '' : [LISTING_OPEN, ...names, LISTING_CLOSE].join('\n');
    }
    return this.#listing;
  }

  /** Records a tool; true when its deferred status or registration changed. */
  #apply(tool: DeferrableTool): boolean {
    const shouldDefer = tool.shouldDefer && !this.#alwaysLoaded.has(tool.name);
    const wasDeferred = this.#deferred.has(tool.name);
    const wasRegistered = wasDeferred || this.#eager.has(tool.name);
    if (shouldDefer) {
      this.#deferred.add(tool.name);
      this.#eager.delete(tool.name);
    } else {
      this.#deferred.delete(tool.name);
      this.#loaded.delete(tool.name);
      this.#eager.add(tool.name);
    }
    if (wasDeferred !== shouldDefer) this.#listing = undefined;
    return !wasRegistered || wasDeferred !== shouldDefer;
  }

  #forget(name: string): boolean {
    if (this.#deferred.delete(name)) {
      this.#listing = undefined;
      this.#loaded.delete(name);
      return true;
    }
    return this.#eager.delete(name);
  }

  /** Every registered name (for the did-you-mean of a refusal only). */
  *#registeredNames(): Iterable<string> {
    yield* this.#deferred;
    yield* this.#eager;
  }

  #changed(): void {
    this.#version += 1;
    this.#onChange?.();
  }
}
