import { describe, expect, it } from 'vitest';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const v1 = () => [mcpTool('docs', 'search'), mcpTool('docs', 'fetch'), mcpTool('docs', 'index')];

function sourceWithClone() {
  const source = new ToolRegistry();
  source.replaceMcpTools(v1(), { server: 'docs', reason: 'connected' });
  const clone = source.clone();
  return { source, clone };
}

describe('a clone follows its source MCP catalog, with its own loaded state', () => {
  it('sees tools added after it was taken, announced in its own queue and event', async () => {
    const { source, clone } = sourceWithClone();
    const heard: string[][] = [];
    clone.on('catalog-change', (change) => heard.push(change.added));
    source.replaceMcpTools([...v1(), mcpTool('docs', 'summarise')], {
      server: 'docs',
      reason: 'list_changed',
    });
    expect(clone.has('mcp__docs__summarise')).toBe(true);
    expect(heard).toEqual([['mcp__docs__summarise']]);
    const queued = clone.drainMcpCatalogChanges().items;
    expect(queued).toEqual([
      expect.objectContaining({ server: 'docs', added: ['mcp__docs__summarise'], reason: 'list_changed' }),
    ]);
    // The new tool is deferred in the clone until the clone's ToolSearch loads it.
    expect(clone.deferred.isLoaded('mcp__docs__summarise')).toBe(false);
  });

  it('keeps what the clone loaded when it survives, not what the source loaded', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__search']);
    source.markLoaded(['mcp__docs__fetch']);
    source.replaceMcpTools([...v1(), mcpTool('docs', 'summarise')], {
      server: 'docs',
      reason: 'list_changed',
    });
    expect(clone.deferred.getLoadedNames()).toEqual(['mcp__docs__search']);
    expect(source.deferred.getLoadedNames()).toEqual(['mcp__docs__fetch']);
  });

  it('drops a loaded tool that disappears (announced as removed); it comes back deferred', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__fetch']);
    source.replaceMcpTools([mcpTool('docs', 'search'), mcpTool('docs', 'index')], {
      server: 'docs',
      reason: 'list_changed',
    });
    expect(clone.has('mcp__docs__fetch')).toBe(false);
    expect(clone.deferred.getLoadedNames()).toEqual([]);
    expect(clone.drainMcpCatalogChanges().items[0]).toMatchObject({ removed: ['mcp__docs__fetch'] });
    source.replaceMcpTools(v1(), { server: 'docs', reason: 'list_changed' });
    expect(clone.has('mcp__docs__fetch')).toBe(true);
    expect(clone.deferred.isLoaded('mcp__docs__fetch')).toBe(false);
  });

  it('an updated definition loses its loaded state in the clone too', () => {
    const { source, clone } = sourceWithClone();
    clone.markLoaded(['mcp__docs__search']);
    source.replaceMcpTools(
      [
        mcpTool('docs', 'search', { fingerprint: 'docs/search@2' }),
        mcpTool('docs', 'fetch'),
        mcpTool('docs', 'index'),
      ],
      { server: 'docs', reason: 'list_changed' },
    );
    expect(clone.get('mcp__docs__search')?.source).toMatchObject({ fingerprint: 'docs/search@2' });
    expect(clone.deferred.isLoaded('mcp__docs__search')).toBe(false);
    expect(clone.drainMcpCatalogChanges().items[0]).toMatchObject({ updated: ['mcp__docs__search'] });
  });

  it('a server removed from the source is removed from its clones, and clones of clones follow', () => {
    const { source, clone } = sourceWithClone();
    const grandchild = clone.clone();
    source.removeMcpTools('docs', 'server failed');
    expect(clone.getMcpTools('docs')).toEqual([]);
    expect(grandchild.getMcpTools('docs')).toEqual([]);
    expect(grandchild.drainMcpCatalogChanges().items[0]).toMatchObject({ reason: 'server failed' });
  });

  it("a clone's own built-in keeps its name: the MCP tool of that name is left out for it", () => {
    const { source, clone } = sourceWithClone();
    clone.register(builtinTool('mcp__docs__summarise'));
    source.replaceMcpTools([...v1(), mcpTool('docs', 'summarise')], {
      server: 'docs',
      reason: 'list_changed',
    });
    expect(source.get('mcp__docs__summarise')?.source.type).toBe('mcp');
    expect(clone.get('mcp__docs__summarise')?.source.type).toBe('builtin');
    expect(clone.getMcpTools('docs')).toHaveLength(3);
  });

  it('a change made on a clone does not reach the source', () => {
    const { source, clone } = sourceWithClone();
    clone.replaceMcpTools([], { server: 'docs', reason: 'test' });
    expect(source.getMcpTools('docs')).toHaveLength(3);
  });
});
