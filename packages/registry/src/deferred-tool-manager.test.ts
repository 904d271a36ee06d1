import { describe, expect, it } from 'vitest';
import { DeferredToolManager } from './deferred-tool-manager.js';

const mcp = (name: string) => ({ name, shouldDefer: true });
const builtin = (name: string) => ({ name, shouldDefer: false });

describe('DeferredToolManager', () => {
  it("lists nothing as '' and deferred names in the exact fragment, sorted by code unit", () => {
    const manager = new DeferredToolManager();
    expect(manager.getDeferredToolsListing()).toBe('');
    manager.register(builtin('Read'));
    expect(manager.getDeferredToolsListing()).toBe('');
    // Code-unit order puts upper case before lower case and 'Z' before 'a'; localeCompare would not.
    for (const name of ['b_tool', 'Zeta', 'a_tool', 'Alpha', 'é_tool']) manager.register(mcp(name));
    expect(manager.getDeferredToolsListing()).toBe(
      '<available-deferred-tools>\nAlpha\nZeta\na_tool\nb_tool\né_tool\n</available-deferred-tools>',
    );
  });

  it('shows a deferred schema only once loaded, and a built-in always', () => {
    const manager = new DeferredToolManager();
    manager.register(builtin('Read'));
    manager.register(mcp('mcp__s__a'));
    manager.register(mcp('mcp__s__b'));
    const declarations = [
      { name: 'Read' },
      { name: 'mcp__s__a' },
      { name: 'mcp__s__b' },
      { name: 'unknown' },
    ];
    expect(manager.filterDeclarations(declarations).map((d) => d.name)).toEqual(['Read']);
    expect(manager.markLoaded(['mcp__s__b', 'Read', 'unknown'])).toEqual(['mcp__s__b']);
    expect(manager.filterDeclarations(declarations).map((d) => d.name)).toEqual(['Read', 'mcp__s__b']);
    expect(manager.isLoaded('mcp__s__b')).toBe(true);
    expect(manager.getVisibleNames().sort()).toEqual(['Read', 'mcp__s__b']);
    // Loading does not change the listing: the prompt prefix stays cacheable.
    expect(manager.getDeferredToolsListing()).toContain('mcp__s__b');
  });

  it('never defers an always-loaded name', () => {
    const manager = new DeferredToolManager({ alwaysLoaded: ['mcp__s__pinned'] });
    manager.register(mcp('mcp__s__pinned'));
    expect(manager.isDeferred('mcp__s__pinned')).toBe(false);
    expect(manager.isLoaded('mcp__s__pinned')).toBe(true);
  });

  it('keeps the loaded state of tools a catalog change leaves alone and drops it for updated ones', () => {
    const manager = new DeferredToolManager();
    for (const name of ['kept', 'changed', 'gone']) manager.register(mcp(name));
    manager.markLoaded(['kept', 'changed', 'gone']);
    manager.syncDynamicTools({ added: [mcp('new')], removed: ['gone'], updated: [mcp('changed')] });
    expect(manager.getLoadedNames()).toEqual(['kept']);
    expect(manager.isLoaded('new')).toBe(false);
    expect(manager.has('gone')).toBe(false);
    expect(manager.getDeferredNames()).toEqual(['changed', 'kept', 'new']);
  });

  it('reports a change only when visibility changed', () => {
    let changes = 0;
    const manager = new DeferredToolManager({ onChange: () => (changes += 1) });
    manager.register(mcp('a'));
    manager.register(mcp('a'));
    manager.markLoaded(['a']);
    manager.markLoaded(['a']);
    expect(manager.unregister('missing')).toBe(false);
    expect(changes).toBe(2);
    expect(manager.version).toBe(2);
  });
});
