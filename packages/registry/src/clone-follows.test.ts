import { describe, expect, it } from 'vitest';
import { builtinTool, executionContext, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const v1 = () => [mcpTool('docs', 'search'), mcpTool('docs', 'fetch'), mcpTool('docs', 'index')];

function sourceWithClone() {
  const source = new ToolRegistry();
  source.replaceTools('docs', v1(), { reason: 'connected' });
  const clone = source.clone();
  return { source, clone };
}

describe('a clone follows the source groups of the registry it came from, with its own loaded state', () => {
  it('sees tools added after it was taken, announced in its own queue and event', async () => {
    const { source, clone } = sourceWithClone();
    const heard: string[][] = [];
    clone.on('catalog-change', (change) => heard.push(change.added));
    source.replaceTools('docs', [...v1(), mcpTool('docs', 'summarise')], { reason: 'list_changed' });
    expect(clone.has('mcp__docs__summarise')).toBe(true);
    expect(heard).toEqual([['mcp__docs__summarise']]);
    const queued = clone.drainCatalogChanges().items;
    expect(queued).toEqual([
      expect.objectContaining({ source: 'docs', added: ['mcp__docs__summarise'], reason: 'list_changed' }),
    ]);
    // The new tool is deferred in the clone until the clone's ToolSearch loads it.
    expect(clone.deferred.isLoaded('mcp__docs__summarise')).toBe(false);
  });

  it('keeps what the clone loaded when it survives, not what the source loaded', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__search']);
    source.markLoaded(['mcp__docs__fetch']);
    source.replaceTools('docs', [...v1(), mcpTool('docs', 'summarise')], { reason: 'list_changed' });
    expect(clone.deferred.getLoadedNames()).toEqual(['mcp__docs__search']);
    expect(source.deferred.getLoadedNames()).toEqual(['mcp__docs__fetch']);
  });

  it('drops a loaded tool that disappears (announced as removed); it comes back deferred', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__fetch']);
    source.replaceTools('docs', [mcpTool('docs', 'search'), mcpTool('docs', 'index')], {
      reason: 'list_changed',
    });
    expect(clone.has('mcp__docs__fetch')).toBe(false);
    expect(clone.deferred.getLoadedNames()).toEqual([]);
    expect(clone.drainCatalogChanges().items[0]).toMatchObject({ removed: ['mcp__docs__fetch'] });
    source.replaceTools('docs', v1(), { reason: 'list_changed' });
    expect(clone.has('mcp__docs__fetch')).toBe(true);
    expect(clone.deferred.isLoaded('mcp__docs__fetch')).toBe(false);
  });

  it('an updated definition loses its loaded state in the clone too', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__search']);
    source.replaceTools(
      'docs',
      [
        mcpTool('docs', 'search', { fingerprint: 'docs/search@2' }),
        mcpTool('docs', 'fetch'),
        mcpTool('docs', 'index'),
      ],
      { reason: 'list_changed' },
    );
    expect(clone.get('mcp__docs__search')?.source).toMatchObject({ fingerprint: 'docs/search@2' });
    expect(clone.deferred.isLoaded('mcp__docs__search')).toBe(false);
    expect(clone.drainCatalogChanges().items[0]).toMatchObject({ updated: ['mcp__docs__search'] });
  });

  it('a group removed from the source is removed from its clones, and clones of clones follow', () => {
    const { source, clone } = sourceWithClone();
    const grandchild = clone.clone();
    source.removeTools('docs', 'server failed');
    expect(clone.getBySource('docs')).toEqual([]);
    expect(grandchild.getBySource('docs')).toEqual([]);
    expect(grandchild.drainCatalogChanges().items[0]).toMatchObject({ reason: 'server failed' });
  });

  it("a clone's own built-in keeps its name: the grouped tool of that name is left out for it", () => {
    const { source, clone } = sourceWithClone();
    clone.register(builtinTool('mcp__docs__summarise'));
    source.replaceTools('docs', [...v1(), mcpTool('docs', 'summarise')], { reason: 'list_changed' });
    expect(source.get('mcp__docs__summarise')?.source.type).toBe('mcp');
    expect(clone.get('mcp__docs__summarise')?.source.type).toBe('builtin');
    expect(clone.getBySource('docs')).toHaveLength(3);
  });

  it('a change made on a clone does not reach the source', () => {
    const { source, clone } = sourceWithClone();
    clone.replaceTools('docs', [], { reason: 'test' });
    expect(source.getBySource('docs')).toHaveLength(3);
  });
});

describe('clone gotchas', () => {
  it('gotcha: clone() shares Tool objects but has its own deferred loaded set, index and queues', () => {
    // A one-shot iterable for the always-loaded names: the clone must still see them.
    const original = new ToolRegistry({ alwaysLoaded: new Set(['mcp__github__pinned']).values() });
    original.register(builtinTool('Read'));
    original.replaceTools('remote', [
      mcpTool('github', 'create_issue'),
      mcpTool('github', 'list_issues'),
      mcpTool('github', 'pinned'),
    ]);
    original.markLoaded(['mcp__github__create_issue']);

    const clone = original.clone();

    expect(clone.get('Read')).toBe(original.get('Read'));
    expect(clone.get('mcp__github__create_issue')).toBe(original.get('mcp__github__create_issue'));
    // Not a copy of the loaded set or of pending changes: the clone starts from scratch.
    expect(clone.deferred.getLoadedNames()).toEqual([]);
    expect(clone.drainCatalogChanges()).toEqual({ items: [], dropped: 0 });
    // Options are shared: the always-loaded tool is not deferred in the clone either.
    expect(clone.deferred.isLoaded('mcp__github__pinned')).toBe(true);
    // Its own index: a catalog change in the clone is not searchable in the original.
    clone.replaceTools('jira', [mcpTool('jira', 'create_ticket')]);
    expect(clone.search('ticket').matches.map((tool) => tool.name)).toEqual(['mcp__jira__create_ticket']);
    expect(original.search('ticket').matches).toEqual([]);
    expect(original.has('mcp__jira__create_ticket')).toBe(false);
    expect(original.drainCatalogChanges().items.map((change) => change.source)).toEqual(['remote']);
    // Its own loaded set, both ways.
    clone.markLoaded(['mcp__github__list_issues']);
    expect(original.deferred.isLoaded('mcp__github__list_issues')).toBe(false);
    expect(clone.deferred.isLoaded('mcp__github__create_issue')).toBe(false);
  });

  it('gotcha: ToolSearch executed in a clone loads only in the clone', async () => {
    const original = new ToolRegistry();
    original.replaceTools('remote', [mcpTool('github', 'create_issue')]);
    const clone = original.clone();

    const invocation = clone.getToolSearchTool().build({ query: 'select:mcp__github__create_issue' });
    const result = await invocation.execute(executionContext());

    expect(result.error).toBeUndefined();
    expect(clone.deferred.isLoaded('mcp__github__create_issue')).toBe(true);
    expect(original.deferred.isLoaded('mcp__github__create_issue')).toBe(false);
    expect(clone.getToolSearchTool()).not.toBe(original.getToolSearchTool());
    expect(clone.get('ToolSearch')).toBe(clone.getToolSearchTool());
    const names = (set: { declarations: readonly { name: string }[] }) => set.declarations.map((d) => d.name);
    expect(names(clone.getFunctionDeclarationsByMode('default', 'anthropic'))).toContain(
      'mcp__github__create_issue',
    );
    expect(names(original.getFunctionDeclarationsByMode('default', 'anthropic'))).not.toContain(
      'mcp__github__create_issue',
    );
  });
});
