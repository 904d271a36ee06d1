import { describe, expect, it } from 'vitest';
import { DeferredToolManager } from './deferred-tool-manager.js';
import { RegistryError } from './registry-error.js';

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
    // A name that is not deferred (Read) is already visible: nothing to load, and no error.
    expect(manager.markLoaded(['mcp__s__b', 'Read'])).toEqual(['mcp__s__b']);
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

  it('takes one name as a string, not as a list of its characters', () => {
    const manager = new DeferredToolManager();
    manager.register(mcp('mcp__s__a'));
    manager.register(mcp('a'));
    expect(manager.markLoaded('mcp__s__a')).toEqual(['mcp__s__a']);
    expect(manager.getLoadedNames()).toEqual(['mcp__s__a']);
    expect(manager.unload('mcp__s__a')).toEqual(['mcp__s__a']);
    expect(manager.getLoadedNames()).toEqual([]);
    // Any iterable of names still works.
    expect(manager.markLoaded(new Set(['mcp__s__a', 'a']).values())).toEqual(['a', 'mcp__s__a']);
  });

  it('refuses unknown names, naming each with the closest known name, and loads nothing', () => {
    const manager = new DeferredToolManager();
    for (const name of ['mcp__github__create_issue', 'mcp__github__list_issues']) manager.register(mcp(name));
    let thrown: unknown;
    try {
      manager.markLoaded(['mcp__github__list_issues', 'mcp__github__create_isue', 'nothing_like_it']);
    } catch (error) {
      thrown = error;
    }
    expect(RegistryError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      code: 'unknown_tool',
      toolName: 'mcp__github__create_isue',
      message:
        'markLoaded: no tool named "mcp__github__create_isue" (did you mean "mcp__github__create_issue"?), ' +
        '"nothing_like_it"; nothing was loaded. Only registered tools have a loaded state: check has(name) first ' +
        'to skip tools that left the catalog.',
    });
    // Atomic: the known name in the same call was not loaded either.
    expect(manager.getLoadedNames()).toEqual([]);
    expect(() => manager.unload('mcp__github__lst_issues')).toThrow(
      expect.objectContaining({
        code: 'unknown_tool',
        message: expect.stringMatching(
          /^unload: no tool named "mcp__github__lst_issues" \(did you mean "mcp__github__list_issues"\?\)/,
        ),
      }),
    );
  });

  it('refuses a value that is neither a name nor a list of names', () => {
    const manager = new DeferredToolManager();
    manager.register(mcp('a'));
    expect(() => manager.markLoaded(42 as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: 'markLoaded expects a tool name or a list of tool names; got integer 42.',
      }),
    );
    expect(() => manager.markLoaded(['a', { name: 'a' }] as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: 'markLoaded expects a tool name or a list of tool names; item 1 is object {name}.',
      }),
    );
    expect(manager.getLoadedNames()).toEqual([]);
  });
});
