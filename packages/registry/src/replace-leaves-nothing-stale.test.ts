// A replace of a large source group changes only what it names, and leaves nothing of the old
// catalog behind: not in search (whose postings are built lazily, on the first search after a
// change), not in the deferred lists or the listing the model reads, not in cached declarations.
// The lazily built index must rank exactly as an index built eagerly from the same tools.
import type { Tool } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.js';
import { searchDocumentOf } from './search-document.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const VERBS = ['create', 'list', 'archive', 'export'];
const NOUNS = ['invoice', 'ticket', 'calendar', 'pipeline', 'volume'];

/** `count` tools of one server; `revision` rewrites every description (new fingerprints too). */
function catalog(server: string, count: number, revision = 1): Tool[] {
  return Array.from({ length: count }, (_, position) => {
    const verb = VERBS[position % VERBS.length] as string;
    const noun = NOUNS[position % NOUNS.length] as string;
    return mcpTool(server, `${verb}_${noun}_${position}`, {
      description: `${verb} a ${noun} in ${server}${revision > 1 ? ` (edition ${revision}, zephyr)` : ''}.`,
      fingerprint: `${server}/${position}@${revision}`,
    });
  });
}

/** The ranking of an index built eagerly, one `add` per tool, as the reference. */
function eagerRanking(tools: readonly Tool[], query: string, limit: number): string[] {
  const index = new Bm25Index();
  for (const tool of tools) index.add(tool.name, searchDocumentOf(tool));
  return index.search(query, limit).map((hit) => hit.id);
}

const QUERIES = [
  'create invoice',
  'calendar',
  'archive pipeline volume',
  'export ticket billing',
  'pipe',
  'zephyr',
];

describe('the search index built lazily, after replaces and removals', () => {
  it('ranks every query as an index built eagerly from the same tools does', () => {
    const registry = new ToolRegistry();
    const first = catalog('billing', 300);
    registry.replaceTools('mcp:billing', first);
    // Half the group goes, a third is redefined, the rest stays: removals leave dead slots behind.
    const second = catalog('billing', 300, 2)
      .slice(0, 150)
      .map((tool, position) => (position % 3 === 0 ? tool : (first[position] as Tool)));
    registry.replaceTools('mcp:billing', second);
    registry.replaceTools('mcp:ops', catalog('ops', 120));
    const current = registry.getAll().filter((tool) => tool.name !== 'ToolSearch');
    for (const query of QUERIES) {
      const lazy = registry.search(query, { maxResults: 20 }).matches.map((tool) => tool.name);
      expect(lazy, query).toEqual(eagerRanking(current, query, 20));
      expect(
        registry
          .clone()
          .search(query, { maxResults: 20 })
          .matches.map((tool) => tool.name),
      ).toEqual(lazy);
    }
  });

  it('keeps a clone and its original apart after either changes (postings are not shared)', () => {
    const registry = new ToolRegistry();
    const tools = catalog('billing', 40);
    registry.replaceTools('mcp:billing', tools);
    registry.search('invoice');
    const copy = registry.clone();
    // unregister() and built-ins are not followed by a clone: each index changes alone.
    const invoices = registry.search('invoice', { maxResults: 20 }).matches.map((tool) => tool.name);
    for (const name of invoices) registry.unregister(name);
    expect(registry.search('invoice').matches).toEqual([]);
    expect(copy.search('invoice', { maxResults: 20 }).matches.map((tool) => tool.name)).toEqual(invoices);
    copy.register(builtinTool('Zephyr', { description: 'Zephyr winds.' }));
    expect(copy.search('zephyr').matches.map((tool) => tool.name)).toEqual(['Zephyr']);
    expect(registry.search('zephyr').matches).toEqual([]);
  });

  it('holds no term of a removed tool: after the last tool goes, the vocabulary is empty', () => {
    const index = new Bm25Index();
    const tools = catalog('billing', 200);
    for (let round = 0; round < 3; round += 1) {
      for (const tool of tools) index.add(tool.name, searchDocumentOf(tool));
      expect(index.size).toBe(200);
      for (const tool of tools) index.remove(tool.name);
      expect(index.size).toBe(0);
      expect(index.vocabularySize).toBe(0);
      expect(index.search('invoice', 5)).toEqual([]);
    }
  });
});

describe('a replace leaves nothing stale', () => {
  it('in search, the deferred lists, the listing and the cached declarations', () => {
    const registry = new ToolRegistry();
    const before = catalog('billing', 60);
    registry.replaceTools('mcp:billing', before);
    const removed = before.slice(40).map((tool) => tool.name);
    const redefined = (before[0] as Tool).name;
    const kept = (before[1] as Tool).name;
    registry.markLoaded([redefined, kept, removed[0] as string]);
    // Warm every cache a replace must not leave stale.
    expect(registry.search('invoice', { maxResults: 20 }).matches.length).toBeGreaterThan(0);
    const declaredBefore = registry.getFunctionDeclarationsByMode('default', 'anthropic');
    expect(declaredBefore.declarations.map((declaration) => declaration.name)).toContain(removed[0]);

    const after = [catalog('billing', 60, 2)[0] as Tool, ...before.slice(1, 40)];
    const change = registry.replaceTools('mcp:billing', after);
    expect(change.removed).toEqual([...removed].sort());
    expect(change.updated).toEqual([redefined]);

    const current = new Set(after.map((tool) => tool.name));
    for (const query of [...QUERIES, ...removed]) {
      for (const tool of registry.search(query, { maxResults: 20 }).matches) {
        expect(current.has(tool.name), `${query} found ${tool.name}`).toBe(true);
      }
    }
    // The redefined tool is found by its new words only.
    expect(registry.search('zephyr').matches.map((tool) => tool.name)).toEqual([redefined]);
    expect(registry.search(`select:${removed.join(',')}`).missing).toEqual(removed);

    expect(registry.deferred.getDeferredNames().sort()).toEqual([...current].sort());
    // A redefined tool loses its loaded state (the model must meet the new definition); a kept one keeps it.
    expect(registry.deferred.getLoadedNames()).toEqual([kept]);
    const listing = registry.getDeferredToolsListing();
    for (const name of removed) expect(listing).not.toContain(name);

    const declared = registry.getFunctionDeclarationsByMode('default', 'anthropic').declarations;
    expect(declared.map((declaration) => declaration.name)).toEqual(['ToolSearch', kept]);
    expect(registry.stats()).toMatchObject({ total: 41, deferred: 40, loaded: 1 });
  });
});
