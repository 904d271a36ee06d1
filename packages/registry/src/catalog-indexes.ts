import type { Tool } from '@toolwright/contracts';
import { Bm25Index } from './bm25-index.js';
import { compareCodeUnits } from './code-unit-order.js';
import { searchFieldsOf } from './search-document.js';
import type { GroupEntry } from './source-catalog-diff.js';

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

const byToolName = (left: Tool, right: Tool): number => compareCodeUnits(left.name, right.name);

/**
 * The registry's tools and every index over them: by name (built-ins and grouped tools apart, so
 * built-ins can take precedence), by source group, and the BM25 search index. It
 * knows nothing of deferred state or events: the registry decides what a change means, this only
 * keeps the lookups consistent with it, each change touching only the tool's own entries.
 */
export class CatalogIndexes {
  readonly builtins = new Map<string, Tool>();
  /** Tools of a source group (`replaceTools`), by name. */
  readonly grouped = new Map<string, GroupEntry>();
  readonly #bySource = new Map<string, Set<string>>();
  /**
   * Each group's last accepted batch, while every change of the group came through batches: the
   * next batch is diffed against it by position (see `diffSourceCatalog`).
   */
  readonly #batches = new Map<string, readonly Tool[]>();
  #search = new Bm25Index();
  /**
   * Tools added since the last search, not yet tokenised: a server listing thousands of tools
   * pays for its search postings on the first search, not while it connects.
   */
  readonly #unsearched = new Map<string, Tool>();
  // Stamps the entries a replace batch has visited, so duplicates are found without a second map.
  #batchStamp = 0;

  /** The BM25 index ToolSearch ranks keyword queries with, holding every tool added so far. */
  get search(): Bm25Index {
    if (this.#unsearched.size > 0) {
      // Values, not entries: no [name, tool] array per tool (the key is the tool's name).
      for (const tool of this.#unsearched.values()) this.#search.addFields(tool.name, searchFieldsOf(tool));
      this.#unsearched.clear();
    }
    return this.#search;
  }

  /** A stamp no group entry carries yet, for one replace batch (see `diffSourceCatalog`). */
  nextBatchStamp(): number {
    this.#batchStamp += 1;
    return this.#batchStamp;
  }

  /** The tool of that name, built-ins first. */
  get(name: string): Tool | undefined {
    return this.builtins.get(name) ?? this.grouped.get(name)?.tool;
  }

  /** True when a built-in or grouped tool has that name. */
  has(name: string): boolean {
    return this.builtins.has(name) || this.grouped.has(name);
  }

  /** How many tools are held. */
  get size(): number {
    return this.builtins.size + this.grouped.size;
  }

  /** Adds a built-in; `search` false leaves the search index alone (a clone copies it whole). */
  addBuiltin(tool: Tool, search = true): void {
    this.builtins.set(tool.name, tool);
    this.#index(tool, search);
  }

  /** Removes a built-in from every index. */
  removeBuiltin(tool: Tool): void {
    this.builtins.delete(tool.name);
    this.#unindex(tool);
  }

  /** Adds a tool to a source group; `search` false leaves the search index alone (a clone copies it whole). */
  addGrouped(tool: Tool, source: string, search = true): void {
    this.grouped.set(tool.name, { tool, source, stamp: 0, position: 0 });
    this.#index(tool, search);
    addToGroup(this.#bySource, source, tool.name);
  }

  /**
   * Removes a grouped tool from every index. Outside a batch (`withinBatch` false) the group's
   * last batch no longer describes it and is forgotten.
   */
  removeGrouped(tool: Tool, withinBatch = false): void {
    const entry = this.grouped.get(tool.name);
    this.grouped.delete(tool.name);
    this.#unindex(tool);
    if (entry === undefined) return;
    removeFromGroup(this.#bySource, entry.source, tool.name);
    if (!withinBatch) this.#batches.delete(entry.source);
  }

  /** The group's last accepted batch, if every change of the group since came through batches. */
  batchOf(source: string): readonly Tool[] | undefined {
    return this.#batches.get(source);
  }

  /**
   * Remembers an accepted and applied batch of a group (copied: the caller may change its array),
   * recording where each tool sits; positions that hold the same object as in the last batch
   * are not visited.
   */
  rememberBatch(source: string, tools: readonly Tool[]): void {
    const previous = this.#batches.get(source);
    for (let position = 0; position < tools.length; position += 1) {
      const tool = tools[position] as Tool;
      if (previous !== undefined && tool === previous[position]) continue;
      const entry = this.grouped.get(tool.name);
      if (entry !== undefined) entry.position = position;
    }
    if (tools.length === 0) this.#batches.delete(source);
    else this.#batches.set(source, tools.slice());
  }

  /** Puts a new definition of a held grouped tool in place of the old one, re-indexing it. */
  updateGrouped(tool: Tool): void {
    const entry = this.grouped.get(tool.name);
    if (entry !== undefined) {
      this.#unindex(entry.tool);
      entry.tool = tool;
    }
    this.#index(tool);
  }

  /** Swaps in a new object of an unchanged grouped tool (a reconnected client): it must be the one executed. */
  swapGrouped(tool: Tool): void {
    const entry = this.grouped.get(tool.name);
    if (entry !== undefined) entry.tool = tool;
  }

  /** Every grouped tool with its group, in insertion order. */
  groupEntries(): Iterable<GroupEntry> {
    return this.grouped.values();
  }

  /** The group of a grouped tool, or `undefined` for a built-in or an unknown name. */
  sourceOf(name: string): string | undefined {
    return this.grouped.get(name)?.source;
  }

  /** Every tool name, built-ins first, in insertion order. */
  *names(): Iterable<string> {
    yield* this.builtins.keys();
    yield* this.grouped.keys();
  }

  /** Every tool, built-ins first, in insertion order. */
  *tools(): Iterable<Tool> {
    yield* this.builtins.values();
    for (const entry of this.grouped.values()) yield entry.tool;
  }

  /** Every tool, sorted by name. */
  sortedTools(): Tool[] {
    return [...this.tools()].sort(byToolName);
  }

  /** Every built-in, sorted by name. */
  sortedBuiltins(): Tool[] {
    return [...this.builtins.values()].sort(byToolName);
  }

  /** The names of one source group's tools. */
  groupNames(source: string): Iterable<string> {
    return this.#bySource.get(source) ?? [];
  }

  /** How many tools a source group holds. */
  groupSize(source: string): number {
    return this.#bySource.get(source)?.size ?? 0;
  }

  /**
   * Tool names in a category. Found by a walk over the tools, not kept in a map: an index by tag
   * or category would hold every tool's name several times (every MCP tool carries `mcp` and a
   * server tag), and these lookups are rare.
   */
  *categoryNames(category: string): Iterable<string> {
    for (const tool of this.tools()) if (tool.category === category) yield tool.name;
  }

  /** Tool names carrying a tag (a walk, as {@link categoryNames}). */
  *tagNames(tag: string): Iterable<string> {
    for (const tool of this.tools()) if (tool.tags.includes(tag)) yield tool.name;
  }

  /** Tools per source group, groups sorted by code unit. */
  sourceCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [source, names] of [...this.#bySource].sort(([left], [right]) =>
      compareCodeUnits(left, right),
    )) {
      counts[source] = names.size;
    }
    return counts;
  }

  /** The tools of those names that are held, sorted by name unless `sorted` is false. */
  toolsNamed(names: Iterable<string>, sorted = true): Tool[] {
    const tools: Tool[] = [];
    for (const name of sorted ? [...names].sort(compareCodeUnits) : names) {
      const tool = this.get(name);
      if (tool !== undefined) tools.push(tool);
    }
    return tools;
  }

  /** Takes a copy of `other`'s search postings: cheaper than tokenising every tool again. */
  copySearchIndexOf(other: CatalogIndexes): void {
    this.#search = other.search.clone();
  }

  #index(tool: Tool, search = true): void {
    if (search) this.#unsearched.set(tool.name, tool);
  }

  #unindex(tool: Tool): void {
    this.#unsearched.delete(tool.name);
    this.#search.remove(tool.name);
  }
}
