import { ToolKind } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogChange } from './catalog-change.js';
import { RegisterAllError, RegistryError } from './registry-error.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

describe('ToolRegistry registration', () => {
  it('holds ToolSearch as a built-in from the start, unless told not to', () => {
    const registry = new ToolRegistry();
    expect(registry.getAll().map((tool) => tool.name)).toEqual(['ToolSearch']);
    expect(registry.get('ToolSearch')).toBe(registry.getToolSearchTool());
    const bare = new ToolRegistry({ toolSearch: false });
    expect(bare.getAll()).toEqual([]);
    expect(() => bare.getToolSearchTool()).toThrow(expect.objectContaining({ code: 'invalid_option' }));
    expect(new ToolRegistry({ toolSearch: { name: 'FindTools' } }).has('FindTools')).toBe(true);
  });

  it('rejects a duplicate built-in, a non-tool and a tool whose source is not builtin, naming each', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read'));
    expect(() => registry.register(builtinTool('Read'))).toThrow(
      expect.objectContaining({ code: 'duplicate_tool', toolName: 'Read' }),
    );
    expect(() => registry.register({ name: 'Fake' } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_tool', message: expect.stringContaining('"Fake"') }),
    );
    expect(() => registry.register(mcpTool('fs', 'read'))).toThrow(
      expect.objectContaining({
        code: 'not_builtin_tool',
        message: expect.stringContaining('replaceTools(source, tools)'),
      }),
    );
    // A value that is not a tool is previewed safely: no raw control characters in the message.
    expect(() => registry.register('evil\u001b[2J' as never)).toThrow(
      expect.objectContaining({
        code: 'invalid_tool',
        message:
          'register expects a Tool made by createTool (@toolwright/contracts), received string "evil\\u001b[2J".',
      }),
    );
    expect(registry.getAll().map((tool) => tool.name)).toEqual(['Read']);
  });

  it('answers queries by name, category, tag and source group, sorted by name', () => {
    const registry = new ToolRegistry();
    registry.registerAll([
      builtinTool('Write', { category: 'files', tags: ['edit'] }),
      builtinTool('Read', { category: 'files', tags: ['inspect'] }),
      builtinTool('Bash', { category: 'shell', tags: ['edit'] }),
    ]);
    registry.replaceTools('mcp:b', [mcpTool('b', 'two')]);
    registry.replaceTools('mcp:a', [mcpTool('a', 'one', { tags: ['edit'] })]);
    expect(registry.getByCategory('files').map((tool) => tool.name)).toEqual(['Read', 'Write']);
    expect(registry.getByTag('edit').map((tool) => tool.name)).toEqual(['Bash', 'Write', 'mcp__a__one']);
    expect(registry.getBySource('mcp:b').map((tool) => tool.name)).toEqual(['mcp__b__two']);
    expect(registry.getBySource('mcp:c')).toEqual([]);
    expect(registry.getByCategory('missing')).toEqual([]);
    expect(registry.has('mcp__a__one')).toBe(true);
    expect(registry.stats()).toEqual({
      total: 6,
      builtin: 4,
      deferred: 2,
      loaded: 0,
      bySource: { 'mcp:a': 1, 'mcp:b': 1 },
      // ToolSearch, three built-ins, two replaces: one revision each.
      revision: 6,
    });
  });

  it('unregisters built-ins and grouped tools, announcing the removal from the group', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read', { category: 'files' }));
    registry.replaceTools('mcp:fs', [mcpTool('fs', 'list')]);
    registry.drainCatalogChanges();
    const unregistered: string[] = [];
    registry.on('unregistered', (event) => unregistered.push(`${event.source}:${event.name}`));

    expect(registry.unregister('Read')).toBe(true);
    expect(registry.unregister('mcp__fs__list')).toBe(true);
    expect(registry.unregister('Read')).toBe(false);
    expect(unregistered).toEqual(['builtin:Read', 'mcp:fs:mcp__fs__list']);
    expect(registry.getByCategory('files')).toEqual([]);
    expect(registry.search('list').matches).toEqual([]);
    expect(registry.drainCatalogChanges().items).toMatchObject([
      { source: 'mcp:fs', removed: ['mcp__fs__list'], reason: 'unregistered' },
    ]);
  });

  it('emits typed events after each change, and a throwing listener neither stops others nor corrupts state', () => {
    const errors: unknown[] = [];
    const registry = new ToolRegistry({ onListenerError: (error) => errors.push(error) });
    const seen: string[] = [];
    registry.on('registered', () => {
      throw new Error('listener bug');
    });
    const off = registry.on('registered', (event) => seen.push(`${event.name}@${event.revision}`));
    registry.register(builtinTool('Read'));
    off();
    registry.register(builtinTool('Write'));
    // Revision 1 is ToolSearch's registration, 2 is Read's.
    expect(seen).toEqual(['Read@2']);
    expect(errors.map((error) => (error as Error).message)).toEqual(['listener bug', 'listener bug']);
    expect(registry.has('Write')).toBe(true);
    const loaded: unknown[] = [];
    registry.on('loaded', (event) => loaded.push(event));
    registry.replaceTools('remote', [mcpTool('fs', 'read'), mcpTool('fs', 'list')]);
    expect(registry.markLoaded(['mcp__fs__read', 'mcp__fs__read', 'Write'])).toEqual(['mcp__fs__read']);
    expect(registry.markLoaded(['mcp__fs__read'])).toEqual([]);
    expect(loaded).toEqual([{ names: ['mcp__fs__read'], revision: registry.revision }]);
    // One name as a string is that name; an unknown name is refused and loads nothing.
    expect(registry.markLoaded('mcp__fs__list')).toEqual(['mcp__fs__list']);
    const revision = registry.revision;
    expect(() => registry.markLoaded(['mcp__fs__read', 'missing'])).toThrow(
      expect.objectContaining({ code: 'unknown_tool', toolName: 'missing' }),
    );
    expect(registry.revision).toBe(revision);
    expect(loaded).toEqual([
      { names: ['mcp__fs__read'], revision: revision - 1 },
      { names: ['mcp__fs__list'], revision },
    ]);
  });
});

describe('ToolRegistry without ToolSearch', () => {
  const declared = (registry: ToolRegistry, target: 'openai-chat' | 'json-schema') =>
    registry
      .getFunctionDeclarationsByMode('default', target)
      .declarations.map((declaration) => declaration.name);

  it('defers nothing: MCP tools are declared directly, under the provider limit, and none is listed', () => {
    const registry = new ToolRegistry({ toolSearch: false, toolLimits: { 'openai-chat': 2 } });
    registry.register(builtinTool('Read'));
    registry.replaceTools('remote', [mcpTool('fs', 'read'), mcpTool('fs', 'list')]);

    // Nothing could ever load a deferred tool: no ToolSearch for the model to call.
    expect(registry.getDeferredToolsListing()).toBe('');
    expect(registry.deferred.getDeferredNames()).toEqual([]);
    expect(registry.stats()).toMatchObject({ deferred: 0, loaded: 0 });
    expect(declared(registry, 'json-schema')).toEqual(['Read', 'mcp__fs__list', 'mcp__fs__read']);
    // The provider limit still applies, built-ins first.
    expect(declared(registry, 'openai-chat')).toEqual(['Read', 'mcp__fs__list']);
    expect(registry.getFunctionDeclarationsByMode('default', 'openai-chat').omitted).toEqual([
      { name: 'mcp__fs__read', source: 'mcp', reason: 'provider_limit' },
    ]);
    // A tool that changes definition stays declared (there is no loaded state to lose).
    registry.replaceTools('remote', [mcpTool('fs', 'read', { fingerprint: 'v2' }), mcpTool('fs', 'list')]);
    expect(declared(registry, 'json-schema')).toEqual(['Read', 'mcp__fs__list', 'mcp__fs__read']);
    // Its clone behaves the same.
    expect(declared(registry.clone(), 'json-schema')).toEqual(['Read', 'mcp__fs__list', 'mcp__fs__read']);
  });

  it('a registry with ToolSearch, and its clone, still defer MCP tools', () => {
    const registry = new ToolRegistry({ toolSearch: { name: 'FindTools' } });
    registry.replaceTools('remote', [mcpTool('fs', 'read')]);
    expect(declared(registry, 'json-schema')).toEqual(['FindTools']);
    expect(declared(registry.clone(), 'json-schema')).toEqual(['FindTools']);
    expect(registry.clone().getDeferredToolsListing()).toBe(
      '<available-deferred-tools>\nmcp__fs__read\n</available-deferred-tools>',
    );
  });
});

describe('ToolRegistry.replaceTools', () => {
  it('a replace of one group leaves other groups alone and refuses their names', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('a', [mcpTool('a', 'x')]);
    registry.replaceTools('b', [mcpTool('b', 'y')]);
    expect(registry.getAll().map((tool) => tool.name)).toEqual(['mcp__a__x', 'mcp__b__y']);
    // A tool of group "b" that (after renaming) took group "a"'s tool name.
    const impostor = mcpTool('b', 'x', { name: 'mcp__a__x' });
    const revision = registry.revision;
    expect(() => registry.replaceTools('b', [impostor])).toThrow(
      expect.objectContaining({
        code: 'source_name_conflict',
        toolName: 'mcp__a__x',
        message: expect.stringContaining('belongs to a tool of source "a"'),
      }),
    );
    expect(registry.get('mcp__a__x')?.source).toMatchObject({ server: 'a' });
    expect(registry.revision).toBe(revision);
    const change = registry.removeTools('a');
    expect(change).toMatchObject({ source: 'a', removed: ['mcp__a__x'], reason: 'source removed' });
    expect(registry.getAll().map((tool) => tool.name)).toEqual(['mcp__b__y']);
    expect(registry.stats().bySource).toEqual({ b: 1 });
  });

  it('an unchanged replace is an empty change: no revision bump, no event, but the new objects are used', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('remote', [mcpTool('fs', 'read')]);
    registry.drainCatalogChanges();
    const revision = registry.revision;
    const reconnected = mcpTool('fs', 'read');
    const change = registry.replaceTools('remote', [reconnected], { reason: 'reconnect' });
    expect(change).toEqual({
      source: 'remote',
      added: [],
      removed: [],
      updated: [],
      reason: 'reconnect',
      revision,
    });
    expect(registry.revision).toBe(revision);
    expect(registry.get('mcp__fs__read')).toBe(reconnected);
    expect(registry.drainCatalogChanges().items).toEqual([]);
  });

  it('sends registered and unregistered events for grouped tools, which are deferred when they say so', () => {
    const registry = new ToolRegistry({ alwaysLoaded: ['mcp__fs__pinned'] });
    const events: string[] = [];
    registry.on('registered', (event) => events.push(`+${event.name}`));
    registry.on('unregistered', (event) => events.push(`-${event.name}`));
    registry.replaceTools('remote', [mcpTool('fs', 'read'), mcpTool('fs', 'pinned')]);
    registry.replaceTools('remote', [
      mcpTool('fs', 'pinned'),
      mcpTool('fs', 'eager', { shouldDefer: false }),
    ]);
    expect(events).toEqual(['+mcp__fs__pinned', '+mcp__fs__read', '+mcp__fs__eager', '-mcp__fs__read']);
    expect(registry.deferred.getDeferredNames()).toEqual([]);
    expect(registry.getDeferredToolsListing()).toBe('');
    registry.replaceTools('remote', [
      mcpTool('fs', 'read'),
      mcpTool('fs', 'pinned', { kind: ToolKind.ReadOnly }),
    ]);
    expect(registry.getDeferredToolsListing()).toBe(
      '<available-deferred-tools>\nmcp__fs__read\n</available-deferred-tools>',
    );
  });

  it('rejects an invalid option with a message naming what is accepted', () => {
    expect(() => new ToolRegistry({ toolLimits: { gemini: 0 } })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: 'ToolRegistry: toolLimits.gemini must be a positive integer or Infinity; got integer 0.',
      }),
    );
    expect(() => new ToolRegistry({ toolLimits: { cohere: 5 } as never })).toThrow(
      expect.objectContaining({
        code: 'invalid_option',
        message: expect.stringMatching(
          /^ToolRegistry: unknown option "toolLimits.cohere"; accepted: toolLimits.json-schema, /,
        ),
      }),
    );
  });

  it('emits each event after the change is complete: a listener sees the new state', () => {
    const registry = new ToolRegistry();
    const seen: string[] = [];
    registry.on('registered', (event) =>
      seen.push(
        `registered ${event.name}: has=${registry.has(event.name)} revision=${registry.revision === event.revision}`,
      ),
    );
    registry.on('catalog-change', (change) =>
      seen.push(
        `catalog-change: ${registry
          .getBySource('remote')
          .map((tool) => tool.name)
          .join(',')} revision=${registry.revision === change.revision}`,
      ),
    );
    registry.on('loaded', (event) =>
      seen.push(
        `loaded ${event.names.join(',')}: declared=${registry
          .getFunctionDeclarationsByMode('default', 'json-schema')
          .declarations.some((declaration) => declaration.name === event.names[0])}`,
      ),
    );
    registry.register(builtinTool('Read'));
    registry.replaceTools('remote', [mcpTool('fs', 'list')]);
    registry.markLoaded('mcp__fs__list');
    expect(seen).toEqual([
      'registered Read: has=true revision=true',
      'registered mcp__fs__list: has=true revision=true',
      'catalog-change: mcp__fs__list revision=true',
      'loaded mcp__fs__list: declared=true',
    ]);
  });
});

function catalogNames(registry: ToolRegistry): string[] {
  return registry.getAll().map((tool) => tool.name);
}

describe('registration gotchas', () => {
  it('gotcha: registerAll registers one by one, then throws one aggregated error, and does not roll back', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read'));
    const batch = [builtinTool('Glob'), builtinTool('Read'), builtinTool('Grep'), builtinTool('Glob')];

    let thrown: unknown;
    try {
      registry.registerAll(batch);
    } catch (error) {
      thrown = error;
    }

    expect(RegisterAllError.isInstance(thrown)).toBe(true);
    const error = thrown as RegisterAllError;
    expect(error.code).toBe('register_all_failed');
    expect(error.failures.map((failure) => [failure.name, failure.error.code])).toEqual([
      ['Read', 'duplicate_tool'],
      ['Glob', 'duplicate_tool'],
    ]);
    expect(error.message).toContain('- Read: A built-in tool named "Read" is already registered');
    // No rollback: the tools that succeeded before and after the failures stay registered.
    expect(error.registered).toEqual(['Glob', 'Grep']);
    expect(catalogNames(registry)).toEqual(['Glob', 'Grep', 'Read']);
  });

  it('gotcha: registerAll with { atomic: true } checks the whole batch and registers nothing on a failure', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('Read'));
    const revision = registry.revision;
    const events: string[] = [];
    registry.on('registered', (event) => events.push(event.name));

    expect(() =>
      registry.registerAll(
        [builtinTool('Glob'), mcpTool('fs', 'read'), builtinTool('Read'), builtinTool('Glob')],
        {
          atomic: true,
        },
      ),
    ).toThrow(
      /3 of 4 tools failed to register \(nothing was registered \(atomic batch\)\):\n- mcp__fs__read: .*source "mcp".*\n- Read: .*already registered.*\n- Glob: .*more than once/,
    );
    expect(catalogNames(registry)).toEqual(['Read']);
    expect(registry.revision).toBe(revision);
    expect(events).toEqual([]);

    registry.registerAll([builtinTool('Glob'), builtinTool('Grep')], { atomic: true });
    expect(catalogNames(registry)).toEqual(['Glob', 'Grep', 'Read']);
  });

  it('gotcha: built-in names take precedence over grouped names: replaceTools fails on a built-in conflict, changing nothing', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.register(builtinTool('mcp__github__search'));
    registry.replaceTools('remote', [mcpTool('github', 'create_issue')]);
    const before = { names: catalogNames(registry), revision: registry.revision };
    registry.drainCatalogChanges();

    let thrown: unknown;
    try {
      registry.replaceTools('remote', [mcpTool('github', 'list_issues'), mcpTool('github', 'search')]);
    } catch (error) {
      thrown = error;
    }
    expect(RegistryError.isInstance(thrown) && thrown.code).toBe('builtin_name_conflict');
    expect((thrown as Error).message).toContain('"mcp__github__search"');
    expect(catalogNames(registry)).toEqual(before.names);
    expect(registry.get('mcp__github__search')?.source.type).toBe('builtin');
    expect(registry.revision).toBe(before.revision);
    expect(registry.drainCatalogChanges().items).toEqual([]);
  });

  it('gotcha: replaceTools fails on a duplicate within the batch, changing nothing', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('remote', [mcpTool('fs', 'read')]);
    const before = catalogNames(registry);
    expect(() =>
      registry.replaceTools('remote', [
        mcpTool('fs', 'write'),
        mcpTool('fs', 'list'),
        mcpTool('fs', 'write'),
      ]),
    ).toThrow(expect.objectContaining({ code: 'duplicate_in_batch', toolName: 'mcp__fs__write' }));
    expect(catalogNames(registry)).toEqual(before);
    // The same already-registered object twice is a duplicate too (it takes the short path).
    const known = registry.get('mcp__fs__read');
    expect(() => registry.replaceTools('remote', known === undefined ? [] : [known, known])).toThrow(
      expect.objectContaining({ code: 'duplicate_in_batch', toolName: 'mcp__fs__read' }),
    );
    expect(registry.replaceTools('remote', known === undefined ? [] : [known])).toMatchObject({
      removed: [],
    });
  });

  it('gotcha: replaceTools replaces a tool of the same name from the previous catalog of its group', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    const first = mcpTool('fs', 'read', { fingerprint: 'v1', description: 'Read a file.' });
    registry.replaceTools('remote', [first, mcpTool('fs', 'list')]);
    const second = mcpTool('fs', 'read', { fingerprint: 'v2', description: 'Read a file or a directory.' });

    const change = registry.replaceTools('remote', [second, mcpTool('fs', 'list')]);

    expect(change).toMatchObject({ added: [], removed: [], updated: ['mcp__fs__read'] });
    expect(registry.get('mcp__fs__read')).toBe(second);
    expect(registry.search('directory').matches.map((tool) => tool.name)).toEqual(['mcp__fs__read']);
  });

  it('gotcha: registering a built-in under a name a grouped tool holds removes that tool and announces it', () => {
    const registry = new ToolRegistry({ toolSearch: false });
    registry.replaceTools('fs', [mcpTool('fs', 'read'), mcpTool('fs', 'list')]);
    registry.drainCatalogChanges();
    const shadowed: unknown[] = [];
    const changes: CatalogChange[] = [];
    const unregistered: unknown[] = [];
    registry.on('tool-shadowed', (event) => shadowed.push(event));
    registry.on('unregistered', (event) => unregistered.push(event));
    registry.on('catalog-change', (change) => changes.push(change));

    const builtin = builtinTool('mcp__fs__read');
    registry.register(builtin);

    expect(registry.get('mcp__fs__read')).toBe(builtin);
    expect(registry.getBySource('fs').map((tool) => tool.name)).toEqual(['mcp__fs__list']);
    expect(shadowed).toEqual([{ name: 'mcp__fs__read', source: 'fs', revision: registry.revision }]);
    expect(unregistered).toEqual([
      {
        name: 'mcp__fs__read',
        source: 'fs',
        reason: 'shadowed by a built-in of the same name',
        revision: registry.revision,
      },
    ]);
    expect(changes).toEqual([
      {
        source: 'fs',
        added: [],
        removed: ['mcp__fs__read'],
        updated: [],
        reason: 'shadowed by built-in mcp__fs__read',
        revision: registry.revision,
      },
    ]);
    expect(registry.drainCatalogChanges().items).toEqual(changes);
  });
});

describe('rug pulls', () => {
  it('a tool whose fingerprint changed is reported as updated and loses its loaded state; unchanged tools keep theirs', () => {
    const registry = new ToolRegistry();
    registry.replaceTools('s', [
      mcpTool('s', 'stable'),
      mcpTool('s', 'pulled', { fingerprint: 'v1' }),
      mcpTool('s', 'gone'),
    ]);
    registry.markLoaded(['mcp__s__stable', 'mcp__s__pulled', 'mcp__s__gone']);

    const change = registry.replaceTools(
      's',
      [
        // A new object for the same definition (as after a reconnect) still counts as unchanged.
        mcpTool('s', 'stable'),
        mcpTool('s', 'pulled', { fingerprint: 'v2', description: 'Now also uploads your files.' }),
        mcpTool('s', 'fresh'),
      ],
      { reason: 'list_changed' },
    );

    expect(change).toEqual({
      source: 's',
      added: ['mcp__s__fresh'],
      removed: ['mcp__s__gone'],
      updated: ['mcp__s__pulled'],
      reason: 'list_changed',
      revision: registry.revision,
    });
    expect(registry.deferred.getLoadedNames()).toEqual(['mcp__s__stable']);
    const declared = registry.getFunctionDeclarationsByMode('default', 'openai-chat').declarations;
    expect(declared.map((declaration) => declaration.name)).toEqual(['ToolSearch', 'mcp__s__stable']);
    expect(registry.drainCatalogChanges().items.at(-1)).toEqual(change);
  });
});
